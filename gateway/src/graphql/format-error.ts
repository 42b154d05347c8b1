import { unwrapResolverError } from '@apollo/server/errors';
import { GraphValidationError } from '@blocksmith/engine';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { AppError } from '../errors';

/**
 * The one place GraphQL errors take their shape: an AppError (or the engine's refusal of an app,
 * GraphValidationError) keeps its message and gives its code as `extensions.code` (plus its
 * details); GraphQL's own validation errors pass through; anything else is logged and answered
 * without internals.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);
  if (original instanceof AppError || original instanceof GraphValidationError) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: { code: original.code, ...(original.details ?? {}) },
    };
  }
  const code = formatted.extensions?.code;
  if (code && code !== 'INTERNAL_SERVER_ERROR') return { ...formatted, message: capped(formatted.message) };
  // GraphQL's own refusal of a request before anything ran (variables it could not take, with
  // no code of its own): the client's to fix.
  if (original instanceof GraphQLError && !original.originalError && !formatted.path) {
    return {
      ...formatted,
      message: capped(formatted.message),
      extensions: { ...formatted.extensions, code: 'BAD_USER_INPUT' },
    };
  }
  console.error(original);
  return {
    message: 'Something went wrong on the server. Please try again.',
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}

/** Longest error message answered: messages quoting what was sent are cut, not echoed whole. */
const MAX_MESSAGE = 1_000;

function capped(message: string): string {
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}...` : message;
}
