import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { queryLimits, subscriptionCap } from './limits';

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

describe('subscriptionCap', () => {
  const table = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, null]));

  it('lets a connection hold up to the cap, counting the one being asked for', () => {
    expect(subscriptionCap(table(1), 3)).toBeUndefined();
    expect(subscriptionCap(table(3), 3)).toBeUndefined();
  });

  it('refuses one more, saying what to do, with a stable code', () => {
    const [error] = subscriptionCap(table(4), 3)!;
    expect(error!.message).toBe(
      'This connection already has 3 subscriptions; end one before starting another.',
    );
    expect(error!.extensions.code).toBe('RATE_LIMITED');
  });
});
