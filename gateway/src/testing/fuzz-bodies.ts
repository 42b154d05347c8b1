import { probeTextApp } from './probe-blocks';

/**
 * What the fuzz tests (`src/rest/fuzz-*.test.ts`) send: valid base values for bodies and GraphQL
 * arguments, and malformed JSON bodies, path segments, query strings, multipart bodies, Stripe
 * events and GraphQL variables and documents, each with a short name that says what is wrong with
 * it. Everything here is pure; `fuzz-campaign.ts` sends it and judges the answers.
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
const NUL_TEXT = 'a\u0000b';
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

const JSON_TYPE = 'application/json';

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

/** Path segments that name nothing, or try to escape their route, each named. */
export function pathSegments(real: string): NamedText[] {
  return [
    ['a real id', real],
    ['a made-up UUID', '4f1c2b3a-9d8e-4f7a-8b6c-5d4e3f2a1b0c'],
    ['the nil UUID', '00000000-0000-0000-0000-000000000000'],
    ['a word', 'not-an-id'],
    ['a number', '12345'],
    ['a negative number', '-1'],
    ['an encoded NUL', '%00'],
    ['a NUL inside a real id', `${real.slice(0, 4)}%00${real.slice(4)}`],
    ['an 8,000-character segment', 'a'.repeat(8_000)],
    ['an encoded ../..', '..%2F..%2Fopenapi.json'],
    ['a dot-dot segment', '%2e%2e'],
    ['a lone percent sign', '%'],
    ['a bad percent escape', '%zz'],
    ['bytes that are not UTF-8', '%ff%fe'],
    ['a lone surrogate', '%ED%A0%80'],
    ['an encoded slash and query', 'a%2Fb%3Fc%3Dd%23e'],
    ['SQL', "'%20OR%20'1'%3D'1"],
    ['__proto__', '__proto__'],
    ['constructor', 'constructor'],
    ['an emoji', '%F0%9F%92%A5'],
  ];
}

/** Query strings for a route's query parameters (with the leading `?`). */
export function queryStrings(names: readonly string[]): NamedText[] {
  const strings: NamedText[] = [
    ['an unknown parameter holding a NUL', '?zz=%00'],
    ['a malformed percent escape', '?zz=%zz&%=1'],
    ['a bracketed key', '?zz[a]=1&zz[__proto__][polluted]=1'],
  ];
  for (const name of names) {
    strings.push(
      [`${name} is a word`, `?${name}=abc`],
      [`${name} is empty`, `?${name}=`],
      [`${name} is a huge number`, `?${name}=1e309`],
      [`${name} is negative`, `?${name}=-5`],
      [`${name} holds a NUL`, `?${name}=a%00b`],
      [`${name} is sent twice`, `?${name}=1&${name}=2`],
      [`${name} is 8,000 characters`, `?${name}=${'9'.repeat(8_000)}`],
      [`${name} is bracketed`, `?${name}[]=1`],
    );
  }
  return strings;
}

/** Authorization headers that carry no valid session. */
export const BAD_AUTHORIZATIONS: NamedText[] = [
  ['Bearer with no token', 'Bearer'],
  ['Bearer with spaces', 'Bearer    '],
  ['Basic credentials', 'Basic YWRtaW46YWRtaW4='],
  [
    'an unsigned JWT claiming admin',
    `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"x","isAdmin":true}').toString('base64url')}.`,
  ],
  ['a 6,000-character token', `Bearer ${'a'.repeat(6_000)}`],
  ['two tokens', 'Bearer a, Bearer b'],
];

