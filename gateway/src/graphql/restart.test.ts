import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestGateway } from '../testing/graphql-client';

describe('a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps accounts, sessions, apps and credits', async () => {
    const first = await startTestGateway({}, { dataDir });
    const token = await first.signUp('keep@example.com');
    await first.graphql(
      'mutation { createApp(input: { name: "Survivor", category: "Other" }) { id } }',
      {},
      token,
    );
    await first.close();

    const second = await startTestGateway({}, { dataDir });
    try {
      const kept = await second.graphql('{ me { email } myApps { name } credits { credits } }', {}, token);
      expect(kept.data).toEqual({
        me: { email: 'keep@example.com' },
        myApps: [{ name: 'Survivor' }],
        credits: { credits: 50 },
      });
      const again = await second.graphql(
        'mutation { signIn(email: "keep@example.com", password: "a good long password") { user { email } } }',
      );
      expect(again.data!.signIn.user.email).toBe('keep@example.com');
    } finally {
      await second.close();
    }
  }, 90_000);
});
