import type { DataSource } from 'typeorm';
import type { RunEvents } from './run-events';

/** How long `stop` waits, by default, for a run executing on another process to end. */
export const STOP_WAIT_MS = 15_000;

/**
 * How long a stop asked of a run that executes nowhere yet is remembered: a queued run taken by
 * this process within that time is stopped as it starts.
 */
const ASKED_MS = 10 * 60_000;

/** The most stops remembered that way (the oldest are forgotten first). */
const MAX_ASKED = 10_000;

/**
 * Stopping a run wherever it executes. A run executing here is stopped at once (its engine's
 * signal). Otherwise the stop is asked of every process through the run events
 * (`RunEvents.askStop`: NOTIFY on PostgreSQL, the LISTEN connection that carries run progress),
 * and the one executing the run stops it; a process that does not hold it remembers the stop for
 * a while, so a queued run it takes later is stopped as it starts. Whoever asked waits for the run
 * to end and answers whether it was stopped.
 */
export class RunStops {
  /** How to stop each run executing here. */
  private readonly stoppers = new Map<string, AbortController>();
  /** Stops asked of runs not executing here, until when they hold. */
  private readonly asked = new Map<string, number>();

  constructor(private readonly deps: { dataSource: DataSource; hub: RunEvents }) {
    deps.hub.onStopAsked((runId) => {
      if (!this.stopHere(runId)) this.remember(runId);
    });
  }

  /** A run begins executing here; it is stopped at once when a stop was asked of it already. */
  track(runId: string, stopper: AbortController): void {
    this.stoppers.set(runId, stopper);
    const until = this.asked.get(runId);
    this.asked.delete(runId);
    if (until !== undefined && until > Date.now()) stopper.abort();
  }

  /** The run no longer executes here. */
  forget(runId: string): void {
    this.stoppers.delete(runId);
  }

  /** Stops a run executing here; false when it does not execute here. */
  stopHere(runId: string): boolean {
    const stopper = this.stoppers.get(runId);
    stopper?.abort();
    return stopper !== undefined;
  }

  /**
   * Stops a run wherever it executes: here at once (true), else asked of the process executing it,
   * waiting up to `waitMs` for the run to end. True when it ended stopped (aborted, refunded);
   * false when it had ended already, ended otherwise, or was still going after `waitMs`.
   */
  async stop(runId: string, waitMs = STOP_WAIT_MS): Promise<boolean> {
    if (this.stopHere(runId)) return true;
    if ((await this.statusOf(runId)) !== 'running') return false;
    const ended = this.deps.hub.finished(runId).then(
      () => true,
      () => false,
    );
    await this.deps.hub.askStop(runId);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    return (await this.statusOf(runId)) === 'aborted';
  }

  private remember(runId: string): void {
    const now = Date.now();
    for (const [id, until] of this.asked) {
      if (until > now && this.asked.size < MAX_ASKED) break;
      this.asked.delete(id);
    }
    this.asked.set(runId, now + ASKED_MS);
  }

  private async statusOf(runId: string): Promise<string | null> {
    const [row] = (await this.deps.dataSource.query('SELECT status FROM runs WHERE id = $1', [runId])) as {
      status: string;
    }[];
    return row?.status ?? null;
  }
}