/** Stripe events (signed by the test) whose fields are of the wrong shape. */
export function stripeEvents(userId: string): NamedValue[] {
  const event = (id: string, type: string, object: unknown) => ({
    id,
    object: 'event',
    type,
    data: { object },
  });
  const session = (fields: Record<string, unknown>) => ({
    id: 'cs_fuzz',
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    client_reference_id: userId,
    metadata: { userId, plan: 'starter' },
    customer: 'cus_fuzz',
    subscription: 'sub_fuzz',
    ...fields,
  });
  const subscription = (fields: Record<string, unknown>) => ({
    id: 'sub_fuzz',
    object: 'subscription',
    customer: 'cus_fuzz',
    status: 'active',
    cancel_at_period_end: false,
    current_period_end: 1_900_000_000,
    metadata: { userId },
    items: { data: [{ current_period_end: 1_900_000_000 }] },
    ...fields,
  });
  const invoice = (fields: Record<string, unknown>) => ({
    id: 'in_fuzz',
    object: 'invoice',
    customer: 'cus_fuzz',
    subscription: 'sub_fuzz',
    billing_reason: 'subscription_cycle',
    period_end: 1_900_000_000,
    lines: { data: [{ period: { end: 1_900_000_000 } }] },
    ...fields,
  });
  const sessionTypes = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];
  const events: NamedValue[] = [];
  let n = 0;
  const add = (name: string, type: string, object: unknown, id?: unknown) =>
    events.push([
      `${type}: ${name}`,
      id === undefined ? event(`evt_fuzz_${n++}`, type, object) : { ...event('', type, object), id },
    ]);
  for (const type of sessionTypes) {
    add('client_reference_id is a number', type, session({ client_reference_id: 42, metadata: {} }));
    add(
      'client_reference_id is not a UUID',
      type,
      session({ client_reference_id: 'nobody', metadata: { userId: 'nobody' } }),
    );
    add('metadata is null', type, session({ metadata: null }));
    add('metadata is an array', type, session({ metadata: ['x'] }));
    add('customer is an object', type, session({ customer: { id: 'cus_fuzz' } }));
    add(
      'subscription is an object',
      type,
      session({ subscription: { id: 'sub_fuzz', current_period_end: 'soon' } }),
    );
    add('the plan is unknown', type, session({ metadata: { userId, plan: 'platinum' } }));
    add('mode is payment', type, session({ mode: 'payment' }));
    add('payment_status is unpaid', type, session({ payment_status: 'unpaid' }));
    add('a 100 KB customer id', type, session({ customer: LONG_TEXT }));
    add('a NUL character in the customer id', type, session({ customer: NUL_TEXT }));
  }
  for (const type of ['customer.subscription.updated', 'customer.subscription.deleted']) {
    add('status is a number', type, subscription({ status: 7 }));
    // A cancellation at the period's end reads the end date: make every one of them unusable.
    const cancelling = { cancel_at_period_end: true };
    add('current_period_end is a string', type, subscription({ ...cancelling, current_period_end: 'never' }));
    add('current_period_end is 1e300', type, subscription({ ...cancelling, current_period_end: 1e300 }));
    add('current_period_end is past 9999', type, subscription({ ...cancelling, current_period_end: 1e12 }));
    add(
      'the period end is only in cancel_at, a string',
      type,
      subscription({ current_period_end: null, items: { data: [] }, cancel_at: 'soon' }),
    );
    add(
      'cancel_at is past 9999',
      type,
      subscription({ current_period_end: null, items: { data: [] }, cancel_at: 1e12 }),
    );
    add('items is null', type, subscription({ items: null }));
    add('customer is null', type, subscription({ customer: null }));
    add('metadata.userId is an array', type, subscription({ metadata: { userId: [userId] } }));
  }
  add('lines is a string', 'invoice.paid', invoice({ lines: 'x' }));
  add(
    'period_end is negative',
    'invoice.paid',
    invoice({ period_end: -1, lines: { data: [{ period: { end: -1 } }] } }),
  );
  add('subscription is null', 'invoice.paid', invoice({ subscription: null, parent: null }));
  add('customer is a number', 'invoice.paid', invoice({ customer: 5 }));
  add('data.object is a string', 'invoice.paid', 'x');
  add('data.object is an array', 'checkout.session.completed', [session({})]);
  add('the id is a number', 'checkout.session.completed', session({}), 42);
  add('the id is 100 KB', 'checkout.session.completed', session({}), LONG_TEXT);
  add('an unhandled type', 'charge.refunded', { id: 'ch_1' });
  return events;
}

