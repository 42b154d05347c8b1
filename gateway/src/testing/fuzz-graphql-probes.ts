import { probeTextApp } from './probe-blocks';
import type { Fixtures } from './fuzz-base-values';
import { LONG_TEXT, RawJson, leafValues, nestedJson, toJsonText } from './fuzz-bodies';
import {
  INTROSPECTION,
  baseValue,
  graphqlEnvelopes,
  malformedVariableValues,
  namedType,
  typeText,
  type InputValue,
  type IntrospectedType,
  type TypeRef,
} from './fuzz-graphql-values';
import { BAD_AUTHORIZATIONS } from './fuzz-request-parts';
import type { Fuzz, Probe } from './fuzz-campaign';
import { bearer, freshNames, newApp, newPerson } from './fuzz-fixtures';
import type { ApiTestGateway } from './rest-client';

/**
 * The GraphQL part of the fuzz campaign: malformed envelopes, documents and transports, and
 * malformed variables and literals for every field of the introspected schema's roots. It is split
 * in test files: queries (with the envelopes and subscriptions), and mutations in two halves by
 * name (`a` to `m`, with one app written many times at once; `n` to `z`).
 */

export type GraphqlPart = 'queries' | 'mutations';

/** Which root fields a file probes, by name: from `from` (inclusive) to `before` (exclusive). */
export interface FieldRange {
  from?: string;
  before?: string;
}

const inRange = (name: string, { from, before }: FieldRange): boolean =>
  (from === undefined || name >= from) && (before === undefined || name < before);

/**
 * Fuzzes the root fields of `part` (those in `range`, all when none is given), then what only that
 * part probes (with the mutations, in the range that starts at the beginning).
 */
export function fuzzGraphql(part: GraphqlPart, range: FieldRange = {}): Fuzz {
  return async (t, fixtures, run) => {
    const introspected = await t.graphql(INTROSPECTION);
    const schema = introspected.data!.__schema as {
      queryType: { name: string };
      mutationType: { name: string } | null;
      subscriptionType: { name: string } | null;
      types: IntrospectedType[];
    };
    const types = new Map(schema.types.map((type) => [type.name, type]));
    if (part === 'queries' && range.from === undefined)
      await run('GraphQL envelopes', envelopeProbes(fixtures.user.token));
    const roots =
      part === 'queries'
        ? ([
            ['query', schema.queryType.name],
            ['subscription', schema.subscriptionType?.name],
          ] as const)
        : ([['mutation', schema.mutationType?.name]] as const);
    for (const [keyword, rootName] of roots) {
      for (const field of (rootName && types.get(rootName)?.fields) || []) {
        if (!inRange(field.name, range)) continue;
        const throwaway = field.name === 'deleteApp' ? (await newApp(t, fixtures.user.token)).id : '';
        const own = SESSION_FIELDS.has(field.name) ? (await newPerson(t, 'session')).token : null;
        const token = own ?? (ADMIN_FIELDS.has(field.name) ? fixtures.admin : fixtures.user.token);
        const probes = operationProbes(keyword, field, types, fixtures, token, throwaway);
        await run(`${keyword} ${field.name}`, probes);
      }
    }
    if (part === 'mutations' && range.from === undefined)
      await run('one app saved and published, at once', await oneAppAtOnceProbes(t, fixtures));
  };
}

/** One app saved (updateApp) and saved and published (publishAppWithData) 16 times at once. */
async function oneAppAtOnceProbes(t: ApiTestGateway, fixtures: Fixtures): Promise<Probe[]> {
  const { id } = await newApp(t, fixtures.user.token);
  return Array.from({ length: 16 }, (_, i) => {
    const input = { name: `Busy app ${i}`, category: 'Content', config: probeTextApp(`Topic ${i}`) };
    const query =
      i % 2 === 0
        ? 'mutation ($id: ID!, $input: AppInput!) { updateApp(id: $id, input: $input) { id } }'
        : 'mutation ($id: ID, $input: AppInput!) { publishAppWithData(id: $id, input: $input) { app { id } } }';
    return graphqlProbe(
      'mutation updateApp and publishAppWithData',
      'one app saved and published 16 times at once',
      'signed in',
      fixtures.user.token,
      JSON.stringify({ query, variables: { id, input } }),
    );
  });
}

