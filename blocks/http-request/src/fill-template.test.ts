import { BlockInputError } from '@blocksmith/block-sdk';
import {
  fillHeaderValue,
  fillJson,
  fillUrl,
  fillUrlWith,
  unencodedUrlPlaceholder,
  type Lookup,
} from './fill-template';

const values: Record<string, unknown> = {
  query: 'cats & dogs/ä',
  base_url: 'https://api.example.com/v1',
  host: 'api.example.com',
  count: 3,
  data: { name: 'Ada "the first"', tags: ['a', 'b'] },
  quote: 'He said "hi"\nthen left',
  nothing: null,
  item: { name: 'Ada Lovelace', email: 'ada@example.com', age: 36 },
  rows: '[{"id": "a/1"}, {"id": "b 2"}]',
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

  it('reaches into values, encoding what it finds in the path and query', () => {
    expect(fillUrl('https://x.example/people/{{item.name}}?age={{ item["age"] }}', 'URL', lookup)).toBe(
      'https://x.example/people/Ada%20Lovelace?age=36',
    );
    expect(fillUrl('https://x.example/{{rows[1].id}}/{{data.tags[0]}}', 'URL', lookup)).toBe(
      'https://x.example/b%202/a',
    );
  });

  it('refuses a field the value does not have, naming the fields it has', () => {
    expect(() => fillUrl('https://x.example/{{item.nme}}', 'URL', lookup)).toThrow(
      new BlockInputError(
        '"URL" uses {{item.nme}}, but item has no field "nme"; its fields are name, email, age.',
      ),
    );
    expect(() => fillUrl('https://x.example/{{rows[2].id}}', 'URL', lookup)).toThrow(
      '"URL" uses {{rows[2].id}}, but rows has no item [2]; it has 2 items, [0] to [1].',
    );
    expect(() => fillUrl('https://x.example/{{missing.name}}', 'URL', lookup)).toThrow(
      '"URL" uses {{missing.name}}, which no upstream block provides. Connect the block that provides it, or remove it.',
    );
  });

  it('tells which placeholder goes in unencoded, and fills every path alike for the host check', () => {
    expect(unencodedUrlPlaceholder('https://{{item.name}}/x/{{rows[0]}}')).toBe('item.name');
    expect(unencodedUrlPlaceholder('https://x.example/{{item.name}}')).toBeUndefined();
    expect(fillUrlWith('https://x.example/{{item.name}}/{{ rows[0].id }}', 'm k')).toBe(
      'https://x.example/m%20k/m%20k',
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

  it('puts fields of values in as JSON values or string content', () => {
    const filled = fillJson(
      '{"who": "{{item.name}}", "age": {{item.age}}, "row": {{rows[0]}}}',
      'JSON body',
      lookup,
    );
    expect(JSON.parse(filled)).toEqual({ who: 'Ada Lovelace', age: 36, row: { id: 'a/1' } });
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
