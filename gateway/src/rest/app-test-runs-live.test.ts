import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { AppTestRun } from '../data/entities';
import { openTestDatabase } from '../testing/database';
import { probeTextApp } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

interface Progress {
  status: string;
  done: number;
  total: number;
  passed: number;
}

/** Every view of a test run its live progress sends over graphql-ws, until it completes. */
function followTestRun(t: ApiTestGateway, token: string, appId: string, testRunId: string) {
  const client = createClient({
    url: t.gateway.url.replace('http', 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
  });
  const views: Progress[] = [];
  return new Promise<Progress[]>((resolve, reject) => {
    client.subscribe<{ testRunProgress: Progress }>(
      {
        query:
          'subscription ($appId: ID!, $testRunId: ID!) { testRunProgress(appId: $appId, testRunId: $testRunId) { status done total passed } }',
        variables: { appId, testRunId },
      },
      {
        next: (message) => {
          if (message.errors) {
            void client.dispose();
            reject(new Error(message.errors[0]!.message));
          } else views.push(message.data!.testRunProgress);
        },
        error: (error) => {
          void client.dispose();
          reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
        },
        complete: () => {
          void client.dispose();
          resolve(views);
        },
      },
    );
  });
}

async function balance(t: ApiTestGateway, token: string): Promise<number> {
  const answer = await t.api('GET', '/credits/balance', { token });
  expect(answer.status).toBe(200);
  expect(typeof answer.body.credits).toBe('number');
  return answer.body.credits as number;
}

async function newApp(t: ApiTestGateway, token: string, name: string): Promise<{ id: string; slug: string }> {
  const created = await t.api('POST', '/apps', {
    token,
    body: { name, category: 'Content', config: probeTextApp() },
  });
  expect(created.status).toBe(201);
  return created.body;
}

function cases(count: number, checks: unknown[] = []) {
  return Array.from({ length: count }, (_, i) => ({
    name: `Case ${i}`,
    inputs: { input_text: `t${i}` },
    checks,
  }));
}

describe('tested apps: live progress, judge charges, public figures (issue 37)', () => {
  let t: ApiTestGateway;
  let admin: string;
  let ann: { token: string; id: string };
  let bob: { token: string; id: string };

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'admin@example.com' });
    admin = await t.signUpAdmin('admin@example.com');
    ann = await t.signUpViaApi('ann@example.com', { credits: true });
    bob = await t.signUpViaApi('bob@example.com', { credits: true });
  });

  afterAll(() => t.close());

  it('follows a test run by subscription from its start to its end; another person’s is not found', async () => {
    const app = await newApp(t, ann.token, 'Followed');
    await t.api('PUT', `/apps/${app.id}/test-set`, { token: ann.token, body: { cases: cases(6) } });
    const started = await t.api('POST', `/apps/${app.id}/test-runs`, { token: ann.token, body: {} });
    expect(started.status).toBe(201);
    const views = await followTestRun(t, ann.token, app.id, started.body.id);
    const last = views.at(-1)!;
    expect(last).toEqual({ status: 'finished', done: 6, total: 6, passed: 6 });
    // Each view is a step on: never fewer cases ended than the one before.
    const done = views.map((view) => view.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(views.slice(0, -1).every((view) => view.status === 'running')).toBe(true);
    // A run that has ended sends itself once and completes.
    expect(await followTestRun(t, ann.token, app.id, started.body.id)).toEqual([last]);
    await expect(followTestRun(t, bob.token, app.id, started.body.id)).rejects.toThrow('App not found.');
  }, 60_000);

  it('charges a judged check’s model call to the owner, in the cost shown before starting', async () => {
    const app = await newApp(t, ann.token, 'Judged');
    const judged = [{ type: 'judge', rubric: 'The answer says "offline".' }];
    await t.api('PUT', `/apps/${app.id}/test-set`, {
      token: ann.token,
      body: { cases: [...cases(2, judged), ...cases(1)] },
    });
    const estimate = await t.api('GET', `/apps/${app.id}/test-runs/estimate`, { token: ann.token });
    expect(estimate.status).toBe(200);
    const perRun = estimate.body.creditsPerRun.max as number;
    expect(estimate.body.judgeCredits).toBe(2);
    expect(estimate.body.credits.max).toBe(perRun * 3 + 2);
    const before = await balance(t, ann.token);
    const started = await t.api('POST', `/apps/${app.id}/test-runs`, { token: ann.token, body: {} });
    expect(started.body.estimatedCredits).toBe(perRun * 3 + 2);
    const views = await followTestRun(t, ann.token, app.id, started.body.id);
    expect(views.at(-1)).toMatchObject({ status: 'finished', passed: 3 });
    const run = await t.api('GET', `/apps/${app.id}/test-runs/${started.body.id}`, { token: ann.token });
    expect(run.body.cases.map((one: { credits: number }) => one.credits)).toEqual([
      perRun + 1,
      perRun + 1,
      perRun,
    ]);
    expect(run.body.credits).toBe(perRun * 3 + 2);
    expect(await balance(t, ann.token)).toBe(before - perRun * 3 - 2);
    const history = await t.api('GET', '/credits/history?limit=20', { token: ann.token });
    type Entry = { block_type: string; action_type: string; credits_used: number };
    const judges = (history.body.history as Entry[]).filter((entry) => entry.block_type === 'model_judge');
    expect(judges).toHaveLength(2);
    expect(judges[0]).toMatchObject({ action_type: 'test_execution', credits_used: 1 });
  }, 60_000);

  it('a judge the owner cannot pay for fails its check saying so, and charges nothing for it', async () => {
    const carol = await t.signUpViaApi('carol@example.com', { credits: true });
    const app = await newApp(t, carol.token, 'Unpaid judge');
    await t.api('PUT', `/apps/${app.id}/test-set`, {
      token: carol.token,
      body: { cases: cases(1, [{ type: 'judge', rubric: 'Anything.' }]) },
    });
    const estimate = await t.api('GET', `/apps/${app.id}/test-runs/estimate`, { token: carol.token });
    const perRun = estimate.body.creditsPerRun.max as number;
    // Leave exactly one run's credits: the case runs, the judge cannot be paid.
    const spare = (await balance(t, carol.token)) - perRun;
    const taken = await t.api('POST', `/admin/users/${carol.id}/credits`, {
      token: admin,
      body: { amount: -spare, reason: 'leave one run' },
    });
    expect(taken.status).toBe(200);
    expect(await balance(t, carol.token)).toBe(perRun);
    const started = await t.api('POST', `/apps/${app.id}/test-runs`, { token: carol.token, body: {} });
    await followTestRun(t, carol.token, app.id, started.body.id);
    const run = await t.api('GET', `/apps/${app.id}/test-runs/${started.body.id}`, { token: carol.token });
    expect(run.body.cases[0]).toMatchObject({ status: 'failed', credits: perRun });
    expect(run.body.cases[0].checks[0].reason).toBe(
      'The judge could not answer: not enough credits: judging costs 1 and you have 0',
    );
    expect(await balance(t, carol.token)).toBe(0);
  }, 60_000);

  it('shows the live version’s public runs beside its tested figures, not the owner’s nor test runs', async () => {
    const app = await newApp(t, ann.token, 'Public figures');
    await t.api('PUT', `/apps/${app.id}/test-set`, { token: ann.token, body: { cases: cases(2) } });
    expect((await t.api('POST', `/apps/${app.id}/publish`, { token: ann.token })).status).toBe(200);
    await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
    const untried = await t.api('GET', `/published/${app.slug}`);
    expect(untried.body.quality).toMatchObject({ passRate: 100, cases: 2, publicRuns: null });

    // The owner's own run and a test run do not count; Bob's two runs do.
    await t.api('POST', `/published/${app.slug}/run`, {
      token: ann.token,
      body: { inputData: { input_text: 'a' } },
    });
    const costs: number[] = [];
    for (const topic of ['b', 'c']) {
      const run = await t.api('POST', `/published/${app.slug}/run`, {
        token: bob.token,
        body: { inputData: { input_text: topic } },
      });
      expect(run.status).toBe(200);
      costs.push(run.body.run.cost);
    }
    const page = await t.api('GET', `/published/${app.slug}`);
    expect(page.status).toBe(200);
    expect(page.body.quality.publicRuns).toEqual({
      runs: 2,
      p95Ms: expect.any(Number),
      creditsPerRun: (costs[0]! + costs[1]!) / 2,
    });
    // GraphQL answers the same on the app.
    const answer = await t.graphql(
      'query ($slug: String!) { publishedApp(slug: $slug) { quality { cases publicRuns { runs } } } }',
      { slug: app.slug },
    );
    expect(answer.data!.publishedApp.quality).toEqual({ cases: 2, publicRuns: { runs: 2 } });
  }, 60_000);

  it('shows an untested app’s public runs, its tested figures left empty', async () => {
    const app = await newApp(t, ann.token, 'Untested');
    expect((await t.api('POST', `/apps/${app.id}/publish`, { token: ann.token })).status).toBe(200);
    await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
    expect((await t.api('GET', `/published/${app.slug}`)).body.quality).toBeNull();
    const run = await t.api('POST', `/published/${app.slug}/run`, {
      token: bob.token,
      body: { inputData: { input_text: 'a' } },
    });
    expect(run.status).toBe(200);
    const page = await t.api('GET', `/published/${app.slug}`);
    expect(page.body.quality).toEqual({
      passRate: null,
      cases: 0,
      p95Ms: null,
      creditsPerRun: null,
      versionNumber: expect.any(Number),
      testedAt: null,
      publicRuns: { runs: 1, p95Ms: expect.any(Number), creditsPerRun: run.body.run.cost },
    });
  }, 60_000);
});

