import { findUnstorableText, unstorableTextMessage } from '@blocksmith/schema';
import type { IncomingMessage } from 'node:http';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import express from 'express';
import {
  execute,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import { BridgeError, fromGraphQLError, toBridgeError } from './errors';
import type { JsonSchema } from './json-schema';
import { RouteMatcher } from './match-route';
import { isMultipart, readMultipart } from './multipart';
import { openApiDocument } from './openapi';
import type { Route, RouteRequest } from './route';
import { routes as defaultRoutes } from './routes';

/** A file sent with a run (or a document), to be kept before the operation runs. */
export interface RunUpload {
  /** `run`: for the app's file upload block; `knowledge`: a document for the knowledge base `appId`. */
  purpose: 'run' | 'knowledge';
  /** The path's `id`: the app's, or the knowledge base's. */
  appId: string;
  actionType?: string;
  name: string;
  mime: string;
  data: Buffer;
}

export interface RestBridgeOptions {
  schema: GraphQLSchema;
  /** The gateway's context for a bearer token; `signedIn` is false for none or a bad one. */
  contextFor(
    token: string | null,
    request: IncomingMessage,
  ): Promise<{ context: unknown; signedIn: boolean }>;
  /** Shapes an execution error exactly as the gateway's GraphQL endpoint does. */
  formatError(error: GraphQLError): GraphQLFormattedError;
  /** Keeps a run's uploaded file; answers the run input key and value for it. */
  storeUpload(context: unknown, upload: RunUpload): Promise<{ inputKey: string; id: string }>;
  /** Forgets a kept upload whose run was refused before it started, so nothing of it stays. */
  discardUpload(context: unknown, id: string): Promise<void>;
  /** Largest file accepted with execute, in bytes. */
  maxUploadBytes: number;
  /** Extra validation rules the gateway applies to every operation (depth and cost limits). */
  validationRules?: Parameters<typeof validate>[2];
  routes?: readonly Route[];
  /** Where the API is served, for the OpenAPI document's servers list. */
  publicUrl?: string;
}

interface PreparedRoute {
  route: Route;
  document: DocumentNode;
  /** The body's and the query's validators, compiled when a request first needs them. */
  checkBody: (() => ValidateFunction) | null;
  checkQuery: (() => ValidateFunction) | null;
}

const JSON_LIMIT = '1mb';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** `Bearer <token>` from the Authorization header. */
function bearer(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  return match ? match[1]! : null;
}

/** An ajv error as a sentence that names the field: "`email` must be a string." */
function describeIssue(error: ErrorObject, where: 'body' | 'query'): string {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const subject = (name: string) => (name ? `\`${name}\`` : where === 'body' ? 'The body' : 'The query');
  switch (error.keyword) {
    case 'required':
      return `${subject(path ? `${path}.${params.missingProperty}` : String(params.missingProperty))} is required.`;
    case 'type':
      return `${subject(path)} must be ${/^[aeiou]/.test(String(params.type)) ? 'an' : 'a'} ${String(params.type)}.`;
    case 'enum':
      return `${subject(path)} must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}.`;
    case 'maxLength':
      return `${subject(path)} is too long: ${String(params.limit)} characters at most.`;
    case 'minLength':
      return `${subject(path)} must not be empty.`;
    case 'minimum':
    case 'maximum':
      return `${subject(path)} ${error.message ?? 'is out of range'}.`;
    default:
      return `${subject(path)} ${error.message ?? 'is not valid'}.`;
  }
}

/** The ajv instances bodies and queries are checked with (a query's values come as text: coerced). */
export function requestValidators(): { bodies: Ajv2020; queries: Ajv2020 } {
  return {
    bodies: new Ajv2020({ allErrors: false, strict: false }),
    queries: new Ajv2020({ allErrors: false, strict: false, coerceTypes: true }),
  };
}

/**
 * A schema's validator, compiled by ajv on first use: compiling every route's at start was half of
 * the bridge's start (about 0.1 s of CPU), and most servers see a fraction of the routes.
 */
function validatorOf(ajv: Ajv2020, schema: JsonSchema | null | undefined): (() => ValidateFunction) | null {
  if (!schema) return null;
  let compiled: ValidateFunction | undefined;
  return () => (compiled ??= ajv.compile(schema));
}

export function querySchema(route: Route): JsonSchema | null {
  if (!route.query) return null;
  const properties: Record<string, JsonSchema> = {};
  for (const [name, { schema }] of Object.entries(route.query)) properties[name] = schema;
  return { type: 'object', properties };
}

/** The /api router: every route of the table, run in-process against the gateway's schema. */
export function createRestBridge(options: RestBridgeOptions): express.Router {
  const table = options.routes ?? defaultRoutes;
  const { bodies, queries } = requestValidators();
  const prepared = new Map<Route, PreparedRoute>();
  for (const route of table) {
    const document = route.operation;
    const problems = validate(options.schema, document, options.validationRules);
    if (problems.length > 0) {
      throw new Error(`${route.method} /api${route.path}: ${problems.map((p) => p.message).join('; ')}`);
    }
    prepared.set(route, {
      route,
      document,
      checkBody: validatorOf(bodies, route.body),
      checkQuery: validatorOf(queries, querySchema(route)),
    });
  }
  const matcher = new RouteMatcher(table);
  const openApi = openApiDocument(table, options.publicUrl);

  const router = express.Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(openApi);
  });

  router.use(async (req, res) => {
    try {
      const found = matcher.match(req.method, req.path);
      if (found.kind === 'none') {
        throw new BridgeError(
          404,
          'not_found',
          `There is no ${req.method} /api${req.path} route. See /api/openapi.json.`,
        );
      }
      if (found.kind === 'method') {
        res.setHeader('allow', found.allowed.join(', '));
        throw new BridgeError(
          405,
          'method_not_allowed',
          `Use ${found.allowed.join(' or ')} for /api${req.path}.`,
        );
      }
      const entry = prepared.get(found.route)!;
      await answer(entry, found.params, req, res);
    } catch (error) {
      sendError(res, toBridgeError(error, options.formatError));
    }
  });

  const jsonBody = express.json({ limit: JSON_LIMIT, strict: false, type: () => true });

  async function readBody(
    entry: PreparedRoute,
    req: express.Request,
    res: express.Response,
  ): Promise<{ body: Record<string, unknown>; upload: RunUpload | null }> {
    const { route } = entry;
    const hasBody =
      BODY_METHODS.has(req.method) &&
      (Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined);
    if (!hasBody) return { body: {}, upload: null };
    if (isMultipart(req)) {
      if (!route.multipart) {
        throw new BridgeError(
          415,
          'unsupported_media_type',
          'Send this body as JSON (Content-Type: application/json).',
        );
      }
      const form = await readMultipart(req, { maxFileBytes: options.maxUploadBytes });
      const body: Record<string, unknown> = { ...form.fields };
      if (typeof form.fields.inputData === 'string') {
        try {
          body.inputData = JSON.parse(form.fields.inputData) as unknown;
        } catch {
          throw new BridgeError(400, 'invalid_json', 'The inputData field is not valid JSON text.');
        }
      }
      const upload = form.file
        ? {
            purpose: route.fileVariable ? ('knowledge' as const) : ('run' as const),
            appId: '',
            name: form.file.name,
            mime: form.file.mime,
            data: form.file.data,
          }
        : null;
      return { body, upload };
    }
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
      throw new BridgeError(
        415,
        'unsupported_media_type',
        `Send the body as JSON with Content-Type: application/json${route.multipart ? ', or as multipart/form-data' : ''}.`,
      );
    }
    await new Promise<void>((resolve, reject) =>
      jsonBody(req, res, (error?: unknown) => (error ? reject(bodyError(error)) : resolve())),
    );
    const body: unknown = req.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new BridgeError(400, 'bad_request', 'The body must be a JSON object.');
    }
    return { body: body as Record<string, unknown>, upload: null };
  }

  async function answer(
    entry: PreparedRoute,
    params: Record<string, string>,
    req: express.Request,
    res: express.Response,
  ): Promise<void> {
    const { route } = entry;
    const query: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.query)) {
      if (typeof value !== 'string')
        throw new BridgeError(400, 'bad_request', `Send the query parameter \`${name}\` once.`);
      query[name] = value;
    }
    const checkQuery = entry.checkQuery?.();
    if (checkQuery && !checkQuery({ ...query })) {
      throw new BridgeError(400, 'bad_request', describeIssue(checkQuery.errors![0]!, 'query'));
    }

    const token = route.auth === 'none' ? null : bearer(req.headers.authorization);
    if ((route.auth === 'user' || route.auth === 'token') && token === null) {
      throw new BridgeError(
        401,
        'unauthorized',
        'Please sign in: send your access token as Authorization: Bearer <token>.',
      );
    }
    const { context, signedIn } = await options.contextFor(token, req);
    if (token !== null && !signedIn && route.auth !== 'token') {
      throw new BridgeError(401, 'invalid_token', 'Your session has ended. Please sign in again.');
    }

    const { body, upload } = await readBody(entry, req, res);
    refuseNulCharacters({ ...params, ...query }, body);
    const checkBody = entry.checkBody?.();
    if (checkBody && !checkBody(body)) {
      throw new BridgeError(400, 'bad_request', describeIssue(checkBody.errors![0]!, 'body'));
    }
    const request: RouteRequest = { params, query, body };
    const variables = route.variables(request);
    let keptId: string | null = null;
    if (upload) {
      const kept = await options
        .storeUpload(context, {
          ...upload,
          appId: params.id ?? '',
          ...(typeof body.actionType === 'string' ? { actionType: body.actionType } : {}),
        })
        .catch((error: unknown) => {
          throw toBridgeError(error, options.formatError);
        });
      if (route.fileVariable) {
        variables[route.fileVariable] = kept.id;
      } else {
        const inputs = (variables.inputs ?? {}) as Record<string, unknown>;
        variables.inputs = { ...inputs, [kept.inputKey]: kept.id };
      }
      keptId = kept.id;
    }

    const result = await execute({
      schema: options.schema,
      document: entry.document,
      variableValues: variables,
      contextValue: context,
    });
    if (result.errors && result.errors.length > 0) {
      if (keptId !== null) await options.discardUpload(context, keptId);
      throw fromGraphQLError(options.formatError(result.errors[0]!));
    }
    const data = (result.data ?? {}) as Record<string, unknown>;
    const refusal = route.refusal?.(data);
    if (refusal) throw refusal;
    const status = route.status ?? 200;
    if (status === 204) {
      res.status(204).end();
      return;
    }
    res.status(status).json(route.answer(data, request) ?? null);
  }

  return router;
}

