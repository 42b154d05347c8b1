import { components } from './components';
import type { JsonSchema } from './json-schema';
import type { Route } from './route';

const ERROR_STATUSES: Readonly<Record<string, string>> = {
  '400': 'Bad input: the message says what to fix.',
  '401': 'No token, or one that no longer works.',
  '402': 'Not enough credits.',
  '403': 'Not yours, not an admin, or over the plan’s publishing limit.',
  '404': 'Missing, or not visible to you.',
  '409': 'Conflicts with what is stored.',
  '413': 'Too large.',
  '429': 'Too many attempts; see Retry-After.',
};

function operationId(route: Route): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(\w+)\}$/, 'by-$1'))
    .join('-')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

function errorsFor(route: Route): Record<string, unknown> {
  const wanted = ['400', '404', '429'];
  if (route.auth === 'user' || route.auth === 'token') wanted.push('401');
  if (route.admin || route.path.startsWith('/apps/')) wanted.push('403');
  if (route.path.endsWith('/execute')) wanted.push('402', '413');
  if (route.path.endsWith('/upvote')) wanted.push('409');
  const responses: Record<string, unknown> = {};
  for (const status of wanted.sort()) {
    responses[status] = {
      description: ERROR_STATUSES[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return responses;
}

/** The OpenAPI 3.1 document of the route table. */
export function openApiDocument(routes: readonly Route[], publicUrl?: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters: unknown[] = [];
    for (const name of route.path.match(/\{(\w+)\}/g) ?? []) {
      parameters.push({ name: name.slice(1, -1), in: 'path', required: true, schema: { type: 'string' } });
    }
    for (const [name, { schema, description }] of Object.entries(route.query ?? {})) {
      parameters.push({ name, in: 'query', required: false, description, schema });
    }
    const content: Record<string, { schema: JsonSchema }> = {};
    if (route.body) content['application/json'] = { schema: route.body };
    if (route.multipart) {
      content['multipart/form-data'] = {
        schema: {
          type: 'object',
          properties: {
            inputData: { type: 'string', description: 'The inputs as JSON text.' },
            actionType: { type: 'string', enum: ['test_execution', 'published'] },
            file: { type: 'string', format: 'binary', description: 'For the app’s file upload block.' },
          },
        },
      };
    }
    const status = String(route.status ?? 200);
    const success =
      status === '204'
        ? { description: 'Done.' }
        : { description: 'OK.', content: { 'application/json': { schema: route.response ?? {} } } };
    (paths[`/api${route.path}`] ??= {})[route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary: route.summary,
      ...(route.auth === 'user' || route.auth === 'token' ? { security: [{ bearer: [] }] } : {}),
      ...(route.auth === 'optional' ? { security: [{}, { bearer: [] }] } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(Object.keys(content).length > 0
        ? { requestBody: { required: route.body?.required !== undefined, content } }
        : {}),
      responses: { [status]: success, ...errorsFor(route) },
      ...(route.admin ? { 'x-admin-only': true } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Blocksmith API',
      version: '1.0.0',
      description:
        'The documented /api routes. Each runs one operation of the GraphQL API at /graphql, so both share every rule. Errors answer { error, message }.',
    },
    ...(publicUrl ? { servers: [{ url: publicUrl }] } : {}),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'access_token from /api/auth/signin.' },
      },
    },
  };
}