describe('test runs left running by a stopped process (issue 37)', () => {
  it('are ended at start-up, failed with the reason, keeping the cases that had ended', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'test-runs-restart-'));
    try {
      const first = await startApiTestGateway({}, { dataDir });
      const dee = await first.signUpViaApi('dee@example.com', { credits: true });
      const app = await newApp(first, dee.token, 'Interrupted');
      const repository = first.gateway.database.dataSource.getRepository(AppTestRun);
      const left = (executor: string | null) =>
        repository.save({
          id: randomUUID(),
          appId: app.id,
          ownerId: dee.id,
          versionId: null,
          versionNumber: null,
          purpose: 'manual' as const,
          status: 'running' as const,
          total: 3,
          passed: 1,
          failed: 0,
          results: [{ caseId: 'a', name: 'A', status: 'passed', credits: 1 }],
          p50Ms: 10,
          p95Ms: 10,
          credits: 1,
          estimatedCredits: 3,
          error: null,
          createdAt: new Date(),
          finishedAt: null,
          executor,
          cancelRequested: false,
        });
      // One named a process that stopped (no heartbeat), one was started before runs named theirs.
      const stopped = await left(randomUUID());
      const older = await left(null);
      await first.close();

      const second = await startApiTestGateway({}, { dataDir });
      try {
        for (const id of [stopped.id, older.id]) {
          const run = await second.api('GET', `/apps/${app.id}/test-runs/${id}`, { token: dee.token });
          expect(run.body).toMatchObject({ status: 'failed', done: 1, passed: 1, credits: 1 });
          expect(run.body.error).toBe(
            'The server stopped while this test run was going: 1 of 3 cases had ended. Cases that had not run were not run or charged; a case running then was ended and refunded. Start the test run again.',
          );
          expect(run.body.finishedAt).toEqual(expect.any(String));
        }
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

const shared = process.env.TEST_DATABASE_URL;
(shared ? describe : describe.skip)('a test run cancelled on another process (issue 37)', () => {
  it('stops starting cases where it runs, and the cancel answers once it has ended', async () => {
    const database = await openTestDatabase(shared);
    const env = { DATABASE_URL: database.url ?? shared!, RUN_CONCURRENCY: '1' };
    const a = await startApiTestGateway(env);
    const b = await startApiTestGateway(env);
    try {
      const erin = await a.signUpViaApi('erin@example.com', { credits: true });
      const app = await newApp(a, erin.token, 'Cancelled elsewhere');
      await a.api('PUT', `/apps/${app.id}/test-set`, { token: erin.token, body: { cases: cases(300) } });
      const started = await a.api('POST', `/apps/${app.id}/test-runs`, { token: erin.token, body: {} });
      const cancelled = await b.api('POST', `/apps/${app.id}/test-runs/${started.body.id}/cancel`, {
        token: erin.token,
      });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
      const ran = (cancelled.body.cases as { status: string; credits: number }[]).filter(
        (one) => one.status !== 'cancelled',
      );
      expect(ran.length).toBeLessThan(300);
      expect(cancelled.body.credits).toBe(ran.reduce((sum, one) => sum + one.credits, 0));
    } finally {
      await b.close();
      await a.close();
      await database.close();
    }
  }, 180_000);
});
