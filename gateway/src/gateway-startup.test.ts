import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import type * as DatabaseModule from './data/database';
import { BlockRegistry } from './kernel';
import { seedPgliteDataDir } from './testing/database-template';

// The schema fails to build; the database, opened meanwhile, must be closed again.
jest.mock('./graphql/build-schema', () => ({
  buildGatewaySchema: () => Promise.reject(new Error('the schema did not build')),
}));
const events: string[] = [];
jest.mock('./data/database', () => {
  const actual = jest.requireActual<typeof DatabaseModule>('./data/database');
  return {
    ...actual,
    openDatabase: async (options: Parameters<typeof DatabaseModule.openDatabase>[0]) => {
      events.push('opening');
      const database = await actual.openDatabase(options);
      events.push('opened');
      return {
        ...database,
        close: async () => {
          await database.close();
          events.push('closed');
        },
      };
    },
  };
});

import { startGateway } from './gateway';

describe('the gateway starting up', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-startup-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens the database while the schema builds, and closes it when the start-up fails', async () => {
    await seedPgliteDataDir(dataDir);
    const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, WORKBENCH_DIR: path.join(dataDir, 'none') });
    await expect(startGateway({ config, registry: new BlockRegistry() })).rejects.toThrow(
      'the schema did not build',
    );
    expect(events).toEqual(['opening', 'opened', 'closed']);
  }, 120_000);
});
