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

  /**
   * `gatherMs`: how long the first item of a batch waits for others before the batch is written
   * (0: until the loop turns). For writes nobody waits on, a longer gathering means fewer, larger
   * statements; `flush` cuts it short.
   */
  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly maxBatch = 100,
    private readonly gatherMs = 0,
  ) {}

  /**
   * Adds the item `make` builds around its caller's settlers, and answers what the batch's write
   * settles it with (its own answer, or its error).
   */
  submit<R>(make: (settle: Settlers<R>) => T): Promise<R> {
    return new Promise<R>((resolve, reject) => this.add(make({ resolve, reject })));
  }

  add(item: T): void {
    this.waiting.push(item);
    if (this.writing) return;
    this.writing = true;
    if (this.gatherMs > 0) {
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
        await writeBatch(this.waiting.splice(0, this.maxBatch), this.write);
      }
    } finally {
      this.writing = false;
    }
  }
}
