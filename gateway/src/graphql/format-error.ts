import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import { AppError } from '../errors';

/**
 * The one place GraphQL errors take their shape: an AppError keeps its message and gives its code
 * as `extensions.code` (plus its details); GraphQL's own validation errors pass through; anything
 * else is logged and answered without internals.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: { code: original.code, ...(original.details ?? {}) },
    };
  }
  const code = formatted.extensions?.code;
  if (code && code !== 'INTERNAL_SERVER_ERROR') return formatted;
  console.error(original);
  return {
    message: 'Something went wrong on the server. Please try again.',
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}
