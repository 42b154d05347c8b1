import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentNode } from 'graphql';
import { buildSchema, validate } from 'graphql';
import * as operations from './admin-accounts';

const sdl = readFileSync(path.join(__dirname, '..', '..', '..', 'schema', 'schema.graphql'), 'utf8');
const schema = buildSchema(sdl);

describe('the admin users page’s operations', () => {
  const documents = Object.entries(operations).filter(
    (entry): entry is [string, DocumentNode] =>
      typeof entry[1] === 'object' && entry[1] !== null && (entry[1] as DocumentNode).kind === 'Document',
  );

  it.each(documents)('%s is valid against the committed schema', (_name, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });

  it('covers every operation', () => {
    expect(documents.map(([name]) => name).sort()).toEqual([
      'ADJUST_USER_CREDITS',
      'ADMIN_ACTIONS',
      'ADMIN_USER',
      'ADMIN_USERS',
      'SET_USER_PLAN',
      'SUSPEND_USER',
      'UNSUSPEND_USER',
    ]);
  });
});
