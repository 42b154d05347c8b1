import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, validate } from 'graphql';
import { querySchema, requestValidators } from './bridge';
import { fromGraphQLError } from './errors';
import { RouteMatcher } from './match-route';
import { openApiDocument } from './openapi';
import { routes } from './routes';

const sdl = readFileSync(path.join(__dirname, '..', '..', 'schema', 'schema.graphql'), 'utf8');
const schema = buildSchema(sdl);

describe('the route table', () => {
  it.each(routes.map((route) => [`${route.method} /api${route.path}`, route] as const))(
    '%s runs a valid operation of the committed schema',
    (_name, route) => {
      expect(validate(schema, route.operation)).toEqual([]);
    },
  );

  it.each(routes.map((route) => [`${route.method} /api${route.path}`, route] as const))(
    '%s has body and query schemas that compile (the bridge compiles them on first use)',
    (_name, route) => {
      const { bodies, queries } = requestValidators();
      if (route.body) expect(typeof bodies.compile(route.body)).toBe('function');
      const query = querySchema(route);
      if (query) expect(typeof queries.compile(query)).toBe('function');
    },
  );

  it('has one entry per method and path', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('serves every route of the spec’s tables', () => {
    const served = new Set(routes.map((route) => `${route.method} /api${route.path}`));
    const documented = [
      'GET /api/apps',
      'GET /api/apps/{id}',
      'POST /api/apps',
      'PUT /api/apps/{id}',
      'DELETE /api/apps/{id}',
      'PATCH /api/apps/{id}/toggle-private',
      'GET /api/published/{slug}',
      'POST /api/apps/{id}/execute',
      'GET /api/apps/{id}/upvote-status',
      'POST /api/apps/{id}/upvote',
      'GET /api/credits/balance',
      'GET /api/credits/history',
      'GET /api/credits/stats',
      'GET /api/credits/costs',
      'POST /api/credits/check',
      'POST /api/credits/initialize',
      'POST /api/users/create',
      'GET /api/users/profile',
      'GET /api/users/credits',
      'GET /api/users/by-supabase-id/{id}',
      'GET /api/apps/publishing/info',
      'POST /api/apps/publish-with-data',
      'POST /api/apps/{id}/unpublish',
      'POST /api/generate-prompt',
      'POST /api/assistant/generate-app',
      'GET /api/apps/my-apps',
      'GET /api/my-apps',
      'GET /api/apps/my-apps/analytics',
      'GET /api/apps/by-user/{id}',
      'GET /api/apps/available-models',
      'POST /api/stripe/create-checkout-session',
      'POST /api/contact/sales',
      'GET /api/analytics/summary',
      'GET /api/apps/pending-verification',
      'POST /api/apps/{id}/review',
      'POST /api/auth/signup',
      'POST /api/auth/signin',
      'POST /api/auth/refresh',
      'POST /api/auth/signout',
      'POST /api/auth/recover',
      'POST /api/auth/update-password',
      'GET /api/auth/user',
    ];
    expect(documented.filter((route) => !served.has(route))).toEqual([]);
  });
});

describe('RouteMatcher', () => {
  const matcher = new RouteMatcher(routes);

  it('prefers literal segments over parameters', () => {
    const found = matcher.match('GET', '/apps/my-apps');
    expect(found.kind === 'route' && found.route.path).toBe('/apps/my-apps');
    const byId = matcher.match('GET', '/apps/1234');
    expect(byId.kind === 'route' && byId.params).toEqual({ id: '1234' });
  });

  it('decodes parameters and refuses broken encodings', () => {
    const found = matcher.match('GET', '/published/caf%C3%A9');
    expect(found.kind === 'route' && found.params.slug).toBe('café');
    expect(matcher.match('GET', '/published/%E0%A4%A').kind).toBe('none');
  });

  it('tells a wrong method from a missing route', () => {
    expect(matcher.match('DELETE', '/credits/balance')).toEqual({ kind: 'method', allowed: ['GET'] });
    expect(matcher.match('GET', '/nothing/here')).toEqual({ kind: 'none' });
  });
});

describe('fromGraphQLError', () => {
  it('maps the gateway’s codes to statuses', () => {
    const cases: [string, number, string][] = [
      ['BAD_USER_INPUT', 400, 'bad_request'],
      ['UNAUTHENTICATED', 401, 'unauthorized'],
      ['INSUFFICIENT_CREDITS', 402, 'insufficient_credits'],
      ['FORBIDDEN', 403, 'forbidden'],
      ['PUBLISHING_LIMIT', 403, 'publishing_limit'],
      ['NOT_FOUND', 404, 'not_found'],
      ['CONFLICT', 409, 'conflict'],
      ['PAYLOAD_TOO_LARGE', 413, 'payload_too_large'],
      ['RATE_LIMITED', 429, 'rate_limited'],
      ['INTERNAL_SERVER_ERROR', 500, 'internal_error'],
    ];
    for (const [code, status, name] of cases) {
      const error = fromGraphQLError({ message: 'm', extensions: { code } });
      expect([error.status, error.code]).toEqual([status, name]);
    }
  });

  it('uses the account code when there is one and passes details on', () => {
    const error = fromGraphQLError({
      message: 'Password must be at least 8 characters long.',
      extensions: { code: 'BAD_USER_INPUT', authCode: 'weak_password', reasons: ['length'] },
    });
    expect(error.body).toEqual({
      error: 'weak_password',
      message: 'Password must be at least 8 characters long.',
      reasons: ['length'],
    });
  });

  it('treats GraphQL’s own coercion errors as bad input', () => {
    expect(fromGraphQLError({ message: 'Variable "$id" got invalid value' }).status).toBe(400);
  });
});

describe('openApiDocument', () => {
  it('gives every route a unique operation id and documents errors', () => {
    const document = openApiDocument(routes) as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(routes.length);
    expect(new Set(operations.map((op) => op.operationId)).size).toBe(routes.length);
    for (const operation of operations) expect(operation.responses['400']).toBeDefined();
  });
});

describe('the README', () => {
  it('lists every route', () => {
    const readme = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    const missing = routes.filter((route) => !readme.includes(`\`${route.method} /api${route.path}\``));
    expect(missing.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('lists them in the table’s order, the order of the OpenAPI document', () => {
    const readme = readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    const list = readme.slice(readme.indexOf('\n## Routes\n'));
    const listed = [...list.matchAll(/^\| `(GET|POST|PUT|PATCH|DELETE) \/api([^`]*)`/gm)].map(
      ([, method, routePath]) => `${method} ${routePath}`,
    );
    expect(listed).toEqual(routes.map((route) => `${route.method} ${route.path}`));
  });
});
