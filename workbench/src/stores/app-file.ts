import { isPlainObject, validateNodeList, type App, type AppConfig } from '@blocksmith/schema';
import { IMPORT_REFUSED } from '../texts/version-texts';

/** An app file refused because its node list cannot be drawn; `problems` say why, node by node. */
export class InvalidAppFileError extends Error {
  constructor(readonly problems: string[]) {
    super(IMPORT_REFUSED.description);
    this.name = 'InvalidAppFileError';
  }
}

/**
 * Reads an exported app file; throws with a readable message when it is not one, and an
 * InvalidAppFileError when its node list fails the schema's node-list check (missing or
 * malformed nodes), so nothing on the canvas is replaced by it.
 */
export function parseAppFile(text: string): Partial<App> & { config: AppConfig } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('The file is not valid JSON.');
  }
  if (!isPlainObject(parsed)) throw new Error('The file does not hold an app.');
  const config = parsed.config;
  if (!isPlainObject(config)) throw new InvalidAppFileError(['The app configuration is missing.']);
  const check = validateNodeList(config.plugins);
  if (!check.valid) throw new InvalidAppFileError(check.problems);
  return parsed as Partial<App> & { config: AppConfig };
}
