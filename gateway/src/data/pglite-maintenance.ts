/**
 * The vacuuming a PostgreSQL server's autovacuum does, for the embedded PGlite database, which has
 * no background processes. Without it every run leaves dead row versions behind (its run row is
 * updated when it ends, its app's use count and its payer's balance on every run) and the
 * statements that find those rows slow down run after run: measured on the REST execute load,
 * 331, 255, then 227 runs/s over three rounds of 2,000 runs, against 484 to 549 with a VACUUM
 * between rounds. A VACUUM after a few seconds of writes costs about 20 ms.
 *
 * And the checkpoints a server's checkpointer makes: PGlite's single process never makes one by
 * itself, so its write-ahead log grew without end (545 MB of 942 MB at 125,600 runs). With
 * `walPosition`, a round makes one once 16 MB of log was written since the last, and the log
 * keeps what `PGLITE_WAL_SETTINGS` allow (database.ts).
 */
export interface PgliteMaintenanceOptions {
  /** Sends one statement through the database's pool (so it waits its turn like any other). */
  query(sql: string): Promise<unknown>;
  /** How many writes the pool has sent so far (statements other than SELECT and SHOW). */
  writes(): number;
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
      await options.query(vacuums % analyzeEvery === 0 ? 'VACUUM (ANALYZE)' : 'VACUUM');
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
