import { argumentsProblem } from './tool-arguments';

const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
  required: ['city'],
  additionalProperties: false,
};

describe('argumentsProblem', () => {
  it('accepts arguments that fit the schema, whatever draft the server names', () => {
    expect(
      argumentsProblem({ id: 'c1', name: 'weather', arguments: { city: 'Oslo', days: 2 } }, schema),
    ).toBeNull();
  });

  it('says what the schema refuses', () => {
    const problem = argumentsProblem({ id: 'c1', name: 'weather', arguments: { days: 0, extra: 1 } }, schema);
    expect(problem).toMatch(/^the arguments do not fit the tool's input schema: /);
    expect(problem).toContain("must have required property 'city'");
    expect(problem).toContain('/days must be >= 1');
    expect(problem).toContain('must NOT have additional properties');
  });

  it('passes on why arguments that were not a JSON object were refused', () => {
    const call = {
      id: 'c1',
      name: 'weather',
      arguments: {},
      argumentsError: 'the arguments are not valid JSON',
    };
    expect(argumentsProblem(call, schema)).toBe('the arguments are not valid JSON');
  });

  it('leaves a schema it cannot read to the server', () => {
    const odd = { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } };
    expect(argumentsProblem({ id: 'c1', name: 't', arguments: { a: 1 } }, odd)).toBeNull();
  });
});
