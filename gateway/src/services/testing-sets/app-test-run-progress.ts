/** How long a watcher waits for word of a change before reading anyway (a run on another process). */
export const PROGRESS_FALLBACK_MS = 1_000;

/**
 * Word that a test run's stored row changed (a case ended, the run ended), for the watchers on
 * this process; watchers of a run executed elsewhere read the row again every
 * `PROGRESS_FALLBACK_MS` instead.
 */
export class TestRunProgress {
  private readonly waiting = new Map<string, Set<() => void>>();

  changed(testRunId: string): void {
    const wakers = this.waiting.get(testRunId);
    if (!wakers) return;
    this.waiting.delete(testRunId);
    for (const wake of wakers) wake();
  }

  /** Settles at the next change of the run, after `fallbackMs`, or when `signal` aborts. */
  next(testRunId: string, fallbackMs = PROGRESS_FALLBACK_MS, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      let wakers = this.waiting.get(testRunId);
      if (!wakers) this.waiting.set(testRunId, (wakers = new Set()));
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.waiting.get(testRunId)?.delete(done);
        if (this.waiting.get(testRunId)?.size === 0) this.waiting.delete(testRunId);
        resolve();
      };
      const timer = setTimeout(done, fallbackMs);
      timer.unref();
      signal?.addEventListener('abort', done);
      wakers.add(done);
    });
  }
}
