/** The longest a streamed piece of a loop item's block waits to go out with the pieces after it. */
export const HOLD_MS = 50;

/**
 * The streamed text (`node_partial`) of a run's blocks inside loops, gathered: a piece that comes
 * after a quiet spell of `holdMs` goes out at once, the pieces that follow it sooner are held and
 * go out together, when the run's hold ends (one timer for the whole run) or when their block
 * ends. A loop runs hundreds of items side by side, each streaming tens of pieces: one event per
 * piece was an object (and a step through every listener) per piece, some 31,000 a run for 1,000
 * items. Watchers see the same text, in the same order, at most `holdMs` later.
 */
export class StreamedText {
  private readonly holding = new Set<HeldText>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly holdMs = HOLD_MS) {}

  /** The text of one run of a block, handed to `send` (a cleaned, placed `node_partial`). */
  of(send: (text: string) => void): HeldText {
    return new HeldText(this, send);
  }

  /** `text` holds a piece: it goes out when the run's hold ends, at the latest. */
  hold(text: HeldText): void {
    this.holding.add(text);
    this.timer ??= setTimeout(() => this.flush(), this.holdMs);
  }

  release(text: HeldText): void {
    this.holding.delete(text);
  }

  /** Every held piece goes out now (the hold ended, or the run did). */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    for (const text of this.holding) text.flush();
  }
}

/** The streamed text of one run of a block (see `StreamedText`). */
export class HeldText {
  private held: string | undefined;
  private lastSent = -Infinity;

  constructor(
    private readonly run: StreamedText,
    private readonly send: (text: string) => void,
  ) {}

  add(piece: string): void {
    if (this.held !== undefined) {
      this.held += piece;
      return;
    }
    const now = performance.now();
    if (now - this.lastSent >= this.run.holdMs) {
      this.lastSent = now;
      this.send(piece);
      return;
    }
    this.held = piece;
    this.run.hold(this);
  }

  /** What is held goes out now: before the block's end, its tool calls, or when the hold ends. */
  flush(): void {
    const text = this.held;
    if (text === undefined) return;
    this.held = undefined;
    this.run.release(this);
    this.lastSent = performance.now();
    this.send(text);
  }
}
