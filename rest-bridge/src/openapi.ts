import { components } from './components';
import { anyObject, enumOf, integer, object, string, type JsonSchema } from './json-schema';
import type { OperationErrorStatus, Route } from './route';
import { ROUTE_TAGS } from './route-tags';

type ErrorStatus = OperationErrorStatus | 400 | 405 | 415 | 500;

interface ErrorResponse {
  /** Its name under components.responses. */
  name: string;
  description: string;
  headers?: Record<string, { description: string; required: boolean; schema: JsonSchema }>;
}

/** Every error answer, named once; each carries the `{ error, message }` body. */
const ERROR_RESPONSES: Readonly<Record<ErrorStatus, ErrorResponse>> = {
  400: {
    name: 'BadRequest',
    description:
      'Bad input (bad_request, invalid_json, weak_password, invalid_credentials, email_taken, validation_failed): the message says what to fix.',
  },
  401: {
    name: 'Unauthorized',
    description: 'No bearer token (unauthorized), or one that no longer works (invalid_token).',
  },
  402: {
    name: 'InsufficientCredits',
    description: 'The run costs more than the balance (insufficient_credits).',
  },
  403: {
    name: 'Forbidden',
    description:
      'Not allowed: admins only, someone else’s account (forbidden), or over the plan’s publishing limit (publishing_limit).',
  },
  404: { name: 'NotFound', description: 'Missing, or not visible to you (not_found).' },
  405: {
    name: 'MethodNotAllowed',
    description:
      'Another method was used on this path (method_not_allowed); the Allow header lists the ones it takes.',
    headers: {
      Allow: {
        description: 'The methods the path takes, e.g. `GET, POST`.',
        required: true,
        schema: { type: 'string' },
      },
    },
  },
  409: {
    name: 'Conflict',
    description: 'Conflicts with what is stored (conflict, already_upvoted).',
  },
  413: {
    name: 'PayloadTooLarge',
    description:
      'Too large (payload_too_large): a JSON body over 1 MB, or a file over its block’s maxSize (50 MB at most).',
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'A body that is not JSON (unsupported_media_type); execute also takes multipart/form-data.',
  },
  422: {
    name: 'BlockFailed',
    description:
      'A block of the run could not do its work with what it was given (block_failed); its credits are refunded.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many failed sign-ins (rate_limited); Retry-After says when to try again.',
    headers: {
      'Retry-After': {
        description: 'Seconds until the next attempt is allowed.',
        required: true,
        schema: { type: 'integer' },
      },
    },
  },
  500: {
    name: 'InternalError',
    description: 'The server failed (internal_error); the message names nothing internal.',
  },
  502: {
    name: 'AiServiceFailed',
    description:
      'The AI service failed or answered something unusable (ai_provider_error, ai_output_invalid); a run’s credits are refunded.',
  },
  503: {
    name: 'Unavailable',
    description:
      'Something this server is not set up for, such as payments without Stripe keys, or a run cut short by a stopping server (unavailable).',
  },
  504: {
    name: 'RunTimedOut',
    description:
      'The run passed the server’s time limit and was stopped (run_timeout); its credits are refunded.',
  },
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * What the bridge itself may answer for a route, plus what its operation may. 405 is the answer to
 * another method on the route's path; OpenAPI has no place for it but the path's operations.
 */
function errorStatusesOf(route: Route): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 405, 500, ...(route.errors ?? [])]);
  // `optional` routes refuse a token that was sent but no longer works.
  if (route.auth !== 'none') statuses.add(401);
  // A path parameter that cannot be decoded, or is over-long, names nothing.
  if (route.path.includes('{')) statuses.add(404);
  if (BODY_METHODS.has(route.method)) statuses.add(413).add(415);
  return [...statuses];
}

/** Builds operations' error answers as references, collecting the responses they use. */
class ErrorResponses {
  readonly used = new Map<string, unknown>();

