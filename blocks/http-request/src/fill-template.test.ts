import { BlockInputError } from '@blocksmith/block-sdk';
import { fillHeaderValue, fillJson, fillUrl, type Lookup } from './fill-template';

const values: Record<string, unknown> = {
  query: 'cats & dogs/ä',
  base_url: 'https://api.example.com/v1',
  host: 'api.example.com',
  count: 3,
  data: { name: 'Ada "the first"', tags: ['a', 'b'] },
  quote: 'He said "hi"\nthen left',
  nothing: null,
};
const lookup: Lookup = (name) => (name in values ? { found: true, value: values[name] } : { found: false });

describe('fillUrl', () => {
  it('encodes values in the path and query, and keeps a base URL or host as it is', () => {
    expect(fillUrl('https://api.example.com/search?q={{query}}&n={{ count }}', 'URL', lookup)).toBe(
      'https://api.example.com/search?q=cats%20%26%20dogs%2F%C3%A4&n=3',
    );
    expect(fillUrl('{{base_url}}/items/{{query}}', 'URL', lookup)).toBe(
      'https://api.example.com/v1/items/cats%20%26%20dogs%2F%C3%A4',
    );
    expect(fillUrl('https://{{host}}:8443/x', 'URL', lookup)).toBe('https://api.example.com:8443/x');
    expect(fillUrl('https://example.com/#{{query}}', 'URL', lookup)).toBe(
      'https://example.com/#cats%20%26%20dogs%2F%C3%A4',
    );
  });

  it('refuses a name nothing provides', () => {
    expect(() => fillUrl('https://x.example/{{missing}}', 'URL', lookup)).toThrow(BlockInputError);
    expect(() => fillUrl('https://x.example/{{missing}}', 'URL', lookup)).toThrow(
      '"URL" uses {{missing}}, which no upstream block provides. Connect the block that provides it, or remove it.',
    );
  });

  it('leaves text that is not a placeholder alone', () => {
    expect(fillUrl('https://x.example/{{ }}/{x}', 'URL', lookup)).toBe('https://x.example/{{ }}/{x}');
  });
});

describe('fillJson', () => {
  it('puts values inside strings as escaped text and elsewhere as JSON values', () => {
    const filled = fillJson(
      '{"text": "Note: {{quote}}", "count": {{count}}, "data": {{data}}, "none": {{nothing}}, "label": "{{data}}"}',
      'JSON body',
      lookup,
    );
    expect(JSON.parse(filled)).toEqual({
      text: 'Note: He said "hi"\nthen left',
      count: 3,
      data: { name: 'Ada "the first"', tags: ['a', 'b'] },
      none: null,
      label: JSON.stringify(values.data, null, 2),
    });
  });

  it('keeps track of strings with escaped quotes and braces', () => {
    const filled = fillJson('{"a": "x \\" {{count}}", "b": {{count}}, "c": "}{"}', 'JSON body', lookup);
    expect(JSON.parse(filled)).toEqual({ a: 'x " 3', b: 3, c: '}{' });
  });

  it('refuses a body that is not JSON', () => {
    expect(() => fillJson('{"a": {{query}} }x', 'JSON body', lookup)).toThrow(
      /^"JSON body" is not valid JSON after filling in variables \(/,
    );
  });
});

describe('fillHeaderValue', () => {
  it('fills values as text and refuses line breaks', () => {
    expect(fillHeaderValue(' Bearer {{count}} ', 'Headers, line 1', lookup)).toBe('Bearer 3');
    expect(() => fillHeaderValue('x {{quote}}', 'Headers, line 2', lookup)).toThrow(
      '"Headers, line 2" holds a line break or NUL character after filling in variables.',
    );
  });
});
