import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hasUnstorableCharacter } from '@blocksmith/schema';
import { databaseTargets, openTestDatabase } from '../testing/database';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * Text the database cannot store (NUL, half of a surrogate pair), produced by blocks rather than
 * sent by clients, over real HTTP on PGlite and on PostgreSQL when TEST_DATABASE_URL is set: the
 * run keeps its real result, cleaned (U+FFFD in place of each such character), the caller's
 * answer shows the same values, and the stored run reads back.
 */

jest.setTimeout(120_000);

/** Every string of a value, keys included. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap(texts);
  return Object.entries(value).flatMap(([key, inner]) => [key, ...texts(inner)]);
}

describe.each(databaseTargets)('unstorable text from blocks on %s', (_name, serverUrl) => {
  let t: ApiTestGateway;
  let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  let echo: Server;
  let echoUrl: string;
  let ann: { token: string; id: string };
  const allowBefore = process.env.HTTP_BLOCK_ALLOW_HOSTS;

  beforeAll(async () => {
    echo = createServer((_request, response) => {
      response.setHeader('content-type', 'text/plain; charset=utf-8');
      response.end('before\u0000after');
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const port = (echo.address() as AddressInfo).port;
    echoUrl = `http://127.0.0.1:${port}/nul`;
    // The HTTP Request block reads the operator's allow-list from the environment at each run.
    process.env.HTTP_BLOCK_ALLOW_HOSTS = `127.0.0.1:${port}`;
    database = serverUrl ? await openTestDatabase(serverUrl) : undefined;
    t = await startApiTestGateway({
      ...(serverUrl ? { DATABASE_URL: database?.url ?? serverUrl } : {}),
    });
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
    await t.gateway.database.dataSource.query(`UPDATE users SET plan = 'starter' WHERE id = $1`, [ann.id]);
  });

  afterAll(async () => {
    await t?.close();
    await database?.close();
    await new Promise((resolve) => echo?.close(resolve));
    if (allowBefore === undefined) delete process.env.HTTP_BLOCK_ALLOW_HOSTS;
    else process.env.HTTP_BLOCK_ALLOW_HOSTS = allowBefore;
  });

  /** Saves an app of a text input feeding one block, runs it, and reads the stored run back. */
  async function run(block: { type: string; settings: Record<string, unknown> }, input = 'go') {
    const app = await t.api('POST', '/apps', {
      token: ann.token,
      body: {
        name: `Unstorable ${block.type}`,
        category: 'Content',
        config: probeApp(
          [probePlugin('in', 'textInput', { label: 'Text' }), probePlugin('b', block.type, block.settings)],
          [['in', 'b']],
        ),
      },
    });
    expect(app.status).toBe(201);
    const answer = await t.api('POST', `/apps/${app.body.id}/execute`, {
      token: ann.token,
      body: { inputData: { input_text: input } },
    });
    const runId = (answer.body.run?.id ?? answer.body.runId) as string;
    const stored = await t.api('GET', `/runs/${runId}`, { token: ann.token });
    expect(stored.status).toBe(200);
    expect(texts(stored.body).filter(hasUnstorableCharacter)).toEqual([]);
    return { answer, stored: stored.body };
  }

  const code = (body: string) => ({ type: 'code', settings: { code: body } });

  it.each([
    ['a NUL in text', 'return "a\\u0000b";', 'a\ufffdb'],
    ['a lone high surrogate', 'return "\\ud800";', '\ufffd'],
    ['a lone low surrogate inside text', 'return "x\\udc00y";', 'x\ufffdy'],
    ['a NUL in a key', 'return { "\\u0000": 1 };', { '\ufffd': 1 }],
    ['a NUL deep in a list', 'return [{ a: ["ok", "b\\u0000"] }];', [{ a: ['ok', 'b\ufffd'] }]],
  ])('keeps the result of a Code block returning %s', async (_what, body, cleaned) => {
    const { answer, stored } = await run(code(body));
    expect(answer.status).toBe(200);
    expect(answer.body.output.code_result).toEqual(cleaned);
    expect(stored.status).toBe('succeeded');
    expect(stored.result.code_result).toEqual(cleaned);
    expect(stored.steps.find((s: { kind: string }) => s.kind === 'code').outputs.code_result).toEqual(
      cleaned,
    );
  });

  it('keeps a run whose Code block logs a NUL', async () => {
    const { answer, stored } = await run(code('console.log("log\\u0000line"); return "done";'));
    expect(answer.status).toBe(200);
    expect(stored.result.code_result).toBe('done');
  });

  it('keeps an input whose stored cut would split an emoji (19,999 a then emoji)', async () => {
    const input = `${'a'.repeat(19_999)}😀😀`;
    const { answer, stored } = await run(code('return input;'), input);
    expect(answer.status).toBe(200);
    expect(answer.body.output.code_result).toBe(input);
    const step = stored.steps.find((s: { kind: string }) => s.kind === 'textInput');
    expect(step.truncated).toBe(true);
    expect(step.inputs.input_text).toBe('a'.repeat(19_999));
  });

  it('fails a Code block whose error is cut inside an emoji as the block failing, not a stopped server', async () => {
    const { answer, stored } = await run(code(`throw new Error("x".repeat(499) + "😀");`));
    expect(answer.status).toBe(422);
    expect(answer.body.error).toBe('block_failed');
    expect(hasUnstorableCharacter(answer.body.message)).toBe(false);
    expect(stored.status).toBe('failed');
    expect(stored.error).toBe(answer.body.message);
  });

  it('fails a Code block whose error holds a NUL as the block failing, its message kept', async () => {
    const { answer, stored } = await run(code('throw new Error("bad\\u0000thing");'));
    expect([answer.status, answer.body.error]).toEqual([422, 'block_failed']);
    expect(answer.body.message).toContain('bad\ufffdthing');
    expect(stored.error).toBe(answer.body.message);
  });

  it('keeps an HTTP Request block’s answer holding a NUL', async () => {
    const { answer, stored } = await run({
      type: 'httpRequest',
      settings: { method: 'GET', url: echoUrl },
    });
    expect([answer.status, answer.body.message]).toEqual([200, undefined]);
    expect(answer.body.output.http_response.body).toBe('before\ufffdafter');
    expect(stored.result.http_response.body).toBe('before\ufffdafter');
  });
});
