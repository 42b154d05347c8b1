import type { DataSource } from 'typeorm';
import { isPglite } from './pglite-pool';

/** One piece of a batched write, which answers its own caller. */
export interface BatchItem {
  reject(error: unknown): void;
}

/** How a batched item answers its caller: what the batch's write settles it with. */
export interface Settlers<R> {
  resolve(value: R): void;
  reject(error: unknown): void;
}

/**
 * Writes `batch` with one call of `write` (which settles its items when it succeeds). If that
 * fails, each item is written alone, one after another: one bad item fails only itself, and the
 * retries do not queue all at once in front of everyone else's queries.
 */
export async function writeBatch<T extends BatchItem>(
  batch: T[],
  write: (items: T[]) => Promise<void>,
): Promise<void> {
  try {
    await write(batch);
  } catch (error) {
    if (batch.length === 1) batch[0]!.reject(error);
    else for (const item of batch) await write([item]).catch((e: unknown) => item.reject(e));
  }
}

/** How a `TurnBatches` gathers its items. */
export interface TurnBatchOptions {
  /** The most items one write takes (default 100). */
  maxBatch?: number;
  /**
   * How long the first item of a batch waits for others before the batch is written (default 0:
   * until the loop turns). For writes nobody waits on, a longer gathering means fewer, larger
   * statements; `flush` cuts it short.
   */
  gatherMs?: number;
  /**
   * Gather only while items come in company: when the batch written last held more than one. A
   * lone item (a quiet server, one run at a time) is then written at the next turn, unhurried by
   * `gatherMs`.
   */
  onlyWhenBusy?: boolean;
}

/**
 * How the run writes callers wait on (a run's charge before it starts, its success before it is
 * answered) gather on `dataSource`. On the embedded database a statement runs on the gateway's
 * own thread, and its fixed cost (opening its tables, their indexes and triggers, its commit) is
 * the gateway's CPU: ~450 µs for the charge and ~400 µs for the success however many runs they
 * write, then ~90 and ~55 µs a run.
 * There, while runs come together, each batch gathers for 1 ms. Measured on the REST execute load
 * side by side with the tree before (BENCHMARKS.md): sixteen people 0.26-0.29 statements a run
 * against 0.38-0.39, 0.68-0.71 ms of CPU a run against 0.74-0.83, and more runs/s (1,493-1,508
 * against 1,323-1,437); one person 0.79-0.85 ms against 1.00-1.09. Gathering 2 ms cut as many
 * statements but left the server idle for part of it (1,253-1,353 runs/s). On a PostgreSQL server
 * the statements are another process's work, already batched while one is on its way: gathering
 * there only added its time to every run (one person's runs/s 920 against 1,335), so each batch
 * goes at the next turn.
 */
export function runWriteGathering(dataSource: DataSource): TurnBatchOptions {
  return isPglite(dataSource) ? BUSY_RUN_WRITES : {};
}

const BUSY_RUN_WRITES: TurnBatchOptions = { gatherMs: 1, onlyWhenBusy: true };

/**
 * Items written together, a batch per turn of the event loop (or per `gatherMs`): what is added
 * meanwhile is written once the loop turns (`writeBatch`, up to `maxBatch` at a time), and what is
 * added while a batch is being written waits for it and then goes with everything else that came
 * meanwhile. On the embedded database a request runs from its start to its end without yielding to
 * I/O, so written at once, every item went alone; a statement's fixed cost is then paid once per
 * batch.
 */
export class TurnBatches<T extends BatchItem> {
  private waiting: T[] = [];
  private writing = false;
  /** The gathering under way, if any (`gatherMs`). */
  private gathering: NodeJS.Timeout | undefined;
  /** How many items the last write took. */
  private lastBatch = 0;
  private readonly maxBatch: number;
  private readonly gatherMs: number;
  private readonly onlyWhenBusy: boolean;

  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    options: TurnBatchOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 100;
    this.gatherMs = options.gatherMs ?? 0;
    this.onlyWhenBusy = options.onlyWhenBusy ?? false;
  }

  /**
   * Adds the item `make` builds around its caller's settlers, and answers what the batch's write
   * settles it with (its own answer, or its error).
   */
  submit<R>(make: (settle: Settlers<R>) => T): Promise<R> {
    return new Promise<R>((resolve, reject) => this.add(make({ resolve, reject })));
  }

  private add(item: T): void {
    this.waiting.push(item);
    if (this.writing) {
      // A full batch is not kept waiting for the rest of the gathering.
      if (this.waiting.length >= this.maxBatch) this.flush();
      return;
    }
    this.writing = true;
    if (this.gatherMs > 0 && (!this.onlyWhenBusy || this.lastBatch > 1)) {
      this.gathering = setTimeout(() => {
        this.gathering = undefined;
        void this.writeAll();
      }, this.gatherMs);
    } else setImmediate(() => void this.writeAll());
  }

  /** Writes what is waiting once the loop turns, without waiting out the gathering time. */
  flush(): void {
    if (this.gathering === undefined) return;
    clearTimeout(this.gathering);
    this.gathering = undefined;
    setImmediate(() => void this.writeAll());
  }

  private async writeAll(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        this.lastBatch = batch.length;
        await writeBatch(batch, this.write);
      }
    } finally {
      this.writing = false;
    }
  }
}
