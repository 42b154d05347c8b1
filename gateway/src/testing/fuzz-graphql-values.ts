import {
  HUGE_TEXT,
  JSON_TYPE,
  malformedValues,
  nestedJson,
  type BodyVariant,
  type NamedValue,
  type SchemaNode,
} from './fuzz-bodies';
import { knownValue, type Fixtures } from './fuzz-base-values';

/**
 * What the GraphQL fuzz tests send: malformed envelopes, documents and transports around a valid
 * query, and valid and malformed values for the arguments of an introspected schema's fields.
 */

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
