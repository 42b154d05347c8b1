import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { probeApp, probePlugin, probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { HOOK_CALLS_PER_MINUTE, signBody } from '../services/triggers';
import { HOOK_WAIT_MS } from '../services/triggers/hook-calls';

describe('POST /api/hooks/{hookId}', () => {
  let t: ApiTestGateway;
  let ann: { token: string; id: string };
  let appId: string;
  const allowBefore = process.env.HTTP_BLOCK_ALLOW_HOSTS;

  const balance = async () =>
    (await t.api('GET', '/credits/balance', { token: ann.token })).body.credits as number;
  const newHook = (mapping: Record<string, string> = {}) =>
    t.gateway.services.triggers.hooks.create(ann.id, appId, { name: 'Shop', mapping });
  const call = (hookId: string, body: string, headers: Record<string, string>, query = '') =>
    t.api('POST', `/hooks/${hookId}${query}`, {
      raw: body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  beforeAll(async () => {
    t = await startApiTestGateway();
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
    const created = await t.api('POST', '/apps', {
      token: ann.token,
      body: { name: 'Hooked poems', category: 'Content', config: probeTextApp() },
    });
    appId = created.body.id;
  });

  afterAll(() => t.close());

  it('runs the app with the secret in a header, answers its result, and the owner sees a Webhook run', async () => {
    const hook = await newHook();
    const before = await balance();
    const answer = await call(hook.id, JSON.stringify({ input_text: 'the sea' }), {
      'x-blocksmith-secret': hook.secret,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.run).toMatchObject({ status: 'succeeded' });
    expect(answer.body.output.generated_text).toContain('the sea');
    expect(await balance()).toBe(before - answer.body.run.cost);
    const run = await t.api('GET', `/runs/${answer.body.run.id}`, { token: ann.token });
    expect(run.body).toMatchObject({ source: 'webhook', status: 'succeeded' });
    const listed = await t.api('GET', `/apps/${appId}/runs?source=webhook`, { token: ann.token });
    expect(listed.status).toBe(200);
    expect(listed.body.runs.map((r: { id: string }) => r.id)).toContain(answer.body.run.id);
  });

  it('takes an HMAC-SHA256 of the raw body instead of the secret', async () => {
    const hook = await newHook();
    const body = JSON.stringify({ input_text: 'signed words' });
    const answer = await call(hook.id, body, { 'x-blocksmith-signature': signBody(hook.secret, body) });
    expect(answer.status).toBe(200);
    expect(answer.body.output.generated_text).toContain('signed words');
    // The signature of another body does not pass.
    const forged = await call(hook.id, JSON.stringify({ input_text: 'other' }), {
      'x-blocksmith-signature': signBody(hook.secret, body),
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a wrong or missing secret with 401 and runs nothing', async () => {
    const hook = await newHook();
    const before = await balance();
    const runsBefore = (await t.api('GET', `/apps/${appId}/runs?limit=100`, { token: ann.token })).body.runs
      .length;
    const wrong = await call(hook.id, '{"input_text":"x"}', { 'x-blocksmith-secret': `${hook.secret}x` });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({
      error: 'unauthorized',
      message:
        'The webhook’s secret or signature does not match. If the secret was rotated, use the new one.',
    });
    const missing = await call(hook.id, '{"input_text":"x"}', {});
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/X-Blocksmith-Secret/);
    const badSignature = await call(hook.id, '{}', { 'x-blocksmith-signature': 'sha256=zz' });
    expect(badSignature.status).toBe(401);
    expect(await balance()).toBe(before);
    expect(
      (await t.api('GET', `/apps/${appId}/runs?limit=100`, { token: ann.token })).body.runs,
    ).toHaveLength(runsBefore);
    expect((await call('00000000-0000-4000-8000-000000000000', '{}', {})).status).toBe(404);
    expect((await call('not-a-hook', '{}', {})).status).toBe(404);
  });

  it('refuses the old secret at once after a rotation and takes the new one', async () => {
    const hook = await newHook();
    const rotated = await t.gateway.services.triggers.hooks.rotate(ann.id, appId, hook.id);
    expect(rotated.secret).not.toBe(hook.secret);
    const old = await call(hook.id, '{"input_text":"a"}', { 'x-blocksmith-secret': hook.secret });
    expect(old.status).toBe(401);
    const body = '{"input_text":"b"}';
    expect(
      (await call(hook.id, body, { 'x-blocksmith-signature': signBody(hook.secret, body) })).status,
    ).toBe(401);
    expect((await call(hook.id, body, { 'x-blocksmith-secret': rotated.secret })).status).toBe(200);
  });

  it('maps the body’s fields to the app’s inputs', async () => {
    const hook = await newHook({ input_text: 'order.customer.name' });
    const answer = await call(
      hook.id,
      JSON.stringify({
        order: { customer: { name: 'Zoë from Lyon' }, items: [1, 2] },
        input_text: 'ignored',
      }),
      { 'x-blocksmith-secret': hook.secret },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.output.generated_text).toContain('Zoë from Lyon');
    const run = await t.api('GET', `/runs/${answer.body.run.id}`, { token: ann.token });
    expect(run.body.inputs).toEqual({ input_text: 'Zoë from Lyon' });
  });

  it('answers 202 with the run id with ?wait=false, and when the run outlasts the wait', async () => {
    const hook = await newHook();
    const at = await call(
      hook.id,
      '{"input_text":"later"}',
      { 'x-blocksmith-secret': hook.secret },
      '?wait=false',
    );
    expect(at.status).toBe(202);
    expect(at.body).toEqual({ runId: expect.any(String), status: 'running' });

    // An app whose HTTP Request block waits on a server the test holds until the call has answered.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowServer = createServer((_req, res) => {
      void held.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    });
    await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
    const port = (slowServer.address() as AddressInfo).port;
    process.env.HTTP_BLOCK_ALLOW_HOSTS = `127.0.0.1:${port}`;
    await t.gateway.database.dataSource.query("UPDATE users SET plan = 'starter' WHERE id = $1", [ann.id]);
    const slowApp = await t.api('POST', '/apps', {
      token: ann.token,
      body: {
        name: 'Slow lookup',
        category: 'Other',
        config: probeApp(
          [
            probePlugin('http', 'httpRequest', { url: `http://127.0.0.1:${port}/slow`, timeout_seconds: 30 }),
            probePlugin('show', 'textDisplay'),
          ],
          [['http', 'show']],
        ),
      },
    });
    expect(slowApp.status).toBe(201);
    const slowHook = await t.gateway.services.triggers.hooks.create(ann.id, slowApp.body.id, {});
    const calls = t.gateway.services.triggers.calls;
    calls.waitMs = 300;
    try {
      const slow = await call(slowHook.id, '{}', { 'x-blocksmith-secret': slowHook.secret });
      expect(slow.status).toBe(202);
      expect(slow.body.status).toBe('running');
      release();
      // The run goes on after the answer and ends as the owner's Webhook run.
      const started = Date.now();
      let run = await t.api('GET', `/runs/${slow.body.runId}`, { token: ann.token });
      while (run.body.status === 'running' && Date.now() - started < 60_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        run = await t.api('GET', `/runs/${slow.body.runId}`, { token: ann.token });
      }
      expect(run.body).toMatchObject({ status: 'succeeded', source: 'webhook' });
    } finally {
      calls.waitMs = HOOK_WAIT_MS;
      release();
      if (allowBefore === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
      else process.env.HTTP_BLOCK_ALLOW_HOSTS = allowBefore;
      await new Promise((resolve) => slowServer.close(resolve));
    }
  });

  it('limits calls per hook, wrong secrets included, with Retry-After', async () => {
    const hook = await newHook();
    for (let sent = 0; sent < HOOK_CALLS_PER_MINUTE; sent += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => call(hook.id, '{}', { 'x-blocksmith-secret': 'wrong' })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(401));
    }
    const limited = await call(hook.id, '{"input_text":"x"}', { 'x-blocksmith-secret': hook.secret });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another hook has its own count.
    const other = await newHook();
    expect((await call(other.id, '{"input_text":"x"}', { 'x-blocksmith-secret': other.secret })).status).toBe(
      200,
    );
  });

  it('answers malformed calls with 4xx, never a 5xx', async () => {
    const hook = await newHook({ input_text: 'a.b' });
    const secret = { 'x-blocksmith-secret': hook.secret };
    const bodies = [
      '{"input_text":"nul \\u0000 here"}',
      '{"a":{"b":"nul \\u0000"}}',
      '{"input_text": "cut',
      'not json at all',
      '\u0000\u0000',
      '[1,2,3]',
      '"just a string"',
      '{"a":{"b":{"deep":' + '['.repeat(5000) + ']'.repeat(5000) + '}}}',
      '['.repeat(100_000),
      'x'.repeat(1_100_000),
      '{"a":{"b":"' + '\ud800' + '"}}',
    ];
    for (const body of bodies) {
      const answer = await call(hook.id, body, secret);
      expect([200, 400, 413]).toContain(answer.status);
      if (answer.status !== 200) expect(typeof answer.body.message).toBe('string');
    }
    // A truncated body: a Content-Length longer than what is sent, then the connection ends.
    const { request } = await import('node:http');
    const url = new URL(`${t.gateway.url}/api/hooks/${hook.id}`);
    await new Promise<void>((resolve) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-length': '500', ...secret },
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', () => resolve());
      req.write('{"input_text":');
      setImmediate(() => req.destroy());
    });
    // The server is still serving.
    const fine = await call(hook.id, JSON.stringify({ a: { b: 'after the storm' } }), secret);
    expect(fine.status).toBe(200);
    expect(fine.body.output.generated_text).toContain('after the storm');
  });
});
