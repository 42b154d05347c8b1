import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { startGateway, type Gateway } from './gateway';
import { BlockRegistry } from './kernel';
import { seedPgliteDataDir } from './testing/database-template';

/**
 * Records a library the first time something loads it. On the global object: the mocks' factories
 * run while this file's imports load (an eager import would load its library then), before this
 * file's own constants exist; a function declaration is there from the start.
 */
function mockRecord(name: string): void {
  const record = globalThis as { librariesLoaded?: string[] };
  (record.librariesLoaded ??= []).push(name);
}
const loaded = () => (globalThis as { librariesLoaded?: string[] }).librariesLoaded ?? [];

jest.mock('@zxcvbn-ts/language-en', () => {
  mockRecord('@zxcvbn-ts/language-en');
  return jest.requireActual('@zxcvbn-ts/language-en');
});
jest.mock('stripe', () => (mockRecord('stripe'), jest.requireActual('stripe')));
jest.mock('nodemailer', () => (mockRecord('nodemailer'), jest.requireActual('nodemailer')));
jest.mock('pg-boss', () => (mockRecord('pg-boss'), jest.requireActual('pg-boss')));
jest.mock(
  'firebase-admin/app',
  () => (mockRecord('firebase-admin/app'), jest.requireActual('firebase-admin/app')),
);
jest.mock('openai', () => (mockRecord('openai'), jest.requireActual('openai')));
jest.mock(
  '@anthropic-ai/sdk',
  () => (mockRecord('@anthropic-ai/sdk'), jest.requireActual('@anthropic-ai/sdk')),
);

describe('libraries a server loads only when used', () => {
  let dataDir: string;
  let gateway: Gateway | undefined;
  beforeAll(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'libraries-'))));
  afterAll(async () => {
    await gateway?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts and answers without any of them, and loads the password dictionaries at the first password', async () => {
    await seedPgliteDataDir(dataDir);
    // No blocks installed: the starter templates say so, which is not what this test is about.
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    gateway = await startGateway({
      config: loadConfig({ PORT: '0', DATA_DIR: dataDir, WORKBENCH_DIR: path.join(dataDir, 'none') }),
      registry: new BlockRegistry(),
    });
    const health = await fetch(`${gateway.url}/healthz`);
    expect(health.status).toBe(200);
    expect(loaded()).toEqual([]);

    await expect(
      gateway.services.accounts.signUp({ email: 'weak@example.com', password: 'password1' }),
    ).rejects.toThrow('This password is too easy to guess.');
    expect(loaded()).toEqual(['@zxcvbn-ts/language-en']);
    const { user } = await gateway.services.accounts.signUp({
      email: 'strong@example.com',
      password: 'a good long password',
    });
    expect(user.email).toBe('strong@example.com');
    expect(loaded()).toEqual(['@zxcvbn-ts/language-en']);
  }, 120_000);
});
