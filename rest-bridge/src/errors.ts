import { isErrorCode, type ErrorCode } from '@blocksmith/schema';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';

/** The body of every error answer. */
export interface ErrorBody {
  /** A stable, snake_case code a program can branch on. */
  error: string;
  /** What a person can act on. */
  message: string;
  [detail: string]: unknown;
}

/** A request the bridge refuses before any operation runs. */
export class BridgeError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'BridgeError';
  }

  get body(): ErrorBody {
    return { error: this.code, message: this.message, ...this.details };
  }
}

/**
 * The shared error codes (GraphQL `extensions.code`) as HTTP statuses and body codes. A code added
 * to the shared list fails to compile until it has its answer here.
 */
const BY_CODE: Readonly<Record<ErrorCode, readonly [number, string]>> = {
  BAD_USER_INPUT: [400, 'bad_request'],
  UNAUTHENTICATED: [401, 'unauthorized'],
  FORBIDDEN: [403, 'forbidden'],
  PUBLISHING_LIMIT: [403, 'publishing_limit'],
  PRICE_UNCONFIRMED: [403, 'price_unconfirmed'],
  NOT_FOUND: [404, 'not_found'],
  CONFLICT: [409, 'conflict'],
  INSUFFICIENT_CREDITS: [402, 'insufficient_credits'],
  PAYLOAD_TOO_LARGE: [413, 'payload_too_large'],
  RATE_LIMITED: [429, 'rate_limited'],
  AI_PROVIDER_ERROR: [502, 'ai_provider_error'],
  AI_OUTPUT_INVALID: [502, 'ai_output_invalid'],
  // A block could not do its work with what it was given: the run failed, the server did not.
  BLOCK_ERROR: [422, 'block_failed'],
  RUN_TIMEOUT: [504, 'run_timeout'],
  // A run that waited for approval: its approver said no, or did not answer in time.
  APPROVAL_REJECTED: [409, 'approval_rejected'],
  APPROVAL_TIMED_OUT: [409, 'approval_timed_out'],
  UNAVAILABLE: [503, 'unavailable'],
  INTERNAL_SERVER_ERROR: [500, 'internal_error'],
};

/** GraphQL's own codes for requests it refuses before they run. */
const GRAPHQL_CODES: Readonly<Record<string, readonly [number, string]>> = {
  GRAPHQL_VALIDATION_FAILED: [400, 'bad_request'],
  GRAPHQL_PARSE_FAILED: [400, 'bad_request'],
  BAD_REQUEST: [400, 'bad_request'],
  PERSISTED_QUERY_NOT_SUPPORTED: [400, 'bad_request'],
  OPERATION_RESOLUTION_FAILURE: [400, 'bad_request'],
};

const INTERNAL: readonly [number, string] = [500, 'internal_error'];

/** Extension keys that are GraphQL's own, not details worth passing on. */
const NOT_DETAILS = new Set(['code', 'authCode', 'stacktrace', 'exception', 'http']);

/** HTTP status and body for a gateway error code, e.g. for a failed run's stored code. */
export function statusOf(code: string | undefined): readonly [number, string] {
  if (isErrorCode(code)) return BY_CODE[code];
  return (code !== undefined && GRAPHQL_CODES[code]) || INTERNAL;
}

/**
 * A formatted GraphQL error as an HTTP error. The finer `authCode` of account errors becomes the
 * body's code (`invalid_credentials`, `weak_password`, ...), as the hosted auth service answers.
 */
export function fromGraphQLError(error: GraphQLFormattedError): BridgeError {
  const extensions = error.extensions ?? {};
  const code = typeof extensions.code === 'string' ? extensions.code : undefined;
  // An error without a code comes from GraphQL itself (variables it could not coerce): bad input.
  const [status, name] = code === undefined ? GRAPHQL_CODES.BAD_REQUEST! : statusOf(code);
  const details: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(extensions)) {
    if (!NOT_DETAILS.has(key)) details[key] = value;
  }
  const authCode = typeof extensions.authCode === 'string' ? extensions.authCode : undefined;
  return new BridgeError(status, authCode ?? name, error.message, details);
}

/**
 * Any failure as an HTTP error: the bridge's own pass through; anything else is shaped by the
 * gateway's error formatter, the one place errors take their code (unknown ones become a 500
 * without internals).
 */
export function toBridgeError(
  error: unknown,
  formatError: (error: GraphQLError) => GraphQLFormattedError,
): BridgeError {
  if (error instanceof BridgeError) return error;
  const original = error instanceof Error ? error : new Error(String(error));
  return fromGraphQLError(formatError(new GraphQLError(original.message, { originalError: original })));
}
