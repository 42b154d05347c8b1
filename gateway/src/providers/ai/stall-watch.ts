import { AiProviderError } from '@blocksmith/block-sdk';

/**
 * Cuts a streamed answer that stops arriving. `signal` (given to the vendor's SDK) aborts when the
 * run stops, or when nothing arrives for `timeoutMs` while the watch is armed: armed while waiting
 * for the next piece, paused while the consumer handles one (its time does not count).
 */
export class StallWatch {
  private readonly cut = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private cutForStall = false;
  private readonly stop = () => this.cut.abort();

  constructor(
    private readonly run: AbortSignal,
    private readonly timeoutMs: number,
  ) {
    if (run.aborted) this.cut.abort();
    run.addEventListener('abort', this.stop, { once: true });
  }

  get signal(): AbortSignal {
    return this.cut.signal;
  }

  /** The answer was cut because it stalled (and not because the run stopped). */
  get stalled(): boolean {
    return this.cutForStall && !this.run.aborted;
  }

  /** Waiting for the next piece: nothing arriving for `timeoutMs` cuts the answer. */
  arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.cutForStall = true;
      this.cut.abort();
    }, this.timeoutMs);
  }

  /** A piece arrived. */
  pause(): void {
    clearTimeout(this.timer);
  }

  /**
   * SDKs end a stream quietly when its request is aborted: a stream that ended because it was cut
   * must not look finished.
   */
  throwIfCut(): void {
    if (this.cutForStall || this.run.aborted) throw new AiProviderError('aborted', 'The run was stopped.');
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.run.removeEventListener('abort', this.stop);
  }
}