  for(statuses: readonly ErrorStatus[]): Record<string, unknown> {
    const responses: Record<string, unknown> = {};
    for (const status of [...statuses].sort((a, b) => a - b)) {
      const { name, description, headers } = ERROR_RESPONSES[status];
      this.used.set(name, {
        description,
        ...(headers ? { headers } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      });
      responses[String(status)] = { $ref: `#/components/responses/${name}` };
    }
    return responses;
  }
}

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

function securityOf(auth: Route['auth']): unknown[] {
  if (auth === 'none') return [];
  if (auth === 'optional') return [{}, { bearer: [] }];
  return [{ bearer: [] }];
}

const WHO_MAY_CALL: Readonly<Record<Route['auth'], string>> = {
  user: 'Needs a bearer token: a session’s access_token.',
  token: 'Needs the bearer token it was sent for (the one in a password reset link).',
  optional: 'A bearer token is used when sent; without one it answers as to someone signed out.',
  none: 'Needs no bearer token.',
};

/** The operation's description: what the route says beyond its summary, who may call it, what a success answers. */
function describe(route: Route): string {
  const status = route.status ?? 200;
  return [
    route.description,
    WHO_MAY_CALL[route.auth],
    route.admin ? 'Admins only: anyone else is answered 403.' : undefined,
    status === 201
      ? 'Answers 201 with what it made.'
      : status === 204
        ? 'Answers 204 without a body.'
        : undefined,
  ]
    .filter((part) => part !== undefined)
    .join(' ');
}

function tableOperation(route: Route, errors: ErrorResponses): Record<string, unknown> {
  const parameters: unknown[] = [];
  for (const name of route.path.match(/\{(\w+)\}/g) ?? []) {
    const key = name.slice(1, -1);
    const described = route.params?.[key];
    parameters.push({
      name: key,
      in: 'path',
      required: true,
      ...(described ? { description: described.description } : {}),
      schema: described?.schema ?? { type: 'string' },
    });
  }
  for (const [name, { schema, description }] of Object.entries(route.query ?? {})) {
    parameters.push({ name, in: 'query', required: false, description, schema });
  }
  const content: Record<string, { schema: JsonSchema }> = {};
  if (route.body) content['application/json'] = { schema: route.body };
  if (route.multipart && route.fileVariable) {
    content['multipart/form-data'] = {
      schema: object(
        {
          name: string('A name for the document (the file’s own name otherwise).'),
          file: {
            type: 'string',
            contentMediaType: 'application/octet-stream',
            description: 'The document: PDF, DOCX, Markdown, HTML, plain text or CSV.',
          },
        },
        ['file'],
      ),
    };
  } else if (route.multipart) {
    content['multipart/form-data'] = {
      schema: object({
        inputData: string('The inputs as JSON text.'),
        actionType: enumOf(['test_execution', 'published'], 'Where the run comes from.'),
        file: {
          type: 'string',
          contentMediaType: 'application/octet-stream',
          description: 'For the app’s file upload block.',
        },
      }),
    };
  }
  const status = String(route.status ?? 200);
  const success =
    status === '204'
      ? { description: 'Done.' }
      : { description: 'OK.', content: { 'application/json': { schema: route.response ?? {} } } };
  return {
    operationId: operationId(route),
    ...(route.tag ? { tags: [route.tag] } : {}),
    summary: route.summary,
    description: describe(route),
    security: securityOf(route.auth),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(Object.keys(content).length > 0
      ? { requestBody: { required: route.body?.required !== undefined, content } }
      : {}),
    responses: { [status]: success, ...errors.for(errorStatusesOf(route)) },
    ...(route.admin ? { 'x-admin-only': true } : {}),
  };
}

/** What Stripe answers the webhook with; see the gateway's BillingService.handleWebhook. */
const WEBHOOK_OUTCOMES = [
  'upgraded',
  'renewed',
  'cancels_at_period_end',
  'resumed',
  'downgraded',
  'duplicate',
  'ignored',
];

/** The routes the gateway serves itself, beside the table: they read their bodies unparsed. */
function gatewayPaths(errors: ErrorResponses): Record<string, Record<string, unknown>> {
  return {
    '/api/stripe/webhook': {
      post: {
        operationId: 'postStripeWebhook',
        tags: [ROUTE_TAGS.credits.name],
        summary:
          'Stripe’s payment events; a plan changes only on an event signed with STRIPE_WEBHOOK_SECRET.',
        description:
          'The signature covers the raw body, so it is checked before anything is read. Handled events: checkout.session.completed, checkout.session.async_payment_succeeded, invoice.paid, customer.subscription.updated, customer.subscription.deleted; others are received and ignored. An event delivered again answers duplicate.',
        security: [],
        parameters: [
          {
            name: 'stripe-signature',
            in: 'header',
            required: true,
            description: 'Stripe’s signature of the raw body.',
            schema: { type: 'string' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: object(
                {
                  id: string('Event id, e.g. evt_...'),
                  type: string('e.g. checkout.session.completed.'),
                  data: object({ object: anyObject('What the event is about.') }, ['object']),
                },
                ['id', 'type', 'data'],
                'A Stripe event, as Stripe sends it.',
              ),
            },
          },
        },
        responses: {
          '200': {
            description: 'Received.',
            content: {
              'application/json': {
                schema: object(
                  {
                    received: { type: 'boolean', const: true, description: 'Always true.' },
                    outcome: enumOf(WEBHOOK_OUTCOMES, 'What the event changed.'),
                  },
                  ['received', 'outcome'],
                ),
              },
            },
          },
          ...errors.for([400, 413, 500, 503]),
        },
      },
    },
    '/api/hooks/{hookId}': {
      post: {
        operationId: 'postHook',
        tags: [ROUTE_TAGS.triggers.name],
        summary:
          'Calls an app’s webhook: runs the app on its owner’s credits with the body’s fields as inputs.',
        description:
          'Send the hook’s secret in X-Blocksmith-Secret, or X-Blocksmith-Signature: sha256=<hex HMAC-SHA256 of the raw body under the secret>. The JSON body fills the app’s inputs through the hook’s mapping (without one, its fields are the inputs). Answers the run’s result as execute does, its failure with its cause’s status, or 202 with the run’s id with ?wait=false or when the run takes longer than 10 seconds. 60 calls a minute per hook, wrong secrets included.',
        security: [],
        parameters: [
          {
            name: 'hookId',
            in: 'path',
            required: true,
            description: 'The webhook’s id.',
            schema: { type: 'string', format: 'uuid' },
          },
          {
            name: 'wait',
            in: 'query',
            required: false,
            description: 'false: answer 202 with the run’s id at once.',
            schema: { type: 'string', enum: ['true', 'false'] },
          },
          {
            name: 'x-blocksmith-secret',
            in: 'header',
            required: false,
            description: 'The hook’s secret.',
            schema: { type: 'string' },
          },
          {
            name: 'x-blocksmith-signature',
            in: 'header',
            required: false,
            description: 'sha256=<hex>: the HMAC-SHA256 of the raw body under the secret.',
            schema: { type: 'string' },
          },
        ],
        requestBody: {
          required: false,
          content: { 'application/json': { schema: anyObject('Fields mapped to the app’s inputs.') } },
        },
        responses: {
          '200': {
            description: 'The run succeeded.',
            content: {
              'application/json': {
                schema: object(
                  {
                    output: anyObject('Result fields, as execute answers them.'),
                    run: object(
                      {
                        id: string('Run id.', { format: 'uuid' }),
                        status: enumOf(['succeeded'], 'Always succeeded: a run that fails answers an error.'),
                        cost: integer('Credits charged.'),
                      },
                      ['id', 'status', 'cost'],
                    ),
                  },
                  ['output', 'run'],
                ),
              },
            },
          },
          '202': {
            description: 'The run goes on; read it with GET /api/runs/{id}.',
            content: {
              'application/json': {
                schema: object(
                  {
                    runId: string('Run id.', { format: 'uuid' }),
                    status: enumOf(['running'], 'Still going.'),
                  },
                  ['runId', 'status'],
                ),
              },
            },
          },
          ...errors.for([400, 401, 402, 403, 404, 413, 415, 422, 429, 500, 502, 503, 504]),
        },
      },
    },
    '/uploads': {
      post: {
        operationId: 'postUploads',
        tags: [ROUTE_TAGS.runs.name],
        summary: 'Keeps a file for one of an app’s file upload blocks; answers the run input to send for it.',
        description:
          'The same checks as a run of the app (who may run it) and the block’s own rules (accepted types, maxSize, 50 MB at most). Send the answer’s id in a run’s inputData under inputKey.',
        security: [{ bearer: [] }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: object(
                {
                  appId: string('The app the file is for.'),
                  blockId: string('Its file upload block; the first one when not said.'),
                  actionType: enumOf(['test_execution', 'published'], 'Where the run will come from.'),
                  file: {
                    type: 'string',
                    contentMediaType: 'application/octet-stream',
                    description: 'The file.',
                  },
                },
                ['appId', 'file'],
              ),
            },
          },
        },
        responses: {
          '201': {
            description: 'Kept.',
            content: {
              'application/json': {
                schema: object(
                  {
                    id: string('The run input for the block.'),
                    blockId: string('The block it was checked against.'),
                    inputKey: string('The key to send it under in a run’s inputData.'),
                    name: string('File name.'),
                    mime: string('Its type.'),
                    size: integer('Bytes.'),
                    url: string('Where it can be read: /files/{id}.'),
                  },
                  ['id', 'blockId', 'inputKey', 'name', 'mime', 'size', 'url'],
                ),
              },
            },
          },
          // A body that is not multipart is answered 400, like a missing file or appId.
          ...errors.for([400, 401, 404, 413, 500]),
        },
      },
    },
  };
}

