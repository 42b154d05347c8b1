import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OfflineProvider } from '@blocksmith/block-sdk';
import { loadConfig } from '../config';
import { startGateway, type Gateway } from '../gateway';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';

describe('a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'restart-'));
  const registry = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'src' });
  const start = () =>
    startGateway({
      config: loadConfig({ PORT: '0', DATA_DIR: dataDir, WORKBENCH_DIR: path.join(dataDir, 'none') }),
      registry,
      provider: new OfflineProvider(),
    });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function graphql(gateway: Gateway, query: string, token?: string) {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return ((await response.json()) as { data: any }).data;
  }

  it('keeps accounts, sessions, apps and credits', async () => {
    const first = await start();
    const signedUp = await graphql(
      first,
      'mutation { signUp(email: "keep@example.com", password: "kept password 1") { session { access_token } } }',
    );
    const token = signedUp.signUp.session.access_token as string;
    await graphql(first, 'mutation { initializeCredits { credits } }', token);
    await graphql(
      first,
      'mutation { createApp(input: { name: "Survivor", category: "Other" }) { id } }',
      token,
    );
    await first.close();

    const second = await start();
    try {
      expect(await graphql(second, '{ me { email } myApps { name } credits { credits } }', token)).toEqual({
        me: { email: 'keep@example.com' },
        myApps: [{ name: 'Survivor' }],
        credits: { credits: 50 },
      });
      const again = await graphql(
        second,
        'mutation { signIn(email: "keep@example.com", password: "kept password 1") { user { email } } }',
      );
      expect(again.signIn.user.email).toBe('keep@example.com');
    } finally {
      await second.close();
    }
  }, 90_000);
});