/** GraphQL over HTTP: a POST with a JSON envelope. */
function graphqlProbe(
  target: string,
  variant: string,
  role: Probe['role'],
  token: string,
  body: string | Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json' },
  method = 'POST',
  path = '/graphql',
): Probe {
  return {
    area: 'graphql',
    target,
    variant,
    role,
    method,
    path,
    headers: { ...headers, ...(role === 'signed in' ? bearer(token) : {}) },
    ...(method === 'GET' ? {} : { body }),
  };
}

/** Fields only admins may use: they are fuzzed with an admin's token. */
const ADMIN_FIELDS = new Set([
  'pendingApps',
  'appStatusCounts',
  'reviewApp',
  'analyticsSummary',
  // Account management; suspendUser stays with a person's token (refused), so the fuzzing person
  // is never suspended under the probes that follow.
  'adminUsers',
  'adminUser',
  'adminActions',
  'setUserPlan',
  'adjustUserCredits',
]);
/** Fields whose success ends or changes the caller's session: they get a person of their own. */
const SESSION_FIELDS = new Set(['signOut', 'updatePassword']);

function operationProbes(
  keyword: string,
  field: { name: string; args: InputValue[]; type: TypeRef },
  types: Map<string, IntrospectedType>,
  fixtures: Fixtures,
  token: string,
  throwaway: string,
): Probe[] {
  const target = `${keyword} ${field.name}`;
  const leafKinds = new Set(['SCALAR', 'ENUM']);
  const selection = leafKinds.has(types.get(namedType(field.type).name!)?.kind ?? '')
    ? ''
    : ' { __typename }';
  const document = (args: InputValue[], literals: Record<string, string> = {}) => {
    const declared = args.filter((arg) => !(arg.name in literals));
    const definitions = declared.map((arg) => `$${arg.name}: ${typeText(arg.type)}`).join(', ');
    const passed = args.map((arg) => `${arg.name}: ${literals[arg.name] ?? `$${arg.name}`}`).join(', ');
    return `${keyword} Fuzz${definitions ? `(${definitions})` : ''} { ${field.name}${passed ? `(${passed})` : ''}${selection} }`;
  };
  const query = document(field.args);
  const base: Record<string, unknown> = {};
  for (const arg of field.args)
    base[arg.name] = baseValue(arg.name, arg.type, field.name, types, fixtures, throwaway);
  const probes: Probe[] = [];
  const add = (variant: string, role: Probe['role'], envelope: unknown) =>
    probes.push(graphqlProbe(target, variant, role, token, freshNames(toJsonText(envelope))));
  add('variables with a __proto__ key', 'signed in', {
    query,
    variables: new RawJson(`{"__proto__":{"isAdmin":true},${toJsonText(base).slice(1)}`.replace(/,}$/, '}')),
  });
  add('an unknown variable holding a NUL and deep nesting', 'signed in', {
    query,
    variables: { ...base, extra: 'a\u0000b', deep: new RawJson(nestedJson(10_000, 'object')) },
  });
  for (const arg of field.args) {
    const values = malformedVariableValues(arg.type, types);
    values.push(['null', null], ['left out', undefined]);
    for (const [label, value] of values) {
      const variables = { ...base, [arg.name]: value };
      if (value === undefined) delete variables[arg.name];
      add(`$${arg.name} is ${label}`, 'signed in', { query, variables });
      if (/NUL|a number|an object$|10,000 nested objects/.test(label))
        add(`$${arg.name} is ${label}`, 'signed out', { query, variables });
    }
    const named = namedType(arg.type);
    const inputType = types.get(named.name!);
    if (inputType?.kind === 'INPUT_OBJECT') {
      for (const input of inputType.inputFields ?? []) {
        const wrong = malformedVariableValues(input.type, types).filter(([label]) =>
          /number|NUL|100 KB|emoji|surrogate|__proto__|10,000 nested objects|null|an array$/.test(label),
        );
        for (const [label, value] of wrong) {
          const inner = { ...(base[arg.name] as Record<string, unknown>), [input.name]: value };
          add(`$${arg.name}.${input.name} is ${label}`, 'signed in', {
            query,
            variables: { ...base, [arg.name]: inner },
          });
        }
      }
    }
    if (base[arg.name] !== null && typeof base[arg.name] === 'object') {
      for (const [label, value] of leafValues(base[arg.name])) {
        add(`$${arg.name}.${label}`, 'signed in', { query, variables: { ...base, [arg.name]: value } });
      }
    }
    if (named.name === 'String' || named.name === 'ID') {
      const rest = field.args.filter((other) => other !== arg);
      const restVariables = Object.fromEntries(rest.map((other) => [other.name, base[other.name]]));
      for (const [label, literal] of [
        ['a string literal holding an escaped NUL', '"a\\u0000b"'],
        ['a string literal holding a raw NUL', '"a\u0000b"'],
        ['a block string holding a raw NUL', '"""a\u0000b"""'],
        ['a 100 KB string literal', `"${LONG_TEXT}"`],
      ]) {
        add(`${arg.name} is ${label}`, 'signed in', {
          query: document(field.args, { [arg.name]: literal! }),
          variables: restVariables,
        });
      }
    }
  }
  // Last, so that a base request that ends the session or deletes the app does so after the rest.
  add('the base request', 'signed in', { query, variables: base });
  add('the base request', 'signed out', { query, variables: base });
  return probes;
}

