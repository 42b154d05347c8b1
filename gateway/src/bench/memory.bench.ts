import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { benchGateway, restRuns } from './disk.bench';
import { fixed } from './measure';

/** What one gateway process held after the load, in MB. */
interface Held {
  storedRuns: number;
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
  runsPerSecond: number;
}

const mb = (bytes: number) => fixed(bytes / 2 ** 20, 1);

/** Adds `count` runs, copies of run `runId` a second apart, in SQL (10,000 a statement). */
async function storeCopies(
  query: (sql: string, params: unknown[]) => Promise<unknown>,
  runId: string,
  count: number,
) {
  for (let done = 0; done < count; done += 10_000) {
    await query(
      `INSERT INTO runs
       SELECT (jsonb_populate_record(NULL::runs, to_jsonb(r) || jsonb_build_object(
                 'id', gen_random_uuid(),
                 'created_at', r.created_at - make_interval(secs => g),
                 'finished_at', r.finished_at - make_interval(secs => g)))).*
         FROM runs r, generate_series($2::int + 1, $2::int + $3::int) AS g
        WHERE r.id = $1`,
      [runId, done, Math.min(10_000, count - done)],
    );
  }
}

/**
 * One gateway in this process: `stored` runs made in SQL, then the same load as every measurement
 * (REST runs of the text app, 16 people, and the owner's run history read page by page), then
 * what the process holds once its garbage is collected.
 */
export async function measureOneGateway(stored: number, runs: number): Promise<Held> {
  const bench = await benchGateway('bench-memory-');
  const { dataSource } = bench.gateway.database;
  try {
    await restRuns(bench, 20);
    const [first] = (await dataSource.query(`SELECT id FROM runs ORDER BY created_at LIMIT 1`)) as {
      id: string;
    }[];
    if (stored > 0) await storeCopies((sql, params) => dataSource.query(sql, params), first!.id, stored);
    await dataSource.query('VACUUM (ANALYZE)');
    await dataSource.query('CHECKPOINT');
    const load = await restRuns(bench, runs);
    // The owner's history, 20 pages of 50, as someone scrolling it.
    let cursor: string | null = null;
    for (let page = 0; page < 20; page++) {
      const query = new URLSearchParams({ limit: '50', ...(cursor ? { cursor } : {}) });
      const response = await fetch(`${bench.gateway.url}/api/apps/${bench.appId}/runs?${query}`, {
        headers: { authorization: `Bearer ${bench.people[0]}` },
      });
      const body = (await response.json()) as { nextCursor: string | null };
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    gc?.();
    const used = process.memoryUsage();
    return {
      storedRuns: stored + runs + 20,
      rssMb: mb(used.rss),
      heapUsedMb: mb(used.heapUsed),
      externalMb: mb(used.external),
      runsPerSecond: load.requestsPerSecond,
    };
  } finally {
    await bench.close();
  }
}

/**
 * `npm run bench -- memory`: a fresh gateway and one holding `stored` runs (100,000 by default, made
 * in SQL), each in a process of its own, after the same load: the resident memory, the JavaScript
 * heap, and their ratio (the target: within 10%).
 */
export async function runMemoryBenchmarks(options: { stored?: number; runs?: number } = {}) {
  const stored = options.stored ?? 100_000;
  const runs = options.runs ?? 3000;
  const loadBefore = loadavg()[0]!;
  const measure = (count: number): Held =>
    JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', __filename, String(count), String(runs)], {
        encoding: 'utf8',
        env: { ...process.env, BENCH_MEMORY_CHILD: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 16 * 2 ** 20,
      })
        .trim()
        .split('\n')
        .at(-1)!,
    ) as Held;
  const fresh = measure(0);
  const full = measure(stored);
  return {
    database: 'pglite',
    fresh,
    withStoredRuns: full,
    rssRatio: fixed(full.rssMb / fresh.rssMb),
    heapRatio: fixed(full.heapUsedMb / fresh.heapUsedMb),
    target: 'resident memory with 100,000 stored runs within 10% of a fresh gateway’s (ratio 1.10 or less)',
    loadAverage: { before: fixed(loadBefore), after: fixed(loadavg()[0]!) },
  };
}

if (require.main === module && process.env.BENCH_MEMORY_CHILD) {
  measureOneGateway(Number(process.argv[2]), Number(process.argv[3])).then(
    (held) => {
      console.log(JSON.stringify(held));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