/** Malformed GraphQL-over-HTTP requests around a valid `query`: envelopes, documents, media types. */
export function graphqlEnvelopes(query: string): BodyVariant[] {
  const entries: [string, string | Buffer, Record<string, string>?][] = [
    ['query is a number', '{"query":1}'],
    ['query is an array', '{"query":["{ __typename }"]}'],
    ['query is an object', '{"query":{"kind":"Document"}}'],
    ['query is null', '{"query":null}'],
    ['query is missing', '{"variables":{}}'],
    ['query is empty', '{"query":""}'],
    ['variables is an array', JSON.stringify({ query, variables: [1, 2] })],
    ['variables is a string', JSON.stringify({ query, variables: '{}' })],
    ['variables is a number', JSON.stringify({ query, variables: 1 })],
    ['operationName is a number', JSON.stringify({ query, operationName: 1 })],
    ['operationName names nothing', JSON.stringify({ query, operationName: 'Nope' })],
    ['operationName holds a NUL', JSON.stringify({ query, operationName: 'a\u0000' })],
    ['extensions is a string', JSON.stringify({ query, extensions: 'x' })],
    [
      'a persisted query hash',
      JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: 'ab' } } }),
    ],
    ['a __proto__ key in the envelope', `{"__proto__":{"query":"{ me { id } }"},"query":"{ __typename }"}`],
    ['a batch of two', JSON.stringify([{ query }, { query }])],
    ['an empty batch', '[]'],
    ['a batch of numbers', '[1,2]'],
    ['invalid JSON', '{"query":'],
    ['truncated JSON', JSON.stringify({ query }).slice(0, 12)],
    ['an empty body', ''],
    ['JSON null', 'null'],
    ['a JSON string', '"{ __typename }"'],
    ['bytes that are not UTF-8', Buffer.from([0x7b, 0x22, 0x71, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
    ['a 2 MB body', JSON.stringify({ query: `{ __typename }#${HUGE_TEXT}` })],
    ['a 900 KB comment', JSON.stringify({ query: `{ __typename }#${'x'.repeat(900 * 1024)}` })],
    ['10,000 nested selections', JSON.stringify({ query: `${'{ a '.repeat(10_000)}${'}'.repeat(10_000)}` })],
    [
      '100,000 nested list values',
      JSON.stringify({ query: `{ __type(name: ${'['.repeat(100_000)}) { name } }` }),
    ],
    [
      '10,000 aliases',
      JSON.stringify({
        query: `{ ${Array.from({ length: 10_000 }, (_, i) => `a${i}: __typename`).join(' ')} }`,
      }),
    ],
    ['10,000 directives', JSON.stringify({ query: `{ __typename ${'@include(if: true) '.repeat(10_000)}}` })],
    [
      'a fragment cycle',
      JSON.stringify({ query: '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }' }),
    ],
    [
      '10,000 variables',
      JSON.stringify({
        query: `query (${Array.from({ length: 10_000 }, (_, i) => `$v${i}: Int`).join(' ')}) { __typename }`,
      }),
    ],
    ['a raw NUL in the document', JSON.stringify({ query: '{ __typename \u0000 }' })],
    [
      'variables nested 10,000 deep',
      `{"query":"{ __typename }","variables":{"a":${nestedJson(10_000, 'object')}}}`,
    ],
    [
      'two operations and no name',
      JSON.stringify({ query: 'query A { __typename } query B { __typename }' }),
    ],
    ['a subscription', JSON.stringify({ query: 'subscription { __typename }' })],
    ['the JSON in UTF-16', JSON.stringify({ query }), { 'content-type': 'application/json; charset=utf-16' }],
    [
      'gzip that is not gzip',
      JSON.stringify({ query }),
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    ],
    [
      'an unknown content encoding',
      JSON.stringify({ query }),
      { 'content-type': 'application/json', 'content-encoding': 'x-nope' },
    ],
    ['text/plain', JSON.stringify({ query }), { 'content-type': 'text/plain' }],
    ['application/graphql', query, { 'content-type': 'application/graphql' }],
    ['a form', 'query=%7B__typename%7D', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['no content type', JSON.stringify({ query }), {}],
    [
      'multipart',
      '--b\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query"',
      { 'content-type': 'multipart/form-data; boundary=b' },
    ],
  ];
  return entries.map(([name, body, headers]) => {
    const { 'content-type': contentType, ...rest } = headers ?? { 'content-type': JSON_TYPE };
    return { name, body, ...(contentType ? { contentType } : {}), headers: rest };
  });
}

/** A password strong enough for sign-up. */
export const PASSWORD = 'river stone lamp 42';

/** What exists on the server for the campaign to name: people, apps, a run. */
export interface Fixtures {
  /** A person with credits and apps. */
  user: { token: string; id: string };
  admin: string;
  /** Ann's published, approved text app. */
  app: { id: string; slug: string };
  /** Ann's app with a file upload block. */
  fileApp: { id: string };
  runId: string;
}

/** Values for body properties and GraphQL arguments, by name, that make an otherwise valid request. */
export function knownValue(name: string, fixtures: Fixtures, where = ''): unknown {
  // An analytics event's name is one of the page events.
  if (name === 'name' && /analytics|trackEvent/.test(where)) return 'visit_playground';
  const values: Record<string, unknown> = {
    email: 'fuzz-person@example.com',
    password: PASSWORD,
    fullName: 'Fuzz Person',
    name: 'Fuzz app',
    description: 'Writes a short poem about {{topic}}',
    prompt: 'An app that writes a poem about a topic',
    message: 'We would like to talk about a team plan.',
    company: 'Fuzz Ltd',
    config: probeTextApp(),
    inputData: { input_text: 'the sea' },
    inputs: { input_text: 'the sea' },
    blockType: 'textGeneration',
    status: 'approved',
    reviewNotes: 'Looks good',
    userId: fixtures.user.id,
    appId: fixtures.app.id,
    appIds: [fixtures.app.id],
    runId: fixtures.runId,
    slug: fixtures.app.slug,
    refresh_token: 'not-a-refresh-token',
    refreshToken: 'not-a-refresh-token',
    isPrivate: false,
    category: 'Content',
    actionType: 'test_execution',
    period: '7d',
    range: '30d',
    limit: 5,
    props: { page: '/store' },
    variables: ['topic'],
  };
  return values[name];
}

/** A valid JSON body for a schema: its required properties plus the ones with a known value. */
export function baseBody(
  schema: SchemaNode | undefined,
  fixtures: Fixtures,
  where: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema?.properties ?? {})) {
    const known = knownValue(name, fixtures, where);
    if (known !== undefined && name !== 'slug') body[name] = known;
    else if (schema?.required?.includes(name)) {
      const type = typeOf(property);
      body[name] = property.enum
        ? property.enum[0]
        : type === 'integer' || type === 'number'
          ? 1
          : type === 'boolean'
            ? false
            : type === 'object'
              ? {}
              : type === 'array'
                ? []
                : 'x';
    }
  }
  return body;
}

