/**
 * What the fuzz tests (`src/rest/fuzz-*.test.ts`) send in bodies: malformed values for a schema,
 * JSON bodies and multipart bodies, each with a short name that says what is wrong with
 * it. Everything here is pure; `fuzz-campaign.ts` sends it and judges the answers. Path segments,
 * query strings and Authorization headers are in `fuzz-request-parts.ts`, Stripe events in
 * `fuzz-stripe-events.ts`, GraphQL envelopes and variables in `fuzz-graphql-values.ts`, and the
 * values that make a request valid in `fuzz-base-values.ts`.
 */

/** JSON text placed as-is where a value goes (deep nesting, duplicate or prototype keys). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold `RawJson` parts and own `__proto__` keys. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `depth` levels of arrays or objects, as JSON text. */
export function nestedJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

export const KB = 1024;
export const MB = 1024 * KB;
/** One field far over every documented length, but the body still under the 1 MB limit. */
export const LONG_TEXT = 'x'.repeat(100 * KB);
/** A body over the 1 MB limit. */
export const HUGE_TEXT = 'x'.repeat(2 * MB);
export const NUL_TEXT = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
/** Emoji after one letter: a cut at an even length splits the last one into a lone surrogate. */
const SPLITTABLE_EMOJI = `a${'\u{1F600}'.repeat(99)}`;
const EMOJI_1000 = `a${'\u{1F600}'.repeat(1_000)}`;
const LONG_SPLITTABLE_EMOJI = `a${'\u{1F600}'.repeat(30_000)}`;

/** The part of JSON Schema the OpenAPI document's bodies and parameters use. */
export interface SchemaNode {
  type?: string | readonly string[];
  properties?: Record<string, SchemaNode>;
  required?: readonly string[];
  items?: SchemaNode;
  enum?: readonly unknown[];
  format?: string;
  minimum?: number;
  $ref?: string;
  oneOf?: readonly SchemaNode[];
}

type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

/** The schema's main type (the first one that is not null). */
export function typeOf(schema: SchemaNode): JsonType | undefined {
  const types = typeof schema.type === 'string' ? [schema.type] : (schema.type ?? []);
  return types.find((type) => type !== 'null') as JsonType | undefined;
}

function isOfType(value: unknown, type: JsonType | undefined): boolean {
  switch (type) {
    case undefined:
      return false;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

/** A value of every JSON type, each named. */
const EVERY_TYPE: readonly [string, unknown][] = [
  ['a number', 42],
  ['a huge number', 1e308],
  ['a boolean', true],
  ['a string', 'x'],
  ['an array', ['x']],
  ['an object', { a: 'x' }],
  ['null', null],
];

/** Objects whose keys try to reach prototypes, as JSON text (JSON.parse keeps them as own keys). */
const PROTOTYPE_OBJECTS: readonly [string, RawJson][] = [
  ['a __proto__ key', new RawJson('{"__proto__":{"isAdmin":true,"polluted":"yes"}}')],
  ['a constructor.prototype key', new RawJson('{"constructor":{"prototype":{"polluted":"yes"}}}')],
  ['a prototype key', new RawJson('{"prototype":{"polluted":"yes"},"toString":"x","hasOwnProperty":1}')],
];

/** One malformed value for one property, named for the report. */
export type NamedValue = readonly [name: string, value: unknown];
/** One malformed piece of text (a path segment, a query string, a header), named for the report. */
export type NamedText = readonly [name: string, text: string];

/** Malformed values for a property of a given schema: wrong types, NUL characters, size, depth. */
export function malformedValues(schema: SchemaNode): NamedValue[] {
  const type = typeOf(schema);
  const values: NamedValue[] = EVERY_TYPE.filter(([, value]) => !isOfType(value, type));
  values.push(['a string with a NUL character', NUL_TEXT], ['a lone surrogate', LONE_SURROGATE]);
  if (type === undefined || type === 'string') {
    values.push(
      ['a 100 KB string', LONG_TEXT],
      ['a letter and 99 emoji', SPLITTABLE_EMOJI],
      ['a letter and 30,000 emoji', LONG_SPLITTABLE_EMOJI],
    );
  }
  if (type === undefined || type === 'object') {
    values.push(
      ['an object with a NUL key', { 'k\u0000': 1 }],
      ['an object with a NUL value', { k: NUL_TEXT, nested: { deeper: [NUL_TEXT] } }],
      ['10,000 nested objects', new RawJson(nestedJson(10_000, 'object'))],
      ['10,000 nested arrays in an object', new RawJson(`{"a":${nestedJson(10_000, 'array')}}`)],
      [
        'an object of 10,000 keys',
        Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])),
      ],
      ...PROTOTYPE_OBJECTS,
    );
  }
  if (type === undefined || type === 'array') {
    values.push(
      ['an array holding a NUL string', [NUL_TEXT]],
      ['10,000 nested arrays', new RawJson(nestedJson(10_000, 'array'))],
      ['an array of 10,000 items', Array.from({ length: 10_000 }, (_, i) => `v${i}`)],
      ['an array holding null and objects', [null, {}, [], 1]],
    );
  }
  if (type === 'integer' || type === 'number') values.push(['a numeric string', '12'], ['-1', -1]);
  return values;
}

