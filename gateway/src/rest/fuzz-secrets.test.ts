import { MIN_SECRET_FRAGMENT } from '@blocksmith/block-sdk';
import { startLoopbackApi, type LoopbackApi } from '../testing/loopback-api';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import { watchRun } from '../testing/run-progress';

/**
 * A runner tries to read the app owner's secret through an API that echoes the request in its
 * error: padding their input so the HTTP Request block's 200-character excerpt ends at every
 * position inside the secret. No answer, stored step or progress event may ever show 8 or more
 * consecutive characters of it (real server, real HTTP, the runner's own session).
 */
const TOKEN = 'tok_live_Zq4Rw8Xv2Ny6Mb1Kc5Jd9Hf3Gs7Lp0Tx';
const SAID_BEFORE = 'Bad request for q=';
const SAID_BETWEEN = '; you sent Authorization: Bearer ';
const EXCERPT = 200;

/** Every run of MIN_SECRET_FRAGMENT characters of TOKEN that `text` shows. */
function fragments(text: string): string[] {
  const shown = new Set<string>();
  for (let i = 0; i + MIN_SECRET_FRAGMENT <= TOKEN.length; i++) {
    const piece = TOKEN.slice(i, i + MIN_SECRET_FRAGMENT);
    if (text.includes(piece)) shown.add(piece);
  }
  return [...shown];
}

/** A padding that makes the excerpt end after `shown` characters of the secret. */
function padding(shown: number): string {
  return 'x'.repeat(EXCERPT - SAID_BEFORE.length - SAID_BETWEEN.length - shown);
}

describe('fuzz: secrets cut at every length by an error excerpt', () => {
  let t: ApiTestGateway;
  let echoing: LoopbackApi;
  let received = 0;
  let runner: { token: string; id: string };
  let owner: { token: string; id: string };
  let slug: string;
  let appId: string;

  beforeAll(async () => {
    // An API that answers 400 with the query and the Authorization header it was sent.
    echoing = await startLoopbackApi((request, response) => {
      received++;
      const q = new URL(request.url ?? '/', 'http://test').searchParams.get('q') ?? '';
      const authorization = request.headers.authorization ?? '';
      response.writeHead(400, { 'content-type': 'text/plain' });
      response.end(`${SAID_BEFORE}${q}; you sent Authorization: ${authorization}`);
    });
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    owner = await t.signUpViaApi('owner@example.com', { credits: true });
    runner = await t.signUpViaApi('runner@example.com', { credits: true });
    await t.gateway.database.dataSource.query(
      "UPDATE users SET plan = 'enterprise' WHERE email IN ('owner@example.com', 'runner@example.com')",
    );
    const admin = await t.signUpAdmin('admin@example.com');
    await t.api('PUT', '/secrets/API_TOKEN', { token: owner.token, body: { value: TOKEN } });
    const config = probeApp(
      [
        probePlugin('in', 'textInput'),
        probePlugin('call', 'httpRequest', {
          url: `${echoing.base}/echo?q={{input_text}}`,
          headers: 'Authorization: Bearer {{secret.API_TOKEN}}',
        }),
      ],
      [['in', 'call']],
    );
    const app = await t.api('POST', '/apps', {
      token: owner.token,
      body: { name: 'Echoing API', category: 'Content', config },
    });
    appId = app.body.id as string;
    slug = app.body.slug as string;
    await t.api('POST', `/apps/${appId}/publish`, { token: owner.token });
    const review = await t.api('POST', `/apps/${appId}/review`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(review.status).toBe(200);
  });

  afterAll(async () => {
    await t.close();
    await echoing.close();
  });

  /** Every event of a run, over graphql-ws with the runner's session, until run_finished. */
  const watch = (runId: string) => watchRun(t.gateway.url, runner.token, runId);

  it('never shows 8 or more characters of the secret, wherever the excerpt cuts it', async () => {
    const seen: string[] = [];
    for (let shown = 1; shown <= TOKEN.length + 2; shown++) {
      const input = padding(shown);
      // Through /api, as the store's runner page does.
      const answer = await t.api('POST', `/published/${slug}/run`, {
        token: runner.token,
        body: { inputData: { input_text: input } },
      });
      expect(answer.status).toBe(422);
      const message = answer.body.message as string;
      // The excerpt holds everything before the secret: its cut falls `shown` characters into it.
      expect(message).toContain(`The server answered 400 Bad Request: ${SAID_BEFORE}${input}${SAID_BETWEEN}`);
      seen.push(JSON.stringify(answer.body));
      // Through GraphQL, with every progress event of the run.
      const started = await t.graphql(
        'mutation ($appId: ID!, $inputs: JSONObject) { startRun(appId: $appId, inputs: $inputs, actionType: "published") { runId } }',
        { appId, inputs: { input_text: input } },
        runner.token,
      );
      expect(started.errors).toBeUndefined();
      const runId = started.data!.startRun.runId as string;
      const events = await watch(runId);
      expect(events.at(-1)?.type).toBe('run_finished');
      seen.push(JSON.stringify(events));
      // The run as the runner and the owner read it back, each block's step included.
      seen.push(JSON.stringify((await t.api('GET', `/runs/${runId}`, { token: runner.token })).body));
      seen.push(JSON.stringify((await t.api('GET', `/runs/${runId}`, { token: owner.token })).body));
    }
    seen.push(JSON.stringify((await t.api('GET', '/runs', { token: runner.token })).body));
    seen.push(JSON.stringify((await t.api('GET', `/apps/${appId}/runs`, { token: owner.token })).body));
    // What the database keeps of every run.
    seen.push(
      JSON.stringify(
        await t.gateway.database.dataSource.query('SELECT * FROM runs WHERE app_id = $1', [appId]),
      ),
    );
    expect(received).toBe(2 * (TOKEN.length + 2));
    expect(seen.flatMap(fragments)).toEqual([]);
  }, 180_000);
});