/** The shape of an introspected type reference. */
export interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}

export interface InputValue {
  name: string;
  type: TypeRef;
  defaultValue: string | null;
}

export interface IntrospectedType {
  kind: string;
  name: string;
  fields: { name: string; args: InputValue[]; type: TypeRef }[] | null;
  inputFields: InputValue[] | null;
  enumValues: { name: string }[] | null;
}

export const INTROSPECTION = `{ __schema {
  queryType { name } mutationType { name } subscriptionType { name }
  types { kind name
    fields { name type { ...T } args { name defaultValue type { ...T } } }
    inputFields { name defaultValue type { ...T } }
    enumValues { name } } } }
fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }`;

export function namedType(ref: TypeRef): TypeRef {
  return ref.ofType ? namedType(ref.ofType) : ref;
}

/** The type as GraphQL writes it: `[ID!]!`. */
export function typeText(ref: TypeRef): string {
  if (ref.kind === 'NON_NULL') return `${typeText(ref.ofType!)}!`;
  if (ref.kind === 'LIST') return `[${typeText(ref.ofType!)}]`;
  return ref.name!;
}

/** Malformed values for a GraphQL variable or input field of a given type. */
export function malformedVariableValues(ref: TypeRef, types: Map<string, IntrospectedType>): NamedValue[] {
  const named = namedType(ref);
  const isList = (ref.kind === 'NON_NULL' ? ref.ofType! : ref).kind === 'LIST';
  const schema: SchemaNode = isList
    ? { type: 'array' }
    : named.name === 'Int' || named.name === 'Float'
      ? { type: named.name === 'Int' ? 'integer' : 'number' }
      : named.name === 'Boolean'
        ? { type: 'boolean' }
        : types.get(named.name!)?.kind === 'INPUT_OBJECT' || named.name === 'JSONObject'
          ? { type: 'object' }
          : { type: 'string' };
  const values = malformedValues(schema);
  if (named.name === 'Int') values.push(['an integer past 32 bits', 2 ** 40]);
  return values;
}

let signUps = 0;

/** The value of an argument or input field that makes a valid request. */
export function baseValue(
  name: string,
  ref: TypeRef,
  field: string,
  types: Map<string, IntrospectedType>,
  fixtures: Fixtures,
  throwaway: string,
): unknown {
  const named = namedType(ref);
  const isList = (ref.kind === 'NON_NULL' ? ref.ofType! : ref).kind === 'LIST';
  if (name === 'id') {
    if (field === 'run') return fixtures.runId;
    if (field === 'userByAuthId') return fixtures.user.id;
    return throwaway || fixtures.app.id;
  }
  if (name === 'email' && field === 'signUp') return `fuzz-graphql-${++signUps}@example.com`;
  const known = knownValue(name, fixtures, field);
  if (known !== undefined) return known;
  const type = types.get(named.name!);
  let value: unknown = 'x';
  if (named.name === 'Int' || named.name === 'Float') value = 1;
  else if (named.name === 'Boolean') value = false;
  else if (named.name === 'ID') value = fixtures.app.id;
  else if (named.name === 'JSONObject') value = {};
  else if (type?.kind === 'ENUM') value = type.enumValues?.[0]?.name;
  else if (type?.kind === 'INPUT_OBJECT') value = inputObject(type, field, types, fixtures, throwaway);
  return isList ? [value] : value;
}

function inputObject(
  type: IntrospectedType,
  field: string,
  types: Map<string, IntrospectedType>,
  fixtures: Fixtures,
  throwaway: string,
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const input of type.inputFields ?? []) {
    if (input.name === 'slug') continue;
    if (input.type.kind === 'NON_NULL' || knownValue(input.name, fixtures, field) !== undefined)
      value[input.name] = baseValue(input.name, input.type, field, types, fixtures, throwaway);
  }
  return value;
}
