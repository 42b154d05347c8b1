/**
 * A kind of value the blocks of a run share (`RunContext.shared`), declared once by the block
 * package that makes it: its name (for messages) and how one is closed when the run ends.
 */
export interface SharedKind<T> {
  readonly name: string;
  /** Ends one value (a connection, a session) when its run ends; what it throws is dropped. */
  close?(value: T): Promise<void> | void;
}

/** Declares a kind of shared value: `sharedKind<McpToolbox>('MCP server', (t) => t.close())`. */
export function sharedKind<T>(name: string, close?: (value: T) => Promise<void> | void): SharedKind<T> {
  return close ? { name, close } : { name };
}

/**
 * What the blocks of one run share while it lasts: something costly to make (a connection to a
 * server and what it listed) that every block and loop item of the run may use.
 */
export interface RunShared {
  /**
   * The run's value of `kind` under `key`: made by `make` the first time a block of the run asks
   * (blocks asking meanwhile wait for that same making), then that value, or that failure, for the
   * rest of the run. The run closes every value it made when it ends (`SharedKind.close`).
   */
  get<T>(kind: SharedKind<T>, key: string, make: () => Promise<T>): Promise<T>;
}

/** One run's shared values: the engine makes one per run and closes them when the run ends. */
export class RunSharedValues implements RunShared {
  private readonly made = new Map<SharedKind<unknown>, Map<string, Promise<unknown>>>();
  private closed = false;

  get<T>(kind: SharedKind<T>, key: string, make: () => Promise<T>): Promise<T> {
    if (this.closed)
      return Promise.reject(new Error(`The run has ended: no ${kind.name} can be made for it.`));
    let ofKind = this.made.get(kind as SharedKind<unknown>);
    if (!ofKind) {
      ofKind = new Map();
      this.made.set(kind as SharedKind<unknown>, ofKind);
    }
    let value = ofKind.get(key) as Promise<T> | undefined;
    if (!value) {
      value = make();
      ofKind.set(key, value);
    }
    return value;
  }

  /** Closes every value made (best effort: one that fails to close is passed over); later asks are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const closing: Promise<void>[] = [];
    for (const [kind, values] of this.made) {
      for (const value of values.values()) {
        // A value whose making failed has nothing to close; a close that fails is passed over.
        closing.push(value.then((made) => kind.close?.(made)).catch(() => {}));
      }
    }
    this.made.clear();
    await Promise.all(closing);
  }

  /** Nothing was made: closing has nothing to wait for. */
  get empty(): boolean {
    return this.made.size === 0;
  }
}
