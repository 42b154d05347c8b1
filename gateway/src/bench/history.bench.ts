import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OfflineProvider } from '../providers/ai';
import { loadConfig } from '../config';
import { startGateway, type Gateway } from '../gateway';
import { MemoryFileStore } from '@blocksmith/block-sdk';
import type { RunEvent } from '@blocksmith/schema';
import { executeRun, planRun } from '@blocksmith/engine';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages, type BlockRegistry } from '../kernel';
import { StepRecorder } from '../services/runs/run-steps';
import { probeTextApp } from './probe-apps';
import { freshBenchDatabase } from './fresh-database';
import { load, type LoadResult } from './load';
import { fixed, repeat } from './measure';

/** Runs of the measured app, and of other apps around it, for the listing figures. */
const APP_RUNS = 10_000;
const OTHER_RUNS = 40_000;

/** What the workbench's runs page asks for a page of runs (its RunSummaryFields). */
const APP_RUNS_QUERY = `query ($appId: ID!, $cursor: String, $status: String) {
  appRuns(appId: $appId, limit: 20, cursor: $cursor, status: $status) {
    runs { id appId appName status actionType source runner { id name } mine cost durationMs createdAt
           finishedAt error errorCode detailsHidden }
    nextCursor } }`;

/** Rounds of each mode: alternating pairs, each order as often. */
const PAIRS = 10;

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function median(rounds: LoadResult[]): LoadResult {
  return [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
    Math.floor(rounds.length / 2)
  ]!;
}

/**
 * Run history's costs (`npm run bench -- history`): (1) runs/s of the three-block app, sixteen
 * people at once, with each block's step stored and without (`RunService.recordSteps`), in
 * alternating rounds on one server; (2) the newest page of an app's 10,000 runs (among 50,000),
 * through GraphQL as the runs page asks for it, and the same deeper in and filtered.
 */
