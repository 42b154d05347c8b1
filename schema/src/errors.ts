/**
 * The stable error codes every layer speaks: services throw them, GraphQL carries them in
 * `extensions.code`, the REST bridge maps them to a status and `{ error, message }`.
 */
export const ERROR_CODES = [
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_CREDITS',
  'PUBLISHING_LIMIT',
  /** A signed-in run from an embed before the runner confirmed the app's price in our own window. */
  'PRICE_UNCONFIRMED',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'AI_PROVIDER_ERROR',
  'AI_OUTPUT_INVALID',
  /** A block failed for a reason of its own (not bad input, not the AI service). */
  'BLOCK_ERROR',
  /** A run passed RUN_TIMEOUT_SECONDS and was stopped. */
  'RUN_TIMEOUT',
  /** A run waiting for approval was rejected by its approver. */
  'APPROVAL_REJECTED',
  /** A run waiting for approval was not decided before its time-out. */
  'APPROVAL_TIMED_OUT',
  'INTERNAL_SERVER_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Whether a code from outside (a stored run, a block) is one of the shared codes. */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}
