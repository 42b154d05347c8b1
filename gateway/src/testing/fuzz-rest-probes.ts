import Stripe from 'stripe';
import { probeTextApp } from './probe-blocks';
import { baseBody, type Fixtures } from './fuzz-base-values';
import {
  LONG_TEXT,
  multipartBody,
  nestedJson,
  propertyVariants,
  toJsonText,
  typeOf,
  wholeBodyVariants,
  type BodyVariant,
  type SchemaNode,
} from './fuzz-bodies';
import { BAD_AUTHORIZATIONS, pathSegments, queryStrings } from './fuzz-request-parts';
import { stripeEvents } from './fuzz-stripe-events';
import type { Fuzz, Probe } from './fuzz-campaign';
import { WEBHOOK_SECRET, bearer, freshNames, newApp, newPerson } from './fuzz-fixtures';
import { testFetch } from './test-fetch';

/**
 * The /api part of the fuzz campaign: malformed requests to every route of the OpenAPI document
 * the server serves (Stripe's webhook and the multipart routes included), and to paths no route
 * names. The routes are split into groups by path, one test file each; a route no group names
 * falls in `other`, so every route of the document is fuzzed by exactly one file.
 */

export type RestGroup = 'apps' | 'accounts' | 'triggers' | 'testing' | 'knowledge' | 'approvals' | 'other';

const REST_GROUPS: readonly (readonly [RestGroup, RegExp])[] = [
  // Before `apps`: an app's triggers, and the webhook calls they receive.
  ['triggers', /^\/api\/(apps\/\{id\}\/triggers|hooks)(\/|$)/],
  // Before `apps`: an app's test set and test runs.
  ['testing', /^\/api\/apps\/\{id\}\/test-(set|runs)(\/|$)/],
  ['apps', /^\/api\/(apps|published)(\/|$)/],
  ['knowledge', /^\/api\/knowledge(\/|$)/],
  // Runs waiting for approval: the owner's decision and the mailed links'.
  ['approvals', /^\/api\/(runs\/\{id\}\/approval|approvals)(\/|$)/],
  ['accounts', /^\/api\/(auth|users|credits|keys|secrets|admin|earnings|stripe)(\/|$)/],
];

/** The group a route of the document is fuzzed in. */
export function restGroupOf(template: string): RestGroup {
  return REST_GROUPS.find(([, paths]) => paths.test(template))?.[0] ?? 'other';
}

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; schema?: SchemaNode }[];
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
  'x-admin-only'?: boolean;
}

/** Routes whose success ends or changes the caller's session: they get a person of their own. */
const SESSION_ENDING = /^\/api\/auth\/(signout|update-password)$/;

