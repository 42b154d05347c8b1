import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApiTestGateway } from '../testing/rest-client';
import { OAuthFlow, mcpStatus, pkcePair } from '../testing/oauth-browser';

/** A port free now, so the restarted gateway listens where the first did (as a real restart). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The authorization server's keys and records outlive a restart: nobody connects again. */
it('keeps an authorization under way, its tokens and the client across a restart', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'oauth-restart-'));
  const env = { PORT: String(await freePort()) };
  try {
    const before = await startApiTestGateway(env, { dataDir });
    const person = await before.signUpViaApi('restart@example.com');
    const flow = await OAuthFlow.discover(before.gateway.url);
    const connected = await flow.connect(person.token, 'Kept');
    // A second authorization is left waiting for the person's answer.
    const browser = flow.browser();
    const clientId = await flow.register(browser, 'Waiting');
    const { verifier, challenge } = pkcePair();
    const page = await flow.start(browser, clientId, challenge);
    await before.close();

    const after = await startApiTestGateway(env, { dataDir });
    try {
      const again = await OAuthFlow.discover(after.gateway.url);
      expect(await mcpStatus(after.gateway.url, connected.tokens.access_token)).toBe(200);
      const refreshed = await again.browser().request('POST', '/oauth/token', {
        form: {
          grant_type: 'refresh_token',
          refresh_token: connected.tokens.refresh_token,
          client_id: connected.clientId,
        },
      });
      expect(refreshed.status).toBe(200);
      // The interaction cookie signed before the restart is still read after it.
      const moved = again.browser();
      for (const [name, value] of browser.cookieJar()) moved.setCookie(name, value);
      const back = await again.allow(moved, page, person.token, 4);
      const tokens = await again.exchange(moved, clientId, back.searchParams.get('code')!, verifier);
      expect(tokens.status).toBe(200);
      expect(await mcpStatus(after.gateway.url, tokens.body.access_token as string)).toBe(200);
    } finally {
      await after.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);
