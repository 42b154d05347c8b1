import type { DataSource } from 'typeorm';
import { AppError, InsufficientCreditsError } from '../../errors';
import type { Mailer } from '../accounts/mailer';
import type { OwnerRuns } from './owner-runs';
import { nextRunAfter } from './schedule-timing';

/** How often each process looks for due schedules: a schedule fires within this of its time. */
export const TRIGGER_POLL_MS = 10_000;
/** Due schedules one look fires at most; the rest wait for the next look. */
const BATCH = 100;

/** The notice on a schedule the server paused because its owner's credits ran out. */
export const CREDITS_PAUSE_NOTICE =
  'Paused: your credits ran out, so this schedule could not start its run. Add credits, then resume it.';

export interface TickResult {
  /** Due times this process claimed and started a run for. */
  fired: number;
  /** Schedules it paused (credits ran out, or a run it could never start). */
  paused: number;
}

interface DueRow {
  id: string;
  app_id: string;
  name: string;
  cron: string;
  time_zone: string;
  inputs: Record<string, unknown> | string;
  next_run_at: Date | string;
}

/**
 * Fires apps' schedules. Each look reads the schedules due by `clock.now()` and claims each due
 * time with one statement, `UPDATE ... SET next_run_at = <the next one> WHERE next_run_at = <the
 * due one> RETURNING`: of any number of processes sharing the database (or two looks in one),
 * exactly one moves it on, and only that one starts the run. The due time lives in the database,
 * so a restart loses nothing; times missed while no process was running fire once, then the
 * schedule goes on from now. A run the owner cannot pay for pauses the schedule with a notice
 * (and a mail); one it can never start (its inputs refused, the app gone) pauses it with the reason.
 */
export class TriggerScheduler {
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<TickResult> | null = null;

  constructor(
    private readonly deps: {
      dataSource: DataSource;
      runs: OwnerRuns;
      clock: { now(): Date };
      mailer?: Mailer | undefined;
      publicUrl: string;
      log?: (line: string) => void;
    },
  ) {}

  /** Looks every `intervalMs` (TRIGGER_POLL_MS); the timer never keeps the process alive. */
  start(intervalMs = TRIGGER_POLL_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tickOnce(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.looking;
  }

  /** One look at the schedules due by the clock's now (a look under way is joined). */
  tickOnce(): Promise<TickResult> {
    this.looking ??= this.tick(this.deps.clock.now())
      .catch((error: unknown) => {
        this.log(
          `Schedules could not be looked at: ${error instanceof Error ? error.message : String(error)}`,
        );
        return { fired: 0, paused: 0 };
      })
      .finally(() => (this.looking = null));
    return this.looking;
  }

  /** Fires every schedule due by `now` whose due time this call claims. */
  async tick(now: Date): Promise<TickResult> {
    const due = (await this.deps.dataSource.query(
      `SELECT id, app_id, name, cron, time_zone, inputs, next_run_at FROM app_schedules
        WHERE status = 'active' AND next_run_at <= $1 ORDER BY next_run_at LIMIT ${BATCH}`,
      [now.toISOString()],
    )) as DueRow[];
    const result: TickResult = { fired: 0, paused: 0 };
    for (const row of due) {
      const outcome = await this.fire(row, now);
      if (outcome === 'fired') result.fired += 1;
      if (outcome === 'paused') result.paused += 1;
    }
    return result;
  }

  private async fire(row: DueRow, now: Date): Promise<'fired' | 'paused' | 'skipped'> {
    const dueAt = new Date(row.next_run_at);
    const from = dueAt > now ? dueAt : now;
    const next = nextRunAfter(row.cron, row.time_zone, from);
    const claimed = (await this.deps.dataSource.query(
      `UPDATE app_schedules SET next_run_at = $3, last_run_at = $2, updated_at = now()
        WHERE id = $1 AND status = 'active' AND next_run_at = $2 RETURNING id`,
      [row.id, dueAt.toISOString(), next?.toISOString() ?? null],
    )) as unknown[];
    // PostgreSQL answers UPDATE ... RETURNING as [rows, count].
    const rows = Array.isArray(claimed[0]) ? (claimed[0] as unknown[]) : claimed;
    if (rows.length === 0) return 'skipped';
    const inputs =
      typeof row.inputs === 'string' ? (JSON.parse(row.inputs) as Record<string, unknown>) : row.inputs;
    try {
      const started = await this.deps.runs.start(row.app_id, inputs, 'schedule');
      started.done.catch(() => undefined);
      await this.deps.dataSource.query(
        'UPDATE app_schedules SET last_run_id = $2, last_error = NULL WHERE id = $1',
        [row.id, started.runId],
      );
      return 'fired';
    } catch (error) {
      if (error instanceof InsufficientCreditsError) {
        await this.pause(row, CREDITS_PAUSE_NOTICE, error.message);
        return 'paused';
      }
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof AppError) {
        // Refused for a reason the next due time would meet again (its inputs, the app, the owner).
        await this.pause(row, `Paused: ${message}`, message);
        return 'paused';
      }
      this.log(`Schedule ${row.id} could not start its run: ${message}`);
      await this.deps.dataSource.query('UPDATE app_schedules SET last_error = $2 WHERE id = $1', [
        row.id,
        message,
      ]);
      return 'skipped';
    }
  }

  private async pause(row: DueRow, notice: string, error: string): Promise<void> {
    await this.deps.dataSource.query(
      `UPDATE app_schedules SET status = 'paused', next_run_at = NULL, paused_reason = $2, last_error = $3,
         updated_at = now() WHERE id = $1`,
      [row.id, notice, error],
    );
    await this.mailOwner(row, notice).catch((failure: unknown) =>
      this.log(`The pause notice of schedule ${row.id} was not mailed: ${String(failure)}`),
    );
  }

  private async mailOwner(row: DueRow, notice: string): Promise<void> {
    if (!this.deps.mailer) return;
    const [owner] = (await this.deps.dataSource.query(
      'SELECT u.email, a.name FROM apps a JOIN users u ON u.id = a.owner_id WHERE a.id = $1',
      [row.app_id],
    )) as { email: string | null; name: string }[];
    if (!owner?.email) return;
    await this.deps.mailer.send({
      to: owner.email,
      subject: `Your schedule "${row.name}" of ${owner.name} was paused`,
      body: `${notice}\n\nSee the app's triggers: ${this.deps.publicUrl}/my-apps/${row.app_id}/triggers\n`,
    });
  }

  private log(line: string): void {
    (this.deps.log ?? ((text: string) => console.error(text)))(line);
  }
}
