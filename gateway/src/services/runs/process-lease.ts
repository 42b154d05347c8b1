import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * Runs still running that nobody is executing: those of a process that has not beaten within the
 * lease ($2 seconds) or deregistered when it stopped, and those naming this process ($1) that it is
 * not executing ($3: its run ended without its ending being stored).
 */
const LAPSED_RUNS_SQL = `
SELECT r.id FROM runs r
 WHERE r.status = 'running' AND r.executor IS NOT NULL
   AND CASE WHEN r.executor = $1 THEN NOT (r.id = ANY($3::uuid[]))
       ELSE NOT EXISTS (
         SELECT 1 FROM gateway_processes p
          WHERE p.id = r.executor AND p.seen_at > now() - make_interval(secs => $2)
       ) END
 LIMIT 100`;

/**
 * This process's heartbeat in `gateway_processes`, and the sweep that ends the runs of processes
 * whose heartbeat lapsed. A run executed straight from its own request names its process; if that
 * process dies, another one (or the same database's next process) ends the run, refunded.
 * Both the heartbeat and the lapse are measured on the database's clock.
 */
export class ProcessLease {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | null = null;
  /** Other work ended when its process stopped (test runs), swept with the runs. */
  private readonly sweeps: (() => Promise<void>)[] = [];

  constructor(
    private readonly dataSource: DataSource,
    /** How long without a heartbeat before a process counts as stopped. */
    private readonly leaseSeconds: number,
    /** Ends runs whose process stopped (each at most once, whichever process gets there first). */
    private readonly endLapsed: (runIds: string[]) => Promise<void>,
    /** The runs this process is executing (charged to execute, or under way). */
    private readonly executing: () => string[],
    private readonly log: (message: string) => void = (message) => console.error(message),
  ) {}

  /**
   * Registers this process (failing if it cannot: its runs would look abandoned) and sweeps once,
   * then beats every third of the lease.
   */
  async start(): Promise<void> {
    if (this.timer) return;
    await this.beat();
    await this.alone(() => this.sweep());
    this.timer = setInterval(() => void this.tick(), (this.leaseSeconds * 1000) / 3);
    this.timer.unref();
  }

  /** Sweeps `work` too, at start-up and on each beat (it ends what stopped processes left). */
  alsoSweep(work: () => Promise<void>): void {
    this.sweeps.push(work);
  }

  /** Stops beating and removes this process, so whatever it leaves running is swept at once. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
    await this.dataSource
      .query('DELETE FROM gateway_processes WHERE id = $1', [this.id])
      .catch((error: unknown) => this.log(`Could not deregister this process: ${String(error)}`));
  }

  /** One heartbeat and one sweep; a tick still under way is not overlapped. */
  tick(): Promise<void> {
    return this.alone(async () => {
      await this.beat();
      await this.sweep();
    });
  }

  /** Runs `work` unless a beat or sweep is under way (then waits for that); failures are logged. */
  private alone(work: () => Promise<void>): Promise<void> {
    this.beating ??= work()
      .catch((error: unknown) =>
        this.log(`Process heartbeat: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => (this.beating = null));
    return this.beating;
  }

  private async beat(): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO gateway_processes (id, seen_at) VALUES ($1, now())
       ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
      [this.id],
    );
  }

  private async sweep(): Promise<void> {
    const lapsed = (await this.dataSource.query(LAPSED_RUNS_SQL, [
      this.id,
      this.leaseSeconds,
      this.executing(),
    ])) as { id: string }[];
    if (lapsed.length > 0) await this.endLapsed(lapsed.map((row) => row.id));
    for (const work of this.sweeps) await work();
    await this.dataSource.query(`DELETE FROM gateway_processes WHERE seen_at < now() - interval '1 day'`);
  }
}
