/**
 * The vacuuming a PostgreSQL server's autovacuum does, for the embedded PGlite database, which has
 * no background processes. Without it every run leaves dead row versions behind (its run row is
 * updated when it ends, its app's use count and its payer's balance on every run) and the
 * statements that find those rows slow down run after run: measured on the REST execute load,
 * 331, 255, then 227 runs/s over three rounds of 2,000 runs, against 484 to 549 with a VACUUM
 * between rounds.
 *
 * A VACUUM of the whole database visits every table and catalog whatever was written: 35 ms on an
 * empty database, about 100 ms on the gateway's, every round that follows a write (a 1,000-item
 * loop run paid a tenth of one). So with `written`, a round vacuums only the tables written since
 * the last (a few ms), and the whole database every `wholeEvery` rounds (catalogs, and tables
 * written by hand).
 *
 * And the checkpoints a server's checkpointer makes: PGlite's single process never makes one by
 * itself, so its write-ahead log grew without end (545 MB of 942 MB at 125,600 runs). With
 * `walPosition`, a round makes one once 16 MB of log was written since the last, and the log
 * keeps what `PGLITE_WAL_SETTINGS` allow (database.ts).
 */
export interface PgliteMaintenanceOptions {
  /** Sends one statement through the database's pool (so it waits its turn like any other). */
  query(sql: string, values?: unknown[]): Promise<unknown>;
  /** How many writes the pool has sent so far (statements other than SELECT and SHOW). */
  writes(): number;
  /**
   * The tables written since the last call, as the statements named them (names that are no
   * table are passed over). Without it every round vacuums the whole database.
   */
  written?: () => string[];
  /** With `written`: every this many rounds vacuum the whole database (default 60). */
  wholeEvery?: number;
  /** How often to look for writes, in ms. */
  everyMs?: number;
  /** Every this many vacuums also refresh the planner's statistics (ANALYZE). */
  analyzeEvery?: number;
  onError?: (error: unknown) => void;
  /**
   * Where the write-ahead log is (bytes written since the database began); with it, a round that
   * finds `checkpointEveryBytes` written since the last checkpoint makes one. PGlite runs
   * PostgreSQL as a single process with no checkpointer: without them its log is never recycled.
   */
  walPosition?: () => Promise<bigint>;
  /** Log written between two checkpoints at most, give or take a round's writes (default 16 MB). */
  checkpointEveryBytes?: number;
}

export interface PgliteMaintenance {
  /** One round now: vacuums when there were writes since the last one. */
  tick(): Promise<void>;
  /** Stops the rounds and waits for one under way. */
  stop(): Promise<void>;
}

export function keepPgliteVacuumed(options: PgliteMaintenanceOptions): PgliteMaintenance {
  const analyzeEvery = options.analyzeEvery ?? 12;
  const wholeEvery = options.wholeEvery ?? 60;
  const checkpointEvery = BigInt(options.checkpointEveryBytes ?? 16 * 2 ** 20);
  let seen = options.writes();
  let vacuums = 0;
  let checkpointedAt: bigint | null = null;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const round = async () => {
    const writes = options.writes();
    if (stopped || writes === seen) return;
    seen = writes;
    vacuums += 1;
    try {
      const vacuum = vacuums % analyzeEvery === 0 ? 'VACUUM (ANALYZE)' : 'VACUUM';
      // Taken every round, so a whole round does not leave its tables for the next one.
      const written = options.written?.();
      if (written === undefined || vacuums % wholeEvery === 0) await options.query(vacuum);
      else {
        const tables = await existingTables(options, written);
        if (tables.length > 0) await options.query(`${vacuum} ${tables.join(', ')}`);
      }
      if (options.walPosition) {
        const at = await options.walPosition();
        if (checkpointedAt === null || at - checkpointedAt >= checkpointEvery) {
          await options.query('CHECKPOINT');
          checkpointedAt = at;
        }
      }
    } catch (error) {
      // A closed database on the way out, or a passing problem: the next round tries again.
      if (!stopped) (options.onError ?? console.warn)(error);
    }
  };
  const tick = () => (running = running.then(round));
  const timer = setInterval(() => void tick(), options.everyMs ?? 5_000);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** Of `names` (as statements wrote them), the tables and materialized views, each once, quoted as needed. */
async function existingTables(options: PgliteMaintenanceOptions, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = (await options.query(
    `SELECT DISTINCT c.oid::regclass::text AS name
       FROM unnest($1::text[]) AS n(name)
       JOIN pg_class c ON c.oid = to_regclass(n.name)
      WHERE c.relkind IN ('r', 'm')
      ORDER BY 1`,
    [names],
  )) as { name: string }[];
  return rows.map((row) => row.name);
}
