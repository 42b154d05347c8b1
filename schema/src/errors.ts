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
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'UNAVAILABLE',
  'AI_PROVIDER_ERROR',
  'AI_OUTPUT_INVALID',
  'INTERNAL_SERVER_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
