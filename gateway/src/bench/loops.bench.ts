import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { OfflineProvider } from '../providers/ai';
import { loadConfig } from '../config';
import { startGateway } from '../gateway';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { probeApp, probePlugin } from './probe-apps';
import { fixed } from './measure';
import { countStatements } from './statement-count';

const ITEMS = 1000;
const RUNS = 10;

/** Text input -> For Each (1,000 lines, 4 at once) -> Text Generation -> Collect -> Text Display. */
function loopApp() {
  return probeApp(
    [
      probePlugin('in', 'textInput', { label: 'Lines', multiline: true }),
      probePlugin('each', 'forEach', { max_items: ITEMS, concurrency: 4 }),
      probePlugin('gen', 'textGeneration', { prompt_template: 'Rhyme with {{item}}' }),
      probePlugin('end', 'collect'),
      probePlugin('show', 'textDisplay'),
    ],
    [
      ['in', 'each'],
      ['each', 'gen'],
      ['gen', 'end'],
      ['end', 'show'],
    ],
  );
}

/**
 * A For Each over 1,000 items of a Text Generation block on PGlite (`npm run bench -- loops`):
 * server CPU per run (PGlite is in this process, so its work counts, with one round of its upkeep
 * after the runs), the progress events and SQL statements per run (all, and those that touch
 * credits), and the bytes the run's own rows take (its row with its steps, its ledger entries),
 * over 10 runs after one untimed.
 */
export async function runLoopBenchmarks(
  options: { around?: (body: () => Promise<void>) => Promise<void> } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-loops-'));
  const gateway = await startGateway({
    config: loadConfig({ PORT: '0', DATA_DIR: dataDir, WORKBENCH_DIR: path.join(dataDir, 'none') }),
    registry: loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' }),
    provider: new OfflineProvider(),
  });
  try {
    const { dataSource } = gateway.database;
    // Every statement any query runner sends, and those about credits.
    const counts = countStatements(dataSource);
    const { user } = await gateway.services.accounts.signUp({
      email: 'loops@example.com',
      password: 'benchmark password',
    });
    // Credits enough for every run, as a grant the ledger agrees with.
    const balance = await gateway.services.ledger.initialize(user.id, 'free');
    await dataSource.query(`UPDATE credit_balances SET balance = 10000000 WHERE user_id = $1`, [user.id]);
    await dataSource.query(
      `INSERT INTO credit_ledger (id, user_id, delta, kind, grant_period) VALUES (gen_random_uuid(), $1, $2, 'grant', 'bench')`,
      [user.id, 10_000_000 - balance],
    );
    const app = await gateway.services.apps.create(user.id, { name: 'Rhymes', config: loopApp() });
    const lines = Array.from({ length: ITEMS }, (_, i) => `line ${i}`).join('\n');
    const run = async () => {
      const record = await gateway.services.runs.runToEnd({
        userId: user.id,
        appId: app.id!,
        inputs: { in: lines },
      });
      if (record.status !== 'succeeded') throw new Error(`the loop run ${record.status}: ${record.error}`);
      if (record.cost !== ITEMS) throw new Error(`the loop run cost ${record.cost}, not ${ITEMS}`);
      return record;
    };
    await run();
    await gateway.database.maintain?.();
    counts.all = 0;
    counts.credits = 0;
    // Every event the runs publish (the progress a watcher is sent).
    let events = 0;
    const { hub } = gateway.services;
    const publish = hub.publish.bind(hub);
    hub.publish = (event) => {
      events++;
      publish(event);
    };
    let statements = { ...counts };
    const before = process.cpuUsage();
    const started = performance.now();
    const ids: string[] = [];
    const timed = async () => {
      for (let i = 0; i < RUNS; i++) ids.push((await run()).id);
      statements = { ...counts };
      // And the database upkeep the runs leave (PGlite's vacuum, every few seconds after writes).
      await gateway.database.maintain?.();
    };
    // A profiler may wrap the timed runs alone (`around`).
    await (options.around ? options.around(timed) : timed());
    const cpu = process.cpuUsage(before);
    const wallMs = performance.now() - started;
    const [bytes] = (await dataSource.query(
      `SELECT (SELECT sum(pg_column_size(r.*)) FROM runs r WHERE r.id = ANY($1::uuid[]))::bigint AS runs,
              (SELECT COALESCE(sum(pg_column_size(l.*)), 0) FROM credit_ledger l WHERE l.run_id = ANY($1::uuid[]))::bigint AS ledger,
              (SELECT count(*) FROM credit_ledger l WHERE l.run_id = ANY($1::uuid[]))::int AS entries`,
      [ids],
    )) as { runs: string; ledger: string; entries: number }[];
    return {
      items: ITEMS,
      runs: RUNS,
      loadAverage: loadavg().map((value) => fixed(value, 1)),
      cpuMsPerRun: fixed((cpu.user + cpu.system) / 1000 / RUNS, 1),
      wallMsPerRun: fixed(wallMs / RUNS, 1),
      eventsPerRun: fixed(events / RUNS, 1),
      statementsPerRun: fixed(statements.all / RUNS, 1),
      creditStatementsPerRun: fixed(statements.credits / RUNS, 1),
      ledgerEntriesPerRun: fixed(bytes!.entries / RUNS, 1),
      runRowKbPerRun: fixed(Number(bytes!.runs) / 1024 / RUNS, 1),
      ledgerKbPerRun: fixed(Number(bytes!.ledger) / 1024 / RUNS, 2),
    };
  } finally {
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