type Leaf = readonly (string | number)[];

/** Paths to every string, number and boolean inside a value, at most `max` of them. */
function leavesOf(value: unknown, max: number, path: Leaf = [], found: Leaf[] = []): Leaf[] {
  if (found.length >= max) return found;
  if (Array.isArray(value)) value.forEach((item, i) => leavesOf(item, max, [...path, i], found));
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) leavesOf(item, max, [...path, key], found);
  else if (path.length > 0) found.push(path);
  return found;
}

/** A deep copy of `value` with the leaf at `path` changed by `change`. */
function withLeaf(value: unknown, path: Leaf, change: (leaf: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withLeaf(copy[head!], rest, change);
  return copy;
}

/**
 * A valid structured value (an app's config, a run's inputs) with one leaf changed at a time: a
 * lone surrogate or emoji appended to each string (a few with a NUL character), each leaf of the
 * other type.
 */
export function leafValues(value: unknown): NamedValue[] {
  const values: NamedValue[] = [];
  let strings = 0;
  for (const path of leavesOf(value, 40)) {
    const where = path.join('.');
    const leaf = path.reduce<unknown>((item, key) => (item as Record<string | number, unknown>)[key], value);
    if (typeof leaf === 'string') {
      values.push([
        `${where} ends with a lone surrogate`,
        withLeaf(value, path, (text) => `${String(text)}\ud800`),
      ]);
      if (strings < 8) values.push([`${where} holds 1,000 emoji`, withLeaf(value, path, () => EMOJI_1000)]);
      if (strings < 2)
        values.push([`${where} ends with a NUL`, withLeaf(value, path, (text) => `${String(text)}\u0000`)]);
      strings++;
    }
    values.push([
      `${where} is of another type`,
      withLeaf(value, path, (item) =>
        typeof item === 'string' ? 12 : typeof item === 'number' ? 'twelve' : [item],
      ),
    ]);
  }
  return values;
}

/** A request body, raw, with the headers that go with it. */
export interface BodyVariant {
  name: string;
  body: string | Buffer;
  /** Unset: no Content-Type header. */
  contentType?: string;
  headers?: Record<string, string>;
}

export const JSON_TYPE = 'application/json';

const json = (name: string, value: unknown): BodyVariant => ({
  name,
  body: toJsonText(value),
  contentType: JSON_TYPE,
});

/** Bodies for a route with a JSON body schema: each property malformed in turn, from a valid base. */
export function propertyVariants(properties: Record<string, SchemaNode>, base: Record<string, unknown>) {
  const variants: BodyVariant[] = [];
  for (const [name, schema] of Object.entries(properties)) {
    for (const [label, value] of malformedValues(schema)) {
      variants.push(json(`${name} is ${label}`, { ...base, [name]: value }));
    }
    if (base[name] !== null && typeof base[name] === 'object') {
      for (const [label, value] of leafValues(base[name])) {
        variants.push(json(`${name}.${label}`, { ...base, [name]: value }));
      }
    }
    const items = schema.items;
    if (items && typeOf(items) === 'object' && items.properties) {
      for (const [field, fieldSchema] of Object.entries(items.properties)) {
        for (const [label, value] of malformedValues(fieldSchema).slice(0, 4)) {
          variants.push(json(`${name}[0].${field} is ${label}`, { ...base, [name]: [{ [field]: value }] }));
        }
      }
    }
  }
  return variants;
}

/** Malformed bodies that need nothing from the route: keys, size, depth, syntax, media types. */
export function wholeBodyVariants(base: Record<string, unknown>, firstString: string): BodyVariant[] {
  const text = toJsonText(base);
  const multipart = 'multipart/form-data; boundary=b';
  return [
    json('a key holding a NUL character', { ...base, 'k\u0000': 'x' }),
    json('a __proto__ key at the top', { ['__proto__']: { isAdmin: true, polluted: 'yes' }, ...base }),
    json('a constructor key at the top', { ...base, constructor: { prototype: { polluted: 'yes' } } }),
    json('a prototype key at the top', { ...base, prototype: { polluted: 'yes' }, toString: 'x' }),
    json(
      'a duplicate key',
      new RawJson(`${text.slice(0, -1)}${text.length > 2 ? ',' : ''}"${firstString}":"y"}`),
    ),
    json('a 2 MB string', { ...base, [firstString]: HUGE_TEXT }),
    json('10,000 nested objects', new RawJson(nestedJson(10_000, 'object'))),
    json('100,000 nested arrays', new RawJson(nestedJson(100_000, 'array'))),
    json('an array', [base]),
    json('a string', 'x'),
    json('a number', 1),
    json('null', null),
    json('true', true),
    { name: 'invalid JSON', body: '{"a":', contentType: JSON_TYPE },
    { name: 'single-quoted JSON', body: "{'a': 1}", contentType: JSON_TYPE },
    {
      name: 'truncated JSON',
      body: text.slice(0, Math.max(1, Math.floor(text.length / 2))),
      contentType: JSON_TYPE,
    },
    { name: 'JSON with trailing text', body: `${text}}garbage`, contentType: JSON_TYPE },
    { name: 'JSON after a byte order mark', body: `\ufeff${text}`, contentType: JSON_TYPE },
    {
      name: 'bytes that are not UTF-8',
      body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
      contentType: JSON_TYPE,
    },
    { name: 'an empty body', body: '', contentType: JSON_TYPE },
    { name: 'whitespace only', body: ' \n\t ', contentType: JSON_TYPE },
    { name: 'no content type', body: text },
    { name: 'text/plain', body: text, contentType: 'text/plain' },
    { name: 'a form', body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { name: 'XML', body: '<a>1</a>', contentType: 'application/xml' },
    { name: 'a content type parameter only', body: text, contentType: ';charset=utf-8' },
    { name: 'JSON in UTF-16', body: text, contentType: 'application/json; charset=utf-16' },
    { name: 'JSON in an unknown charset', body: text, contentType: 'application/json; charset=x-nope' },
    { name: 'a json+ media type', body: text, contentType: 'application/vnd.api+json' },
    {
      name: 'gzip that is not gzip',
      body: text,
      contentType: JSON_TYPE,
      headers: { 'content-encoding': 'gzip' },
    },
    {
      name: 'deflate that is not deflate',
      body: text,
      contentType: JSON_TYPE,
      headers: { 'content-encoding': 'deflate' },
    },
    {
      name: 'an unknown content encoding',
      body: text,
      contentType: JSON_TYPE,
      headers: { 'content-encoding': 'x-nope' },
    },
    {
      name: 'a truncated multipart body',
      body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
      contentType: multipart,
    },
    {
      name: 'a multipart body truncated in its headers',
      body: '--b\r\nContent-Disposition: form-data; name="inputData"\r\nContent-Ty',
      contentType: multipart,
    },
    {
      name: 'multipart without a boundary',
      body: '--b\r\n\r\nabc\r\n--b--\r\n',
      contentType: 'multipart/form-data',
    },
    { name: 'multipart that is not multipart', body: 'not a form at all', contentType: multipart },
    { name: 'multipart with only its end', body: '--b--\r\n', contentType: multipart },
    ...multipartForms(),
  ];
}

/** A complete multipart body from parts. */
export function multipartBody(
  parts: readonly { name: string; filename?: string; type?: string; data: string }[],
) {
  const lines = parts.map(
    (part) =>
      `--b\r\nContent-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}\r\n` +
      `${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n${part.data}\r\n`,
  );
  return `${lines.join('')}--b--\r\n`;
}

/** Whole multipart forms that are malformed in what they hold rather than how. */
function multipartForms(): BodyVariant[] {
  const form = (name: string, parts: Parameters<typeof multipartBody>[0]): BodyVariant => ({
    name,
    body: multipartBody(parts),
    contentType: 'multipart/form-data; boundary=b',
  });
  const file = { name: 'file', filename: 'a.txt', type: 'text/plain', data: 'abc' };
  return [
    form('a form with a NUL field name', [{ name: 'input\u0000Data', data: '{}' }, file]),
    form('a form whose inputData holds a NUL', [
      { name: 'inputData', data: '{"input_text":"a\\u0000b"}' },
      file,
    ]),
    form('a form whose inputData is not JSON', [{ name: 'inputData', data: '{"input_text":' }, file]),
    form('a form whose inputData is an array', [{ name: 'inputData', data: '[1,2]' }, file]),
    form('a form whose inputData is nested 10,000 deep', [
      { name: 'inputData', data: nestedJson(10_000, 'object') },
      file,
    ]),
    form('a form with two files', [file, { ...file, name: 'other' }]),
    form('a form with a NUL file name', [{ ...file, filename: 'a\u0000.txt' }]),
    form('a form with an empty file name', [{ ...file, filename: '' }]),
    form('a form whose file name climbs directories', [{ ...file, filename: '../../etc/passwd' }]),
    form('a form with a 1 MB field', [{ name: 'inputData', data: 'x'.repeat(MB + 10) }, file]),
    form(
      'a form with 30 fields',
      Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
    ),
    form('a form with a __proto__ field', [
      { name: '__proto__', data: 'x' },
      { name: 'constructor', data: 'y' },
      file,
    ]),
  ];
}