/** Malformed GraphQL envelopes, documents and transports, signed in and signed out. */
function envelopeProbes(token: string): Probe[] {
  const target = 'POST /graphql';
  const probes: Probe[] = [];
  const query = '{ __typename }';
  const variants = graphqlEnvelopes(query);
  for (const role of ['signed in', 'signed out'] as const) {
    for (const { name, body, contentType, headers } of variants) {
      probes.push(
        graphqlProbe(target, name, role, token, body, {
          ...(contentType ? { 'content-type': contentType } : {}),
          ...(headers ?? {}),
        }),
      );
    }
    for (const [label, authorization] of role === 'signed in' ? BAD_AUTHORIZATIONS : []) {
      for (const document of [
        query,
        '{ me { __typename } }',
        'mutation { initializeCredits { __typename } }',
      ]) {
        const probe = graphqlProbe(
          target,
          `Authorization is ${label}`,
          'bad token',
          token,
          JSON.stringify({ query: document }),
        );
        probe.headers.authorization = authorization;
        probes.push(probe);
      }
    }
    for (const [variant, search] of [
      ['GET with a query', `?query=${encodeURIComponent(query)}`],
      ['GET with a mutation', `?query=${encodeURIComponent('mutation { signOut }')}`],
      ['GET with a NUL in the query', '?query=%7B__typename%00%7D'],
      ['GET with variables that are not JSON', `?query=${encodeURIComponent(query)}&variables=%7B`],
      ['GET with the query twice', `?query=${encodeURIComponent(query)}&query=x`],
      ['GET with a bad percent escape', '?query=%zz'],
      ['GET with an 8,000-character query', `?query=${'{'.repeat(8_000)}`],
    ] as const) {
      probes.push(
        graphqlProbe(
          'GET /graphql',
          variant,
          role,
          token,
          '',
          { 'apollo-require-preflight': 'true' },
          'GET',
          `/graphql${search}`,
        ),
      );
    }
  }
  return probes;
}
