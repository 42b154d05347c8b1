// Issue 36's "Done when", the hard way: two gateway processes of the built product on one
// PostgreSQL server (TEST_DATABASE_URL, started by .ci/run). A run stops at an Approval block on
// process A, which is then killed without warning; process B, running beside it, keeps the run
// waiting through its sweeps of dead processes' runs, takes the owner's approval and finishes it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { signUp } from './helpers.mjs';
import { freshDatabase, skipWithoutPostgres as skip, startProcess } from './processes.mjs';
import { until } from './server.mjs';

/** How long each wait of this journey may take. */
const WAIT_MS = 120_000;

/** How long a process may go without a heartbeat before it counts as dead (its lease). */
const LEASE_SECONDS = 15;

/** Text input -> Text AI -> Approval (the owner) -> Text AI. */
function approvalApp() {
  const block = (id, type, x, settings) => ({ id, type, position: { x, y: 100 }, settings });
  return {
    plugins: [
      block('in', 'textInput', 100, { label: 'Topic' }),
      block('draft', 'textGeneration', 400, { prompt_template: 'Write about {{input_text}}' }),
      block('check', 'approval', 700, { approver: 'owner' }),
      block('final', 'textGeneration', 1000, { prompt_template: 'Polish {{approved_text}}' }),
    ],
    connections: [
      { id: 'c0', from: 'in', to: 'draft', fromPort: 'output', toPort: 'input' },
      { id: 'c1', from: 'draft', to: 'check', fromPort: 'output', toPort: 'input' },
      { id: 'c2', from: 'check', to: 'final', fromPort: 'output', toPort: 'input' },
    ],
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  };
}

/** A REST call to `gateway`'s /api with `token`: its status and JSON body. */
async function api(gateway, method, route, token, body) {
  const response = await fetch(`${gateway.url}/api${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

describe('a run waiting for approval whose process is killed', { skip }, () => {
  let db;
  let sql;
  let a;
  let b;

  before(async () => {
    db = await freshDatabase();
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    // The lease follows the run time limit: 15 s, so B sweeps every 5 s.
    const env = { RUN_TIMEOUT_SECONDS: String(LEASE_SECONDS) };
    a = await startProcess(db.url, env);
    b = await startProcess(db.url, env);
  });

  after(async () => {
    await a?.stop();
    await b?.stop();
    await sql?.end();
    await db?.drop();
  });

  test(
    'stays waiting through the sweeps of the other process, and finishes there once approved',
    { timeout: 240_000 },
    async () => {
      const email = `approval-kill-${randomBytes(3).toString('hex')}@example.com`;
      const account = await signUp(a, { email, password: 'a good long password' });
      const token = account.session.access_token;
      await a.graphql('mutation { initializeCredits { credits } }', {}, token);
      const created = await api(a, 'POST', '/apps', token, {
        name: 'Careful post',
        category: 'Content',
        config: approvalApp(),
      });
      assert.equal(created.status, 201);
      const executed = await api(a, 'POST', `/apps/${created.body.id}/execute`, token, {
        inputData: { input_text: 'tea' },
      });
      assert.equal(executed.status, 200);
      assert.equal(executed.body.run.status, 'waiting');
      const runId = executed.body.run.id;
      const balance = async () => (await api(b, 'GET', '/credits/balance', token)).body.credits;
      const before = await balance();

      // A dies without warning: no drain, no goodbye in gateway_processes.
      await a.kill();
      // Once A's heartbeat has lapsed, B's next beat sweeps the runs dead processes left.
      const lapsedAt = await until(
        'A counted as dead',
        async () => {
          const { rows } = await sql.query(
            `SELECT count(*)::int AS alive, now() AS at FROM gateway_processes
          WHERE seen_at > now() - make_interval(secs => $1)`,
            [LEASE_SECONDS],
          );
          return rows[0].alive === 1 ? rows[0].at : null;
        },
        WAIT_MS,
      );
      await until(
        'a sweep by B after that',
        async () => {
          const { rows } = await sql.query('SELECT 1 FROM gateway_processes WHERE seen_at > $1', [lapsedAt]);
          return rows.length > 0;
        },
        WAIT_MS,
      );
      const waiting = await api(b, 'GET', `/runs/${runId}`, token);
      assert.equal(waiting.body.status, 'waiting');
      assert.equal(waiting.body.approvalRequest.canDecide, true);

      const decided = await api(b, 'POST', `/runs/${runId}/approval`, token, {
        decision: 'approve',
        text: 'Approved after A died',
      });
      assert.equal(decided.status, 200);
      assert.equal(decided.body.status, 'running');
      const done = await until(
        'the run to end',
        async () => {
          const read = await api(b, 'GET', `/runs/${runId}`, token);
          return ['running', 'queued', 'waiting'].includes(read.body.status) ? null : read.body;
        },
        WAIT_MS,
      );
      assert.equal(done.status, 'succeeded', done.error ?? '');
      const steps = Object.fromEntries(done.steps.map((step) => [step.nodeId, step]));
      assert.deepEqual(steps.final.inputs, { approved_text: 'Approved after A died' });
      assert.equal(steps.final.status, 'succeeded');
      // Charged once: the blocks paid for up front were not charged again.
      assert.equal(await balance(), before);
    },
  );
});
