/** How many steps undo remembers. */
export const HISTORY_LIMIT = 100;

/**
 * Undo and redo over immutable snapshots. Consecutive changes with the same coalesce key (typing
 * into one setting) make one step; a gesture (dragging blocks) is one step from its start.
 */
export class History<T> {
  past: T[] = [];
  future: T[] = [];
  private lastKey: string | null = null;

  /** Call before replacing `current` with a changed value. */
  record(current: T, coalesceKey: string | null = null): void {
    if (coalesceKey === null || coalesceKey !== this.lastKey) {
      this.past.push(current);
      if (this.past.length > HISTORY_LIMIT) this.past.shift();
    }
    this.lastKey = coalesceKey;
    this.future = [];
  }

  undo(current: T): T | undefined {
    const previous = this.past.pop();
    if (previous === undefined) return undefined;
    this.future.push(current);
    this.lastKey = null;
    return previous;
  }

  redo(current: T): T | undefined {
    const next = this.future.pop();
    if (next === undefined) return undefined;
    this.past.push(current);
    this.lastKey = null;
    return next;
  }

  /** Ends coalescing, so the next change is a step of its own. */
  seal(): void {
    this.lastKey = null;
  }

  clear(): void {
    this.past = [];
    this.future = [];
    this.lastKey = null;
  }
}
