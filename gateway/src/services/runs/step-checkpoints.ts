import type { StepRecorder } from './run-steps';

/** How long a run goes before its steps are stored while it runs, and how often after that. */
export const CHECKPOINT_MS = 250;

interface Tracked {
  recorder: StepRecorder;
  inputs: Readonly<Record<string, unknown>>;
  /** performance.now() when the run began executing. */
  since: number;
}

/**
 * Keeps the steps of long runs stored while they run, so a run whose process dies still shows
 * how far it got: the blocks that finished, and the one that was running. A run that ends within
 * CHECKPOINT_MS (most runs) stores its steps only with its ending, at no extra cost; a longer one
 * has its changed steps stored every CHECKPOINT_MS, the runs of one process together in one
 * statement. A step is therefore stored at most about 2 x CHECKPOINT_MS after it changed.
 */
export class StepCheckpoints {
  private readonly runs = new Map<string, Tracked>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    /** Stores the steps of runs still running, in one statement (`RunRecords.storeSteps`). */
    private readonly records: { storeSteps(batch: readonly { id: string; nodes: unknown }[]): Promise<void> },
    private readonly log: (message: string) => void,
    private readonly intervalMs = CHECKPOINT_MS,
  ) {}

  /** Starts keeping a run's steps stored while it runs. */
  track(runId: string, recorder: StepRecorder, inputs: Readonly<Record<string, unknown>>): void {
    this.runs.set(runId, { recorder, inputs, since: performance.now() });
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), this.intervalMs);
      this.timer.unref();
    }
  }

  /** The run is ending: its steps are stored with its ending from now on. */
  forget(runId: string): void {
    this.runs.delete(runId);
  }

  /** Stops the timer (it stays set between runs: it costs nothing while no run is due) and waits for a write. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.writing;
  }

  /** Stores the changed steps of every run that has gone on for CHECKPOINT_MS. */
  private tick(): void {
    if (this.runs.size === 0) return;
    const due = performance.now() - this.intervalMs;
    const batch: { id: string; nodes: unknown }[] = [];
    for (const [id, run] of this.runs) {
      if (run.since > due || !run.recorder.dirty) continue;
      batch.push({ id, nodes: run.recorder.snapshot(run.inputs) });
    }
    if (batch.length === 0) return;
    this.writing = this.writing
      .then(() => this.records.storeSteps(batch))
      .then(
        () => undefined,
        (error: unknown) =>
          this.log(
            `The steps of ${batch.length} running run(s) could not be stored: ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
  }
}
