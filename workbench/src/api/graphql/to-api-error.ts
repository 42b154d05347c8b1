import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { ApiError } from '../blocksmith-api';

/**
 * A failure that is not the server's answer: the request never arrived or no GraphQL answer came
 * back (fetch's TypeError, an HTTP error page, a socket closed while watching a run).
 */
function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    ServerError.is(error) ||
    ServerParseError.is(error) ||
    (typeof error === 'object' &&
      error !== null &&
      'code' in error &&
      'reason' in error &&
      'wasClean' in error)
  );
}

/**
 * Anything a call threw as the `ApiError` the stores read: the server's first GraphQL error with
 * its stable code, or a network failure marked as one. Every call of the GraphQL API maps its
 * failures here.
 */
export function toApiError(error: unknown): ApiError {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code;
    return new ApiError(first?.message ?? error.message, typeof code === 'string' ? code : undefined);
  }
  if (error instanceof ApiError) return error;
  const network = isNetworkFailure(error);
  if (error instanceof Error) return new ApiError(error.message, undefined, network);
  if (network) return new ApiError('The connection to the server closed.', undefined, true);
  return new ApiError(String(error));
}