export async function runHistoryBenchmarks(serverUrl?: string, options: { stepCost?: boolean } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-history-'));
  const database = serverUrl ? await freshBenchDatabase(serverUrl) : null;
  const registry = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' });
  const gateway = await startGateway({
    config: loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      WORKBENCH_DIR: path.join(dataDir, 'none'),
      ...(database ? { DATABASE_URL: database.url } : {}),
    }),
    registry,
    provider: new OfflineProvider(),
  });
  try {
    const results: Record<string, unknown> = { database: gateway.database.kind };
    if (options.stepCost ?? true) results.recordingAlone = await recordingAlone(registry);
    const owner = await person(gateway, 'owner@example.com');
    // One published app to run under load, another whose 10,000 runs are listed.
    const ranApp: string[] = [];
    const listedApp: string[] = [];
    for (const name of ['Bench app', 'Listed app']) {
      const app = await gateway.services.apps.create(owner.id, {
        name,
        category: 'Content',
        config: probeTextApp(),
      });
      await gateway.database.dataSource.query(
        `UPDATE apps SET is_published = true, verification_status = 'approved', live_version_id = draft_version_id,
           live = jsonb_build_object('name', name, 'description', description, 'category', category, 'config', config)
         WHERE id = $1`,
        [app.id],
      );
      (name === 'Bench app' ? ranApp : listedApp).push(app.id!);
    }
    gateway.services.apps.storeChanged();
    if (options.stepCost ?? true) results.stepCost = await stepCost(gateway, ranApp[0]!);
    // One real run of the listed app, whose stored steps the seeded runs copy.
    await gateway.services.runs.runToEnd({
      userId: owner.id,
      appId: listedApp[0]!,
      inputs: { input_text: 'x' },
    });
    results.listing = await listing(gateway, owner, listedApp[0]!);
    return results;
  } finally {
    await gateway.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function person(gateway: Gateway, email: string): Promise<{ id: string; token: string }> {
  const { user, session } = await gateway.services.accounts.signUp({ email, password: 'benchmark password' });
  await gateway.database.dataSource.query(`UPDATE users SET plan = 'enterprise' WHERE id = $1`, [user.id]);
  return { id: user.id, token: session!.access_token };
}

/**
 * CPU time (ms) the PostgreSQL server has used so far: its postmaster and every process it started,
 * read from /proc (null where the server is not on this machine, or not readable).
 */
async function postgresCpuMs(gateway: Gateway): Promise<number | null> {
  if (gateway.database.kind !== 'postgres') return null;
  try {
    const [row] = (await gateway.database.dataSource.query('SHOW data_directory')) as {
      data_directory: string;
    }[];
    const pidFile = path.join(row!.data_directory, 'postmaster.pid');
    if (!existsSync(pidFile)) return null;
    const postmaster = readFileSync(pidFile, 'utf8').split('\n')[0]!.trim();
    let ticks = 0;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // Fields after the command name: state ppid ... utime (14th field) stime (15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (pid === postmaster || fields[1] === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    }
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** Runs/s with steps stored and without, in alternating rounds after a warm-up. */
async function stepCost(gateway: Gateway, appId: string) {
  const people: string[] = [];
  for (let i = 0; i < 16; i++) people.push((await person(gateway, `runner${i}@example.com`)).token);
  const query =
    'mutation ($appId: ID!) { runApp(appId: $appId, actionType: "published", inputs: { input_text: "x" }) { status } }';
  const runs = (total: number) =>
    load({
      url: `${gateway.url}/graphql`,
      body: { query, variables: { appId } },
      connectionHeaders: people.map((t) => ({ authorization: `Bearer ${t}` })),
      connections: 16,
      total,
    });
  const runService = gateway.services.runs;
  const warmUp = await runs(2000);
  if (warmUp.failures > 0) throw new Error(`${warmUp.failures} runs failed: ${warmUp.firstFailure}`);
  const rounds: Record<'withSteps' | 'withoutSteps', LoadResult[]> = { withSteps: [], withoutSteps: [] };
  // CPU per run (this process, load client included, and the PostgreSQL server): steadier than
  // runs/s on a machine whose speed drifts, and the same client in both modes.
  const cpu: Record<'withSteps' | 'withoutSteps', { node: number; postgres: number | null }[]> = {
    withSteps: [],
    withoutSteps: [],
  };
  for (let round = 0; round < PAIRS; round++) {
    // Alternating, and each order as often: the machine's speed drifts within seconds.
    const order =
      round % 2 === 0 ? (['withSteps', 'withoutSteps'] as const) : (['withoutSteps', 'withSteps'] as const);
    for (const mode of order) {
      runService.recordSteps = mode === 'withSteps';
      const nodeBefore = process.cpuUsage();
      const postgresBefore = await postgresCpuMs(gateway);
      const result = await runs(2000);
      const nodeUsed = process.cpuUsage(nodeBefore);
      const postgresAfter = await postgresCpuMs(gateway);
      if (result.failures > 0) throw new Error(`${result.failures} runs failed: ${result.firstFailure}`);
      rounds[mode].push(result);
      cpu[mode].push({
        node: (nodeUsed.user + nodeUsed.system) / 1000 / 2000,
        postgres:
          postgresBefore === null || postgresAfter === null ? null : (postgresAfter - postgresBefore) / 2000,
      });
    }
  }
  runService.recordSteps = true;
  const withSteps = median(rounds.withSteps);
  const withoutSteps = median(rounds.withoutSteps);
  const [stored] = (await gateway.database.dataSource.query(
    `SELECT avg(pg_column_size(nodes))::int AS with_steps FROM runs WHERE app_id = $1 AND nodes::jsonb ? 'in' AND nodes::jsonb->'in' ? 'title'`,
    [appId],
  )) as { with_steps: number }[];
  const [bare] = (await gateway.database.dataSource.query(
    `SELECT avg(pg_column_size(nodes))::int AS without_steps FROM runs WHERE app_id = $1 AND NOT (nodes::jsonb->'in' ? 'title')`,
    [appId],
  )) as { without_steps: number }[];
  return {
    runsPerRound: 2000,
    concurrency: 16,
    warmUpRunsPerSecond: warmUp.requestsPerSecond,
    withSteps: { runsPerSecond: withSteps.requestsPerSecond, p50Ms: withSteps.p50Ms, p99Ms: withSteps.p99Ms },
    withoutSteps: {
      runsPerSecond: withoutSteps.requestsPerSecond,
      p50Ms: withoutSteps.p50Ms,
      p99Ms: withoutSteps.p99Ms,
    },
    costPercent: fixed((1 - withSteps.requestsPerSecond / withoutSteps.requestsPerSecond) * 100, 1),
    // Each pair of neighbouring rounds (one with steps, one without) compared on its own, so the
    // machine's drift between pairs cancels out: the median over the pairs.
    pairedCostPercent: fixed(
      medianOf(
        rounds.withSteps.map((r, i) => 1 - r.requestsPerSecond / rounds.withoutSteps[i]!.requestsPerSecond),
      ) * 100,
      1,
    ),
    pairedCpuCostPercent: fixed(
      medianOf(
        cpu.withSteps.map(
          (c, i) =>
            (c.node + (c.postgres ?? 0)) /
              (cpu.withoutSteps[i]!.node + (cpu.withoutSteps[i]!.postgres ?? 0)) -
            1,
        ),
      ) * 100,
      1,
    ),
    cpuMsPerRun: {
      withSteps: cpuPerRun(cpu.withSteps),
      withoutSteps: cpuPerRun(cpu.withoutSteps),
    },
    cpuCostPercent: fixed((cpuPerRun(cpu.withSteps).total / cpuPerRun(cpu.withoutSteps).total - 1) * 100, 1),
    rounds: {
      withSteps: rounds.withSteps.map((r) => r.requestsPerSecond),
      withoutSteps: rounds.withoutSteps.map((r) => r.requestsPerSecond),
    },
    storedNodesBytes: { withSteps: stored?.with_steps ?? null, withoutSteps: bare?.without_steps ?? null },
  };
}

/**
 * What building a run's steps costs the server alone, without the database: the three-block app's
 * progress events through StepRecorder, its final steps and their JSON, against the nodes kept
 * before (status, duration), per run.
 */
async function recordingAlone(registry: BlockRegistry) {
  const plan = planRun(probeTextApp(), registry);
  const events: RunEvent[] = [];
  const inputs = { input_text: 'x' };
  const outcome = await executeRun(plan, {
    runId: 'bench',
    inputs,
    provider: new OfflineProvider(),
    files: new MemoryFileStore(),
    onEvent: (event) => events.push(event),
  });
  const steps = async () => {
    const recorder = new StepRecorder(plan);
    for (const event of events) recorder.observe(event);
    JSON.stringify(await recorder.final({ outcome, inputs, unfinished: (title) => title }));
  };
  const before = async () => {
    const nodes: Record<string, unknown> = {};
    for (const [id, node] of Object.entries(outcome.nodes))
      nodes[id] = { status: node.status, durationMs: Math.round(node.durationMs) };
    JSON.stringify(nodes);
  };
  const perRun = async (body: () => Promise<void>) => {
    for (let i = 0; i < 2000; i++) await body();
    const start = performance.now();
    for (let i = 0; i < 20_000; i++) await body();
    return fixed(((performance.now() - start) * 1000) / 20_000, 1);
  };
  return {
    events: events.length,
    stepsMicrosPerRun: await perRun(steps),
    beforeMicrosPerRun: await perRun(before),
  };
}

/** Mean CPU ms per run over rounds: Node (server and load client), PostgreSQL, and both. */
function cpuPerRun(samples: { node: number; postgres: number | null }[]) {
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  const node = mean(samples.map((s) => s.node));
  const postgres = samples.every((s) => s.postgres !== null) ? mean(samples.map((s) => s.postgres!)) : null;
  return {
    node: fixed(node, 3),
    postgres: postgres === null ? null : fixed(postgres, 3),
    total: fixed(node + (postgres ?? 0), 3),
  };
}

/** The newest page of 10,000 runs of one app (among 50,000), and the same deeper in and filtered. */
async function listing(gateway: Gateway, owner: { id: string; token: string }, appId: string) {
  const { dataSource } = gateway.database;
  const other = await person(gateway, 'other@example.com');
  const others = [];
  for (let i = 0; i < 20; i++) {
    others.push(
      (await gateway.services.apps.create(other.id, { name: `Other ${i}`, config: probeTextApp() })).id!,
    );
  }
  // Steps as a real run of the three-block app stores them (a few hundred bytes of outputs).
  const [sample] = (await dataSource.query(
    `SELECT inputs, result, nodes FROM runs WHERE app_id = $1 AND nodes::jsonb->'in' ? 'title' LIMIT 1`,
    [appId],
  )) as { inputs: unknown; result: unknown; nodes: unknown }[];
  const seed = async (app: string | string[], user: string, count: number) =>
    dataSource.query(
      `INSERT INTO runs (id, app_id, user_id, action_type, source, status, cost, inputs, result, nodes, error,
                         created_at, finished_at)
       SELECT gen_random_uuid(), ($1::uuid[])[1 + i % array_length($1::uuid[], 1)], $2,
              'published', (ARRAY['builder', 'store', 'embed', 'api'])[1 + i % 4],
              CASE WHEN i % 10 = 0 THEN 'failed' ELSE 'succeeded' END, 1, $4::jsonb, $5::jsonb, $6::jsonb,
              CASE WHEN i % 10 = 0 THEN 'Text AI failed: the AI service is busy.' END,
              now() - make_interval(secs => i * 7), now() - make_interval(secs => i * 7 - 2)
         FROM generate_series(1, $3) AS i`,
      [
        Array.isArray(app) ? app : [app],
        user,
        count,
        JSON.stringify(sample?.inputs ?? {}),
        JSON.stringify(sample?.result ?? {}),
        JSON.stringify(sample?.nodes ?? {}),
      ],
    );
  const existing = (await dataSource.query('SELECT count(*)::int AS n FROM runs WHERE app_id = $1', [
    appId,
  ])) as {
    n: number;
  }[];
  await seed(appId, owner.id, Math.max(0, APP_RUNS - existing[0]!.n));
  await seed(others, other.id, OTHER_RUNS);
  await dataSource.query('ANALYZE runs');
  const [counted] = (await dataSource.query(
    'SELECT count(*) FILTER (WHERE app_id = $1)::int AS app, count(*)::int AS total FROM runs',
    [appId],
  )) as { app: number; total: number }[];

  const ask = async (variables: Record<string, unknown>) => {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({ query: APP_RUNS_QUERY, variables: { appId, ...variables } }),
    });
    const answer = (await response.json()) as {
      data?: { appRuns: { runs: unknown[]; nextCursor: string | null } };
      errors?: unknown;
    };
    if (!answer.data || answer.data.appRuns.runs.length !== 20) {
      throw new Error(`appRuns answered ${JSON.stringify(answer).slice(0, 300)}`);
    }
    return answer.data.appRuns;
  };
  // A cursor about half way down: 250 pages in.
  let cursor: string | null = null;
  for (let page = 0; page < 250; page++) cursor = (await ask(cursor ? { cursor } : {})).nextCursor;
  const viewer = { userId: owner.id, isAdmin: false };
  const servicePage = async () => {
    const page = await gateway.services.runHistory.appRuns(viewer, appId, { limit: 20 });
    await Promise.all(page.runs.map(async (run) => [await run.runner, await run.appName]));
  };
  const figure = (sample: { p50Ms: number; p99Ms: number; meanMs: number }) => ({
    p50Ms: fixed(sample.p50Ms),
    p99Ms: fixed(sample.p99Ms),
    meanMs: fixed(sample.meanMs),
  });
  const [plan] = (await dataSource.query(
    `EXPLAIN (ANALYZE, FORMAT JSON) SELECT id, created_at FROM runs r WHERE r.app_id = $1
       ORDER BY r.created_at DESC, r.id DESC LIMIT 21`,
    [appId],
  )) as { 'QUERY PLAN': unknown }[];
  const planText = JSON.stringify(plan?.['QUERY PLAN']);
  return {
    runsOfTheApp: counted!.app,
    runsInAll: counted!.total,
    newestPageGraphql: figure(await repeat(() => ask({}), 300, 50)),
    halfWayPageGraphql: figure(await repeat(() => ask({ cursor }), 300, 50)),
    failedOnlyPageGraphql: figure(await repeat(() => ask({ status: 'failed' }), 300, 50)),
    newestPageService: figure(await repeat(servicePage, 300, 50)),
    // The newest page's query as the database runs it: the index it reads, and its own time.
    listQueryIndexes: [...planText.matchAll(/"Index Name":"(\w+)"/g)].map((match) => match[1]),
    listQueryNodes: [...planText.matchAll(/"Node Type":"([\w ]+)"/g)].map((match) => match[1]),
    listQueryExecutionMs: Number(/"Execution Time":([\d.]+)/.exec(planText)?.[1] ?? NaN),
  };
}