/** Fuzzes every route of the document in `group`, then what only that group probes. */
export function fuzzRest(group: RestGroup): Fuzz {
  return async (t, fixtures, run) => {
    const document = (await (await testFetch(`${t.gateway.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, OpenApiOperation>>;
    };
    for (const [template, methods] of Object.entries(document.paths)) {
      if (restGroupOf(template) !== group) continue;
      for (const [lower, operation] of Object.entries(methods)) {
        const method = lower.toUpperCase();
        if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
        const target = `${method} ${template}`;
        if (template === '/api/stripe/webhook') {
          await run(target, webhookProbes(fixtures));
          continue;
        }
        // A route that deletes gets an app of its own; one that ends sessions, a person of its own.
        const throwaway = method === 'DELETE' ? (await newApp(t, fixtures.user.token)).id : '';
        const own = SESSION_ENDING.test(template) ? (await newPerson(t, 'session')).token : null;
        const token = own ?? (operation['x-admin-only'] ? fixtures.admin : fixtures.user.token);
        await run(target, restProbes(method, template, operation, fixtures, token, throwaway));
      }
    }
    if (group === 'apps') await run('POST /api/apps, at once', sameNameProbes(fixtures));
    if (group === 'other') await run('unrouted paths', unroutedProbes(fixtures));
  };
}

/** Apps with one name created at once: each gets an address of its own (201). */
function sameNameProbes(fixtures: Fixtures): Probe[] {
  const body = JSON.stringify({ name: 'Twin app', config: probeTextApp() });
  return Array.from({ length: 16 }, () => ({
    area: 'rest' as const,
    target: 'POST /api/apps',
    variant: '16 apps with one name, created at once',
    role: 'signed in' as const,
    method: 'POST',
    path: '/api/apps',
    headers: { 'content-type': 'application/json', ...bearer(fixtures.user.token) },
    body,
    expected: 201,
  }));
}

/** Paths no route of the document names: unknown /api paths and kept files. */
function unroutedProbes(fixtures: Fixtures): Probe[] {
  const paths: [string, string][] = [
    ['an unknown /api path', '/api/nope'],
    ['an /api path holding a NUL', '/api/%00'],
    ['an /api path one level too deep', `/api/apps/${fixtures.app.id}/upvote/extra`],
    ['an /api path climbing out', '/api/..%2F..%2Fpackage.json'],
    ['an /api path with a doubled slash', '/api//apps'],
    ['an /api path with bad UTF-8', '/api/apps/%ff'],
  ];
  for (const [label, segment] of pathSegments(fixtures.app.id))
    paths.push([`a file id that is ${label}`, `/files/${segment}`]);
  return paths.flatMap(([variant, path]) =>
    (['GET', 'POST', 'DELETE'] as const).map((method) => ({
      area: 'rest' as const,
      target: path.startsWith('/files') ? '/files/{id}' : 'an unrouted /api path',
      variant,
      role: 'signed in' as const,
      method,
      path,
      headers: {
        ...bearer(fixtures.user.token),
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: '{}' } : {}),
    })),
  );
}

/** The real value of a path parameter, from the route it is in. */
function realParam(template: string, name: string, fixtures: Fixtures, throwaway: string): string {
  if (name === 'slug') return fixtures.app.slug;
  if (template.startsWith('/api/runs/')) return fixtures.runId;
  if (/by-user|by-supabase-id/.test(template)) return fixtures.user.id;
  return throwaway || fixtures.app.id;
}

function restProbes(
  method: string,
  template: string,
  operation: OpenApiOperation,
  fixtures: Fixtures,
  token: string,
  throwaway: string,
): Probe[] {
  const target = `${method} ${template}`;
  const security = operation.security ?? [];
  const optional = security.length > 1 && security.some((scheme) => Object.keys(scheme).length === 0);
  const pathNames = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const real = Object.fromEntries(
    pathNames.map((name) => [name, realParam(template, name, fixtures, throwaway)]),
  );
  const pathWith = (overrides: Record<string, string> = {}) =>
    template.replace(/\{(\w+)\}/g, (_, name: string) => overrides[name] ?? encodeURIComponent(real[name]!));
  const content = operation.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const multipartSchema = content['multipart/form-data']?.schema;
  const takesBody = ['POST', 'PUT', 'PATCH'].includes(method);
  const base = baseBody(jsonSchema ?? multipartSchema, fixtures, template);
  const baseVariant: BodyVariant | null = !takesBody
    ? null
    : jsonSchema || !multipartSchema
      ? { name: 'a valid body', body: toJsonText(base), contentType: 'application/json' }
      : uploadForm(fixtures, {});
  const probes: Probe[] = [];
  const add = (variant: string, role: Probe['role'], path: string, body: BodyVariant | null, headers = {}) =>
    probes.push({
      area: 'rest',
      target,
      variant: body && body !== baseVariant ? `${variant}: ${body.name}` : variant,
      role,
      method,
      path,
      headers: {
        ...(body?.contentType ? { 'content-type': body.contentType } : {}),
        ...(body?.headers ?? {}),
        ...(role === 'signed in' ? bearer(token) : {}),
        ...headers,
      },
      ...(body ? { body: typeof body.body === 'string' ? freshNames(body.body) : body.body } : {}),
    });

  for (const [label, authorization] of BAD_AUTHORIZATIONS) {
    if (security.length > 0)
      add(`Authorization is ${label}`, 'bad token', pathWith(), baseVariant, { authorization });
  }
  for (const name of pathNames) {
    for (const [label, segment] of pathSegments(real[name]!)) {
      if (label === 'a real id') continue;
      add(`{${name}} is ${label}`, 'signed in', pathWith({ [name]: segment }), baseVariant);
      if (/NUL|8,000|\.\.|percent|UTF-8/.test(label))
        add(`{${name}} is ${label}`, 'signed out', pathWith({ [name]: segment }), baseVariant);
    }
  }
  const queryNames = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  for (const [label, query] of queryStrings(queryNames)) {
    add(`the query: ${label}`, 'signed in', `${pathWith()}${query}`, baseVariant);
  }
  if (takesBody) {
    const firstString =
      Object.entries(jsonSchema?.properties ?? {}).find(([, schema]) => typeOf(schema) === 'string')?.[0] ??
      'padding';
    const variants = [
      ...(jsonSchema?.properties ? propertyVariants(jsonSchema.properties, base) : []),
      ...wholeBodyVariants(base, firstString),
      ...(multipartSchema ? uploadForms(fixtures) : []),
    ];
    for (const variant of variants) {
      add('the body', 'signed in', pathWith(), variant);
      // Signed out, a route that needs a token refuses before reading the body, and one that takes
      // none reads it as it did signed in: a few suffice. A route where a token is optional gets all.
      if (optional || /NUL key|2 MB|100,000|truncated multipart|invalid JSON/.test(variant.name))
        add('the body', 'signed out', pathWith(), variant);
    }
  }
  for (const other of ['OPTIONS', 'PROPFIND']) {
    add(`the method ${other}`, 'signed in', pathWith(), null);
    probes[probes.length - 1]!.method = other;
  }
  // Last, so that a base request that ends the session or deletes the app does so after the rest.
  add('the base request', 'signed in', pathWith(), baseVariant);
  add('the base request', 'signed out', pathWith(), baseVariant);
  return probes;
}

/** A multipart form for the file app's upload block, with fields changed or left out (undefined). */
function uploadForm(
  fixtures: Fixtures,
  changes: Record<string, string | undefined>,
  name = 'a valid form',
): BodyVariant {
  const fields: Record<string, string | undefined> = {
    appId: fixtures.fileApp.id,
    inputData: '{}',
    actionType: 'test_execution',
    ...changes,
  };
  const parts: Parameters<typeof multipartBody>[0][number][] = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([field, data]) => ({ name: field, data }));
  if (!('file' in changes))
    parts.push({ name: 'file', filename: 'notes.txt', type: 'text/plain', data: 'meeting notes' });
  return { name, body: multipartBody(parts), contentType: 'multipart/form-data; boundary=b' };
}

/** Multipart forms whose fields are malformed, for /uploads and execute. */
function uploadForms(fixtures: Fixtures): BodyVariant[] {
  const forms: BodyVariant[] = [uploadForm(fixtures, { file: undefined }, 'a form without a file')];
  for (const field of ['appId', 'blockId', 'actionType', 'inputData']) {
    for (const [label, value] of [
      ['missing', undefined],
      ['empty', ''],
      ['a made-up UUID', '4f1c2b3a-9d8e-4f7a-8b6c-5d4e3f2a1b0c'],
      ['holding a NUL', 'a\u0000b'],
      ['100 KB long', LONG_TEXT],
      ['a lone surrogate', 'a\ud800b'],
      ['JSON of 10,000 levels', nestedJson(10_000, 'array')],
    ] as const) {
      forms.push(uploadForm(fixtures, { [field]: value }, `${field} ${label}`));
    }
  }
  return forms;
}

/** Stripe webhook deliveries: unsigned, badly signed, and signed events of the wrong shape. */
function webhookProbes(fixtures: Fixtures): Probe[] {
  const target = 'POST /api/stripe/webhook';
  const probe = (variant: string, body: string | Buffer, headers: Record<string, string>): Probe => ({
    area: 'rest',
    target,
    variant,
    role: 'signed out',
    method: 'POST',
    path: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  const signed = (payload: string) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const valid = JSON.stringify({
    id: 'evt_fuzz_base',
    object: 'event',
    type: 'charge.refunded',
    data: { object: {} },
  });
  const probes: Probe[] = [
    probe('no signature', valid, {}),
    probe('a garbage signature', valid, { 'stripe-signature': 'garbage' }),
    probe('a signature with no scheme', valid, { 'stripe-signature': 't=1' }),
    probe('a signature from 2001', valid, { 'stripe-signature': 't=1000000000,v1=abcdef' }),
    probe('a 6,000-character signature', valid, { 'stripe-signature': `t=1,v1=${'a'.repeat(6_000)}` }),
    probe('a signature for another body', valid, { 'stripe-signature': signed('{}') }),
  ];
  for (const [name, event] of stripeEvents(fixtures.user.id)) {
    const payload = toJsonText(event);
    probes.push(probe(`a signed event, ${name}`, payload, { 'stripe-signature': signed(payload) }));
  }
  for (const variant of wholeBodyVariants({ id: 'evt_fuzz_body', type: 'invoice.paid' }, 'id')) {
    const body = typeof variant.body === 'string' ? variant.body : variant.body.toString('latin1');
    const headers = { ...(variant.headers ?? {}), 'stripe-signature': signed(body) };
    const sent = probe(`a signed body: ${variant.name}`, variant.body, headers);
    if (variant.contentType) sent.headers['content-type'] = variant.contentType;
    else delete sent.headers['content-type'];
    probes.push(sent);
  }
  return probes;
}
