import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { queryLimits } from './limits';

const schema = buildSchema('type Node { id: ID, child: Node } type Query { node: Node }');

function errorsOf(query: string, maxDepth = 3, maxFields = 10): string[] {
  return validate(schema, parse(query), [...specifiedRules, queryLimits(maxDepth, maxFields)]).map(
    (e) => e.message,
  );
}

describe('queryLimits', () => {
  it('allows queries within depth and size', () => {
    expect(errorsOf('{ node { child { id } } }')).toEqual([]);
  });

  it('refuses a query nested too deep, through fragments too', () => {
    expect(errorsOf('{ node { child { child { id } } } }')).toEqual([
      'This query is nested 4 levels deep; at most 3 are allowed.',
    ]);
    expect(errorsOf('{ node { ...F } } fragment F on Node { child { child { id } } }')).toEqual([
      'This query is nested 4 levels deep; at most 3 are allowed.',
    ]);
  });

  it('refuses a query selecting too many fields', () => {
    const aliases = Array.from({ length: 6 }, (_, i) => `n${i}: node { id }`).join(' ');
    expect(errorsOf(`{ ${aliases} }`)).toEqual(['This query selects 12 fields; at most 10 are allowed.']);
  });
});
