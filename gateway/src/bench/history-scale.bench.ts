import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { OfflineProvider } from '../providers/ai';
import { loadConfig } from '../config';
import { startGateway } from '../gateway';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { probeTextApp } from './probe-apps';
import { freshBenchDatabase } from './fresh-database';
import { fixed } from './measure';

/** Runs of the one app listed, made in SQL. */
const RUNS = 1_000_000;
const CHUNK = 100_000;
/** Pages read per filter (after as many untimed). */
const PAGES = 200;

/** The columns a page of the runs page reads (`RunHistoryService`'s summary). */
const SUMMARY = `id, app_id, user_id, action_type, source, status, cost, error, error_code, created_at,
  finished_at, visitor, details_shared`;

/** The p50 and p95 of timed calls, in ms. */
async function percentiles(
  body: () => Promise<unknown>,
  reported = false,
): Promise<{ p50Ms: number; p95Ms: number }> {
  for (let i = 0; i < PAGES / 4; i++) await body();
  const times: number[] = [];
  for (let i = 0; i < PAGES; i++) {
    const start = performance.now();
    const answer = await body();
    // `reported`: the body answers its own time (the database's), else the call is timed.
    times.push(reported ? Number(answer) : performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => fixed(times[Math.min(times.length - 1, Math.floor(q * times.length))]!);
  return { p50Ms: at(0.5), p95Ms: at(0.95) };
}

/**
 * Run history at scale (`npm run bench -- history-scale`): an app's newest page of runs, and a page
 * deep in, filtered by status, by source and by both, among 1,000,000 runs of that app made in SQL
 * (generate_series: 90% succeeded, 7% failed, 2% aborted, 1% running; sources builder, store, embed
 * and api in turn, with mcp, agent, schedule and chat rarer), through `RunHistoryService.appRuns`
 * as the runs page asks for it (20 a page), with the query plan of each filter.
 */
export async function runHistoryScaleBenchmarks(serverUrl?: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-history-scale-'));
  const database = serverUrl ? await freshBenchDatabase(serverUrl) : null;
  const gateway = await startGateway({
    config: loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      WORKBENCH_DIR: path.join(dataDir, 'none'),
      ...(database ? { DATABASE_URL: database.url } : {}),
    }),
    registry: loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' }),
    provider: new OfflineProvider(),
  });
  try {
    const { dataSource } = gateway.database;
    const { user } = await gateway.services.accounts.signUp({
      email: 'owner@example.com',
      password: 'benchmark password',
    });
    const app = await gateway.services.apps.create(user.id, { name: 'Listed', config: probeTextApp() });
    const seedStart = performance.now();
    for (let from = 1; from <= RUNS; from += CHUNK) {
      await dataSource.query(
        `INSERT INTO runs (id, app_id, user_id, action_type, source, status, cost, inputs, result, nodes,
                           created_at, finished_at)
         SELECT gen_random_uuid(), $1, $2, 'published',
                CASE WHEN i % 50 = 7 THEN (ARRAY['mcp', 'agent', 'schedule', 'chat'])[1 + (i / 50) % 4]
                     ELSE (ARRAY['builder', 'store', 'embed', 'api'])[1 + i % 4] END,
                CASE WHEN i % 100 < 90 THEN 'succeeded' WHEN i % 100 < 97 THEN 'failed'
                     WHEN i % 100 < 99 THEN 'aborted' ELSE 'running' END,
                1, '{"input_text":"x"}'::jsonb, '{}'::jsonb, '{}'::jsonb,
                now() - make_interval(secs => i * 3), now() - make_interval(secs => i * 3 - 1)
           FROM generate_series($3::int, $4::int) AS i`,
        [app.id, user.id, from, Math.min(RUNS, from + CHUNK - 1)],
      );
    }
    await dataSource.query('ANALYZE runs');
    const seedSeconds = fixed((performance.now() - seedStart) / 1000, 1);
    const viewer = { userId: user.id, isAdmin: false };
    const history = gateway.services.runHistory;
    const filters: Record<string, { status?: string; source?: string }> = {
      all: {},
      failed: { status: 'failed' },
      aborted: { status: 'aborted' },
      running: { status: 'running' },
      api: { source: 'api' },
      schedule: { source: 'schedule' },
      failedEmbed: { status: 'failed', source: 'embed' },
      abortedChat: { status: 'aborted', source: 'chat' },
    };
    const results: Record<string, unknown> = {};
    for (const [name, filter] of Object.entries(filters)) {
      const first = await history.appRuns(viewer, app.id!, { limit: 20, ...filter });
      // A page deep in: 50 pages down.
      let cursor = first.nextCursor;
      for (let page = 0; page < 49 && cursor; page++)
        cursor = (await history.appRuns(viewer, app.id!, { limit: 20, cursor, ...filter })).nextCursor;
      const where = [
        'app_id = $1',
        ...(filter.status ? [`status = '${filter.status}'`] : []),
        ...(filter.source ? [`source = '${filter.source}'`] : []),
      ];
      // The database's own time for the page's query (EXPLAIN ANALYZE's), apart from the process.
      let planText = '';
      const databaseMs = await percentiles(async () => {
        const [plan] = (await dataSource.query(
          `EXPLAIN (ANALYZE, FORMAT JSON) SELECT ${SUMMARY} FROM runs WHERE ${where.join(' AND ')}
             ORDER BY created_at DESC, id DESC LIMIT 21`,
          [app.id],
        )) as { 'QUERY PLAN': unknown }[];
        planText = JSON.stringify(plan?.['QUERY PLAN']);
        return Number(/"Execution Time":([\d.]+)/.exec(planText)?.[1] ?? NaN);
      }, true);
      results[name] = {
        newest: await percentiles(() => history.appRuns(viewer, app.id!, { limit: 20, ...filter })),
        ...(cursor && {
          fiftyPagesIn: await percentiles(() =>
            history.appRuns(viewer, app.id!, { limit: 20, cursor, ...filter }),
          ),
        }),
        databaseMs,
        indexes: [...new Set([...planText.matchAll(/"Index Name":"(\w+)"/g)].map((match) => match[1]))],
      };
    }
    return {
      database: gateway.database.kind,
      runsOfTheApp: RUNS,
      seedSeconds,
      loadAverage: loadavg().map((value) => fixed(value, 1)),
      pages: results,
    };
  } finally {
    await gateway.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