/** A loopback address means nothing to whoever reads the document elsewhere. */
function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
}

/**
 * The OpenAPI 3.1 document of the route table. With the server's public URL it is the document the
 * gateway serves at /api/openapi.json: it also has the routes the gateway serves beside the table
 * (the Stripe webhook and /uploads), so paths carry their full path from the server's root.
 */
export function openApiDocument(routes: readonly Route[], publicUrl?: string): Record<string, unknown> {
  const errors = new ErrorResponses();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    (paths[`/api${route.path}`] ??= {})[route.method.toLowerCase()] = tableOperation(route, errors);
  }
  if (publicUrl !== undefined) Object.assign(paths, gatewayPaths(errors));
  const publicServer = publicUrl !== undefined && !isLoopback(publicUrl);
  const server = publicServer
    ? { url: publicUrl, description: 'This server.' }
    : { url: '/', description: 'The server this document is served by.' };
  const used = new Set(
    Object.values(paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => (operation as { tags?: string[] }).tags ?? []),
    ),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Blocksmith API',
      version: '1.0.0',
      description:
        'The HTTP API. Each /api route runs one operation of the GraphQL API at /graphql, so both share every rule. Errors answer { error, message } (with details such as retryAfterSeconds, or runId and refunded for a failed run). The paths of those routes answer any other method with 405 and an Allow header; the Stripe webhook and /uploads, served beside them, answer other methods 404.',
      contact: {
        name: 'The operator of this Blocksmith server',
        ...(publicServer ? { url: publicUrl } : {}),
      },
    },
    servers: [server],
    tags: Object.values(ROUTE_TAGS).filter((tag) => used.has(tag.name)),
    paths,
    components: {
      schemas: components,
      responses: Object.fromEntries(errors.used),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'access_token from /api/auth/signin (or a Firebase ID token with AUTH_PROVIDER=firebase).',
        },
      },
    },
  };
}