/**
 * PostgreSQL cannot store U+0000: a path parameter, query parameter or body field holding one is
 * refused here, naming it, before any operation runs.
 */
function refuseNulCharacters(parameters: Record<string, string>, body: Record<string, unknown>): void {
  const field = findUnstorableText(parameters) ?? findUnstorableText(body);
  if (field !== null) throw new BridgeError(400, 'bad_request', unstorableTextMessage(field), { field });
}

/** What body-parser reports, as an answer a person can act on. */
function bodyError(error: unknown): BridgeError {
  const type = (error as { type?: string }).type;
  if (type === 'entity.too.large') {
    return new BridgeError(413, 'payload_too_large', `The body is too large: ${JSON_LIMIT} at most.`);
  }
  if (type === 'entity.parse.failed') {
    return new BridgeError(400, 'invalid_json', `The body is not valid JSON: ${(error as Error).message}.`);
  }
  return new BridgeError(400, 'bad_request', 'The body could not be read.');
}

/** Answers an error as `{ error, message }` with its status (and Retry-After when rate limited). */
export function sendError(res: express.Response, answer: BridgeError): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const retryAfter = answer.details.retryAfterSeconds;
  if (typeof retryAfter === 'number') res.setHeader('retry-after', String(Math.ceil(retryAfter)));
  res.status(answer.status).json(answer.body);
}
