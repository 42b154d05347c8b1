import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { probeApp, probePlugin } from '../../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../../testing/rest-client';
import { creditsOf, publishApp, starterWithKey } from '../../mcp/testing/mcp-fixture';
import { runAppTools } from './run-app-tools';

const PARENT_RUN = '00000000-0000-4000-8000-0000000000aa';

/** An agent's call cut off while the app runs: the app's run is stopped and refunded. */
describe('an app tool call cut off by its caller', () => {
  let t: ApiTestGateway;
  let slow: Server;
  const waiting: ServerResponse[] = [];
  let reached: () => void;
  const allowBefore = process.env.HTTP_BLOCK_ALLOW_HOSTS;

  beforeAll(async () => {
    slow = createServer((_req, res) => {
      waiting.push(res);
      reached();
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const address = `127.0.0.1:${(slow.address() as AddressInfo).port}`;
    process.env.HTTP_BLOCK_ALLOW_HOSTS = address;
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    const admin = await t.signUpAdmin('admin@example.com');
    const creator = await starterWithKey(t, 'creator@example.com');
    await publishApp(t, creator.token, admin, {
      name: 'Slow fetch',
      slug: 'slow-fetch',
      price: 2,
      config: probeApp(
        [
          probePlugin('in', 'textInput', { label: 'Topic' }),
          probePlugin('fetch', 'httpRequest', {
            url: `http://${address}/slow?q={{input_text}}`,
            timeout_seconds: 30,
          }),
          probePlugin('show', 'textDisplay'),
        ],
        [
          ['in', 'fetch'],
          ['fetch', 'show'],
        ],
      ),
    });
  }, 120_000);

  afterAll(async () => {
    if (allowBefore === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
    else process.env.HTTP_BLOCK_ALLOW_HOSTS = allowBefore;
    for (const res of waiting) res.destroy();
    await new Promise((resolve) => slow.close(resolve));
    await t.close();
  });

  it('stops the app’s run when the call is cut off, and refunds it', async () => {
    const runner = await t.signUpViaApi('runner@example.com', { credits: true });
    const tools = runAppTools(t.gateway.services.appTools, t.gateway.database.dataSource, {
      runId: PARENT_RUN,
      appId: '00000000-0000-4000-8000-0000000000bb',
      payerId: runner.id,
    });
    const [spec] = await tools.apps(['slow-fetch']);
    const before = await creditsOf(t, runner.token);
    const cutOff = new AbortController();
    const atServer = new Promise<void>((resolve) => (reached = resolve));
    const call = tools.callApp('slow-fetch', { input_text: 'tides' }, { signal: cutOff.signal });
    call.catch(() => undefined);
    await atServer;
    expect(await creditsOf(t, runner.token)).toBe(before - spec!.maxCredits);
    cutOff.abort();
    await expect(call).rejects.toThrow();
    const [nested] = (await t.gateway.database.dataSource.query(
      'SELECT status, source FROM runs WHERE parent_run_id = $1',
      [PARENT_RUN],
    )) as { status: string; source: string }[];
    expect(nested).toEqual({ status: 'aborted', source: 'agent' });
    expect(await creditsOf(t, runner.token)).toBe(before);
  }, 120_000);
});
