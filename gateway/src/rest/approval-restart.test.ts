import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeApp, probePlugin } from '@blocksmith/engine/testing';
import { openTestDatabase } from '../testing/database';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/**
 * Issue 36's "Done when": a run with an Approval block survives a restart of the process it
 * started on and finishes on another one after approval. On PGlite: one gateway restarted on the
 * same data directory. On PostgreSQL (TEST_DATABASE_URL): two gateways, the first stopped while
 * the run waits, the approval sent to the second, which executes the rest.
 */

jest.setTimeout(240_000);

const config = probeApp(
  [
    probePlugin('in', 'textInput', { label: 'Topic' }),
    probePlugin('draft', 'textGeneration', { prompt_template: 'Write about {{input_text}}' }),
    probePlugin('check', 'approval'),
    probePlugin('final', 'textGeneration', { prompt_template: 'Polish {{approved_text}}' }),
  ],
  [
    ['in', 'draft'],
    ['draft', 'check'],
    ['check', 'final'],
  ],
);

/** Creates the app and executes it on `t`: the run waits. Its id and app. */
async function startWaiting(t: ApiTestGateway, token: string): Promise<{ runId: string; appId: string }> {
  const created = await t.api('POST', '/apps', {
    token,
    body: { name: 'Survives', category: 'Content', config },
  });
  expect(created.status).toBe(201);
  const answer = await t.api('POST', `/apps/${created.body.id}/execute`, {
    token,
    body: { inputData: { input_text: 'tea' } },
  });
  expect(answer.status).toBe(200);
  expect(answer.body.run.status).toBe('waiting');
  return { runId: answer.body.run.id as string, appId: created.body.id as string };
}

/** The run once it has ended (it goes on in the background after approval). */
async function ended(t: ApiTestGateway, runId: string, token: string) {
  for (let i = 0; i < 1200; i++) {
    const read = await t.api('GET', `/runs/${runId}`, { token });
    if (!['running', 'queued', 'waiting'].includes(read.body.status as string)) return read.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Run ${runId} did not end.`);
}

async function expectFinishedWithEdit(t: ApiTestGateway, runId: string, token: string): Promise<void> {
  const done = await ended(t, runId, token);
  expect(done.status).toBe('succeeded');
  const steps = Object.fromEntries(done.steps.map((s: { nodeId: string }) => [s.nodeId, s]));
  expect(steps.check.outputs).toEqual({
    approved_text: 'Edited after the restart',
    approved_by: 'the app’s owner',
  });
  expect(steps.final.inputs).toEqual({ approved_text: 'Edited after the restart' });
  expect(steps.final.status).toBe('succeeded');
}

describe('a run waiting for approval, across a restart (PGlite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'approval-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is kept by the database and finishes on the restarted process after approval', async () => {
    const first = await startApiTestGateway({}, { dataDir });
    let token: string;
    let runId: string;
    let before: number;
    try {
      ({ token } = await first.signUpViaApi('ivy@example.com', { credits: true }));
      ({ runId } = await startWaiting(first, token));
      before = (await first.api('GET', '/credits/balance', { token })).body.credits as number;
    } finally {
      await first.close();
    }
    const second = await startApiTestGateway({}, { dataDir });
    try {
      const waiting = await second.api('GET', `/runs/${runId}`, { token });
      expect(waiting.body).toMatchObject({ status: 'waiting', approvalRequest: { canDecide: true } });
      // The restart's sweep of runs left by a stopped process leaves a waiting run alone.
      await second.gateway.services.runs.endLapsed([]);
      const decided = await second.api('POST', `/runs/${runId}/approval`, {
        token,
        body: { decision: 'approve', text: 'Edited after the restart' },
      });
      expect(decided.status).toBe(200);
      await expectFinishedWithEdit(second, runId, token);
      expect((await second.api('GET', '/credits/balance', { token })).body.credits).toBe(before);
    } finally {
      await second.close();
    }
  });
});

const shared = process.env.TEST_DATABASE_URL;
// Two gateways need a PostgreSQL server both reach (TEST_DATABASE_URL); PGlite is one process's.
(shared ? describe : describe.skip)('a run waiting for approval, across two gateways (PostgreSQL)', () => {
  it('started on one gateway that then stops, finishes on the other after approval', async () => {
    const database = await openTestDatabase(shared);
    const env = { DATABASE_URL: database.url ?? shared!, RUN_CONCURRENCY: '2' };
    const a = await startApiTestGateway(env);
    let b: ApiTestGateway | undefined;
    try {
      const { token } = await a.signUpViaApi('jay@example.com', { credits: true });
      const { runId } = await startWaiting(a, token);
      await a.close();
      b = await startApiTestGateway(env);
      const waiting = await b.api('GET', `/runs/${runId}`, { token });
      expect(waiting.body).toMatchObject({ status: 'waiting', approvalRequest: { canDecide: true } });
      const decided = await b.api('POST', `/runs/${runId}/approval`, {
        token,
        body: { decision: 'approve', text: 'Edited after the restart' },
      });
      expect(decided.status).toBe(200);
      await expectFinishedWithEdit(b, runId, token);
    } finally {
      await b?.close();
      await database.close();
    }
  });
});
