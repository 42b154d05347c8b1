import type { ToolSpec } from './ai-provider';
import { BlockInputError } from './errors';
import { checkedToolCall, checkToolSpecs, toolArgumentsFrom } from './tool-calls';

const tool = (name: string, parameters: ToolSpec['parameters'] = { type: 'object', properties: {} }) => ({
  name,
  description: `The ${name} tool`,
  parameters,
});

describe('checkToolSpecs', () => {
  it('accepts names of letters, digits, _ and - up to 64 characters', () => {
    expect(() =>
      checkToolSpecs([tool('search_web'), tool('get-weather2'), tool('x'.repeat(64))]),
    ).not.toThrow();
    expect(() => checkToolSpecs([])).not.toThrow();
  });

  it.each(['web search', '', 'x'.repeat(65), 'météo', 'a.b'])('refuses the name %j', (name) => {
    const error = (() => {
      try {
        checkToolSpecs([tool(name)]);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(BlockInputError);
    expect((error as Error).message).toBe(
      `The tool name ${JSON.stringify(name)} cannot be used: a tool name has 1 to 64 letters, digits, "_" or "-" (no spaces).`,
    );
  });

  it('refuses two tools of the same name', () => {
    expect(() => checkToolSpecs([tool('lookup'), tool('other'), tool('lookup')])).toThrow(
      new BlockInputError('Two tools are named "lookup": give each tool its own name.'),
    );
  });

  it('refuses parameters that are not an object schema', () => {
    expect(() => checkToolSpecs([tool('lookup', { type: 'string' })])).toThrow(
      'The parameters of the tool "lookup" must be a JSON Schema of an object',
    );
  });
});

describe('toolArgumentsFrom', () => {
  it('parses a JSON object; no text is no arguments', () => {
    expect(toolArgumentsFrom('{"city":"Oslo","days":2}')).toEqual({ arguments: { city: 'Oslo', days: 2 } });
    expect(toolArgumentsFrom('  ')).toEqual({ arguments: {} });
  });

  it('marks text that is not JSON, keeping what it was', () => {
    const parsed = toolArgumentsFrom('{"city": Oslo');
    expect(parsed.arguments).toEqual({});
    expect(parsed.argumentsError).toMatch(/^the arguments are not valid JSON \(.+\): \{"city": Oslo$/);
  });

  it('marks JSON that is not an object', () => {
    expect(toolArgumentsFrom('["Oslo"]')).toEqual({
      arguments: {},
      argumentsError: 'the arguments must be a JSON object, got an array: ["Oslo"]',
    });
    expect(toolArgumentsFrom('"Oslo"').argumentsError).toBe(
      'the arguments must be a JSON object, got a string: "Oslo"',
    );
  });
});

describe('checkedToolCall', () => {
  it('keeps a call whose arguments are an object as it is', () => {
    const call = { id: 'c1', name: 'lookup', arguments: { q: 'x' } };
    expect(checkedToolCall(call)).toBe(call);
  });

  it('turns arguments that are not an object into {} and marks the call', () => {
    const call = { id: 'c1', name: 'lookup', arguments: 42 as unknown as Record<string, unknown> };
    expect(checkedToolCall(call)).toEqual({
      id: 'c1',
      name: 'lookup',
      arguments: {},
      argumentsError: 'the arguments must be a JSON object, got a number: 42',
    });
  });

  it('keeps a mark the provider set, with {} as the arguments', () => {
    const call = { id: 'c1', name: 'lookup', arguments: { a: 1 }, argumentsError: 'broken' };
    expect(checkedToolCall(call)).toEqual({ ...call, arguments: {} });
  });
});
