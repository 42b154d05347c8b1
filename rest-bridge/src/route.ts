import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { DocumentNode } from 'graphql';
import type { BridgeError } from './errors';
import type { JsonSchema } from './json-schema';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Error statuses a route's operation can answer besides the ones the bridge itself answers for
 * every route of its kind (400, 405 and 500 always; 401 with a token; 404 with path parameters;
 * 413 and 415 with a body).
 */
export type OperationErrorStatus = 401 | 402 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503 | 504;

/** What a route's mappings read from a request, already parsed and checked against its schemas. */
export interface RouteRequest {
  /** Path parameters by name, e.g. `id` of `/apps/{id}`. */
  params: Record<string, string>;
  /** Query parameters, single values only. */
  query: Record<string, string>;
  /** The JSON body (an object; `{}` when none was sent). */
  body: Record<string, unknown>;
}

/** What the route table and the OpenAPI document read of a route, whatever its operation. */
interface RouteDescription {
  method: HttpMethod;
  /** Under /api, with `{name}` path parameters: `/apps/{id}/execute`. */
  path: string;
  /** One line for the route list and the OpenAPI document. */
  summary: string;
  /** More than the summary says, for the OpenAPI document (who may call it is added to it). */
  description?: string;
  /** Its group in the OpenAPI document: a name of ROUTE_TAGS, set by the table (`tagged`). */
  tag?: string;
  /**
   * `user`: a session's bearer token is required; `token`: a bearer token is required but the
   * operation judges it (a password reset token); `optional`: used when sent; `none`: ignored.
   */
  auth: 'user' | 'token' | 'optional' | 'none';
  /** Admin-only routes say so in the document; the service checks it. */
  admin?: boolean;
  /** Path parameters, for the document (plain strings when not described). */
  params?: Readonly<Record<string, { schema: JsonSchema; description: string }>>;
  /** Query parameters it reads. */
  query?: Readonly<Record<string, { schema: JsonSchema; description: string }>>;
  /** The JSON body it reads; bodies are checked against it before anything runs. */
  body?: JsonSchema;
  /** Execute also takes multipart/form-data with a file. */
  multipart?: boolean;
  /**
   * With `multipart`: the file is kept as a document (not a run's input) and its id is given to
   * the operation as this variable.
   */
  fileVariable?: string;
  /** Answer status on success (200 unless said). */
  status?: 200 | 201 | 204;
  /** The answer's shape, for the document. */
  response?: JsonSchema;
  /** How the operation can refuse, for the document: the services' errors it can meet. */
  errors?: readonly OperationErrorStatus[];
}

/**
 * A route's variables as its mapping writes them: each of the operation's variables by name (a
 * required one cannot be left out, an unknown one is an error). Their values come from a request
 * already checked against the route's JSON Schemas, so they are not typed again here.
 */
export type RouteVariables<TVariables> = { [K in keyof TVariables]: unknown };

/** One documented /api route: how it maps onto one GraphQL operation and back, typed by it. */
export interface TypedRoute<TData, TVariables> extends RouteDescription {
  /** The GraphQL operation run for it: a generated document (rest-bridge/src/operations). */
  operation: TypedDocumentNode<TData, TVariables>;
  /** Path, query and body to the operation's variables. */
  variables(request: RouteRequest): RouteVariables<TVariables>;
  /** An outcome the operation reports as data but the route answers as an error (a failed run). */
  refusal?(data: TData): BridgeError | null;
  /** The operation's data to the documented answer (ignored for 204). */
  answer(data: TData, request: RouteRequest): unknown;
}

/** A route of the table, whichever operation it runs. */
export interface Route extends RouteDescription {
  operation: DocumentNode;
  variables(request: RouteRequest): Record<string, unknown>;
  refusal?(data: Record<string, unknown>): BridgeError | null;
  answer(data: Record<string, unknown>, request: RouteRequest): unknown;
}

/**
 * Declares a route: its mappings are checked against its operation's generated types (the data
 * they read, the variables they write), and the table holds it as a plain Route.
 */
export function route<TData extends Record<string, unknown>, TVariables>(
  definition: TypedRoute<TData, TVariables> & {
    variables(request: RouteRequest): NoInfer<RouteVariables<TVariables>>;
    refusal?(data: NoInfer<TData>): BridgeError | null;
    answer(data: NoInfer<TData>, request: RouteRequest): unknown;
  },
): Route {
  return definition;
}
