import type { Connection } from './app';
import { DEFAULT_APP_NAME } from './app';
import { isPlainObject } from './plain-object';

export const INVALID_APP_CONFIGURATION = 'Invalid app configuration received';
export const GENERATED_NAME_LENGTH = 50;
export const GENERATED_DESCRIPTION_LENGTH = 100;

/** The first `length` characters (code points, so an emoji is never cut in half), trimmed. */
function firstCharacters(text: string, length: number): string {
  return Array.from(text.trim()).slice(0, length).join('').trim();
}

/** A generated app's name: the first 50 characters of the prompt; 'My App' for a blank prompt. */
export function generatedAppName(prompt: string): string {
  return firstCharacters(prompt, GENERATED_NAME_LENGTH) || DEFAULT_APP_NAME;
}

/** A generated app's description: the first 100 characters of the prompt. */
export function generatedAppDescription(prompt: string): string {
  return firstCharacters(prompt, GENERATED_DESCRIPTION_LENGTH);
}

const CONNECTION_FIELDS = ['id', 'from', 'to', 'fromPort', 'toPort'] as const;

function isConnection(value: unknown): value is Connection {
  return (
    isPlainObject(value) &&
    CONNECTION_FIELDS.every((field) => typeof value[field] === 'string' && value[field] !== '')
  );
}

/**
 * Keeps the assistant's connections that have a non-empty string id, from, to, fromPort and
 * toPort; each kept one is copied with just those five fields.
 */
export function keepValidConnections(list: readonly unknown[]): Connection[] {
  return list
    .filter(isConnection)
    .map(({ id, from, to, fromPort, toPort }) => ({ id, from, to, fromPort, toPort }));
}

/** The assistant's result must carry plugins and connections lists, else INVALID_APP_CONFIGURATION. */
export function generatedAppProblem(result: unknown): string | null {
  const valid = isPlainObject(result) && Array.isArray(result.plugins) && Array.isArray(result.connections);
  return valid ? null : INVALID_APP_CONFIGURATION;
}
