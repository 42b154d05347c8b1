// Several gateway processes on one PostgreSQL server (TEST_DATABASE_URL, started by .ci/run): a
// process executes the runs it receives while it has room, the rest are pg-boss jobs any process
// may execute, progress crosses processes through LISTEN/NOTIFY, a run whose process dies is ended
// and refunded (either way), and scheduled work runs once.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { signUp, textApp } from './helpers.mjs';
import { freshDatabase, skipWithoutPostgres as skip, startProcess } from './processes.mjs';

/**
 * An OpenAI-compatible chat completions server on a loopback port that streams its answer slowly
 * (a piece every `pieceMs`), so a run is still going while the test looks at it.
 */
function startSlowModel({ pieces = 8, pieceMs = 150 } = {}) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer);
        if (sent === pieces) {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
          return;
        }
        const chunk = {
          id: 'c1',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: `w${sent} ` } }],
        };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        sent += 1;
      }, pieceMs);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${server.address().port}/v1` }),
    ),
  );
}

async function signUpWithApp(gateway, email) {
  const account = await signUp(gateway, { email, password: 'a good long password' });
  const token = account.session.access_token;
  await gateway.graphql('mutation { initializeCredits { credits } }', {}, token);
  const { createApp } = await gateway.graphql(
    'mutation ($input: AppInput!) { createApp(input: $input) { id } }',
    {
      input: {
        name: 'Essay',
        description: 'Writes',
        slug: `essay-${randomBytes(3).toString('hex')}`,
        category: 'Content',
        isPrivate: false,
        config: textApp(),
      },
    },
    token,
  );
  return { token, userId: account.user.id, appId: createApp.id };
}

function startRun(gateway, token, appId) {
  return gateway
    .graphql(
      'mutation ($appId: ID!) { startRun(appId: $appId, inputs: { input_text: "tides" }) { runId cost } }',
      { appId },
      token,
    )
    .then((data) => data.startRun);
}

function assertWhole(events, runId) {
  assert.ok(events.length >= 5, `expected the whole run, got ${events.length} events`);
  assert.ok(events.every((e) => e.runId === runId));
  assert.equal(events[0].type, 'run_started');
  assert.equal(events.at(-1).type, 'run_finished');
  assert.equal(events.filter((e) => e.type === 'run_finished').length, 1);
}

describe('gateway processes sharing PostgreSQL', { skip }, () => {
  let model;
  let db;
  let a;
  let b;
  /** Serves requests but executes no runs: every run it receives waits in the shared queue. */
  let servesOnly;
  let sql;

  before(async () => {
    model = await startSlowModel();
    db = await freshDatabase();
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.url };
    a = await startProcess(db.url, env);
    b = await startProcess(db.url, env);
    servesOnly = await startProcess(db.url, { ...env, RUN_CONCURRENCY: '0' });
    sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
  });

  after(async () => {
    await a?.stop();
    await b?.stop();
    await servesOnly?.stop();
    await sql?.end();
    await db?.drop();
    model?.server.close();
  });

  test(
    'a run started through A is watched through A and B, every event in order',
    { timeout: 60_000 },
    async () => {
      const { token, appId } = await signUpWithApp(a, `mp-${randomBytes(3).toString('hex')}@example.com`);
      const { runId, cost } = await startRun(a, token, appId);
      // One of the two watchers is on the process that does not execute the run.
      const [viaA, viaB] = await Promise.all([a.watch(runId, token).done, b.watch(runId, token).done]);
      assertWhole(viaA, runId);
      assert.deepEqual(viaB, viaA);
      assert.ok(
        viaA.filter((e) => e.type === 'node_partial').length >= 2,
        'the streamed text arrives in pieces',
      );
      assert.equal(viaA.at(-1).status, 'succeeded');
      const { rows } = await sql.query('SELECT status, cost FROM runs WHERE id = $1', [runId]);
      assert.deepEqual(rows[0], { status: 'succeeded', cost });
      // B asked for the run's events, so A stored all of them.
      const stored = await sql.query('SELECT seq FROM run_events WHERE run_id = $1 ORDER BY seq', [runId]);
      assert.deepEqual(
        stored.rows.map((r) => r.seq),
        viaA.map((_, i) => i + 1),
      );
    },
  );

  test(
    'a run watched only where it runs stores no progress; a later watcher elsewhere still gets all of it',
    { timeout: 60_000 },
    async () => {
      const { token, appId } = await signUpWithApp(a, `mp-${randomBytes(3).toString('hex')}@example.com`);
      const { runId } = await startRun(a, token, appId);
      const viaA = await a.watch(runId, token).done;
      assertWhole(viaA, runId);
      const count = async () =>
        (await sql.query('SELECT count(*)::int AS n FROM run_events WHERE run_id = $1', [runId])).rows[0].n;
      assert.equal(await count(), 0, 'nobody elsewhere asked');
      // After the run ended, a watcher on B asks A, which still holds the run's events.
      const viaB = await b.watch(runId, token).done;
      assert.deepEqual(viaB, viaA);
      assert.equal(await count(), viaA.length);
    },
  );

  test(
    'a run received by a process that executes none is queued, executed by another and watched through both',
    { timeout: 60_000 },
    async () => {
      const email = `mp-queued-${randomBytes(3).toString('hex')}@example.com`;
      const { token, appId } = await signUpWithApp(servesOnly, email);
      const { runId } = await startRun(servesOnly, token, appId);
      const [viaServer, viaA] = await Promise.all([
        servesOnly.watch(runId, token).done,
        a.watch(runId, token).done,
      ]);
      assertWhole(viaServer, runId);
      assert.deepEqual(viaA, viaServer);
      assert.equal(viaServer.at(-1).status, 'succeeded');
      const { rows } = await sql.query('SELECT status, executor FROM runs WHERE id = $1', [runId]);
      assert.deepEqual(rows[0], { status: 'succeeded', executor: null }, 'it went through the queue');
      const jobs = await sql.query(
        `SELECT state FROM pgboss.job WHERE name = 'run' AND data->>'runId' = $1`,
        [runId],
      );
      assert.deepEqual(
        jobs.rows.map((r) => r.state),
        ['completed'],
      );
    },
  );

  test('runs started on both processes at once all complete', { timeout: 60_000 }, async () => {
    const { token, appId } = await signUpWithApp(b, `mp-many-${randomBytes(3).toString('hex')}@example.com`);
    const started = await Promise.all(
      Array.from({ length: 6 }, (_, i) => startRun(i % 2 ? a : b, token, appId)),
    );
    const watched = await Promise.all(
      started.map(({ runId }, i) => (i % 2 ? b : a).watch(runId, token).done),
    );
    watched.forEach((events, i) => assertWhole(events, started[i].runId));
    const { rows } = await sql.query(
      `SELECT count(*)::int AS n FROM runs WHERE status = 'succeeded' AND id = ANY($1)`,
      [started.map((s) => s.runId)],
    );
    assert.equal(rows[0].n, 6);
  });

  test(
    'scheduled work fired on both processes at once grants each user this month once',
    { timeout: 60_000 },
    async () => {
      const users = [];
      for (let i = 0; i < 3; i += 1) {
        const email = `mp-grant-${i}-${randomBytes(3).toString('hex')}@example.com`;
        const account = await signUp(a, { email, password: 'a good long password' });
        users.push(account.user.id); // signed up, never granted
      }
      const boss = new PgBoss({
        connectionString: db.url,
        supervise: false,
        schedule: false,
        migrate: false,
      });
      await boss.start();
      const jobs = await Promise.all([boss.send('scheduled-work', {}), boss.send('scheduled-work', {})]);
      for (;;) {
        const { rows } = await sql.query('SELECT state FROM pgboss.job WHERE id = ANY($1::uuid[])', [jobs]);
        if (rows.length === 2 && rows.every((r) => r.state === 'completed')) break;
        assert.ok(!rows.some((r) => r.state === 'failed'), 'a scheduled pass failed');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await boss.stop({ graceful: false, close: true });
      const { rows } = await sql.query(
        `SELECT user_id, count(*)::int AS grants, sum(delta)::int AS credits FROM credit_ledger
        WHERE kind = 'grant' AND grant_period = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM') AND user_id = ANY($1::uuid[])
        GROUP BY user_id`,
        [users],
      );
      assert.equal(rows.length, 3);
      for (const row of rows) assert.deepEqual([row.grants, row.credits], [1, 50], `user ${row.user_id}`);
    },
  );
});

describe('a process that dies mid-run', { skip }, () => {
  let model;
  let db;
  let sql;
  const processes = [];

  before(async () => {
    model = await startSlowModel({ pieces: 100, pieceMs: 100 });
    db = await freshDatabase();
    sql = new pg.Client({ connectionString: db.url });
  });

  after(async () => {
    for (const p of processes) await p.stop();
    await sql.end().catch(() => undefined);
    await db?.drop();
    model?.server.close();
  });

  /**
   * Starts a run through `receiver`, kills `executor` once it streams the answer, brings up a fresh
   * process and checks that the run ends failed and refunded, seen through the fresh process.
   */
  async function killMidRun({ receiver, executor, account, queued }) {
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.url };
    const { token, appId, userId } = account;
    const balance = async () =>
      (await sql.query('SELECT balance FROM credit_balances WHERE user_id = $1', [userId])).rows[0].balance;
    const before = await balance();
    const { runId, cost } = await startRun(receiver, token, appId);
    assert.ok(cost > 0);
    // Wait until the run is streaming the answer (as its starter sees it), then kill its process
    // without warning.
    const starter = receiver.watch(runId, token);
    starter.done.catch(() => undefined); // its connection may go down with the process
    while (!starter.events.some((event) => event.type === 'node_partial')) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const named = await sql.query('SELECT executor FROM runs WHERE id = $1', [runId]);
    assert.equal(named.rows[0].executor === null, queued, queued ? 'queued' : 'executed where received');
    await executor.kill();
    assert.equal(await balance(), before - cost, 'the run is charged while it is under way');

    // A fresh process comes up. A run its receiver executed is ended by the sweep once the dead
    // process's heartbeat has lapsed; a queued one once its job's time limit has passed and
    // pg-boss hands it out again.
    const b = await startProcess(db.url, env);
    processes.push(b);
    const events = await b.watch(runId, token).done;
    const finished = events.at(-1);
    assert.equal(finished.type, 'run_finished');
    assert.equal(finished.status, 'failed');
    assert.match(finished.error, /interrupted because the server running it stopped/);
    const { rows } = await sql.query('SELECT status, error_code FROM runs WHERE id = $1', [runId]);
    assert.deepEqual(rows[0], { status: 'failed', error_code: 'UNAVAILABLE' });
    assert.equal(await balance(), before, 'the credits came back');
  }

  test(
    'that executed the run it received: the run is ended and refunded by another process',
    { timeout: 90_000 },
    async () => {
      const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.url };
      const a = await startProcess(db.url, env);
      processes.push(a);
      await sql.connect();
      const account = await signUpWithApp(a, `mp-kill-${randomBytes(3).toString('hex')}@example.com`);
      await killMidRun({ receiver: a, executor: a, account, queued: false });
    },
  );

  test(
    'that executed a queued run: the run is ended and refunded by another process',
    { timeout: 90_000 },
    async () => {
      // The worker must be the only process that executes runs.
      for (const p of processes.splice(0)) await p.stop();
      const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: model.url };
      const servesOnly = await startProcess(db.url, { ...env, RUN_CONCURRENCY: '0' });
      processes.push(servesOnly);
      const worker = await startProcess(db.url, env);
      processes.push(worker);
      const email = `mp-kill-queued-${randomBytes(3).toString('hex')}@example.com`;
      const account = await signUpWithApp(servesOnly, email);
      await killMidRun({ receiver: servesOnly, executor: worker, account, queued: true });
    },
  );
});
