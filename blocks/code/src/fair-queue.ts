interface Account<T> {
  waiting: T[];
  /** Items taken and not yet done. */
  inUse: number;
  /** When the account was last served (a count of every take), 0 never since it was idle. */
  servedAt: number;
  /** When its oldest waiting item arrived, to break ties between accounts never served. */
  oldest: number;
}

/**
 * Items waiting per account, handed out in turn: each take goes to the waiting account with the
 * fewest items in use, then the one served least recently, then the one waiting longest. An
 * account never has more than `perAccount` items in use; beyond that its items wait in its own
 * queue, so one account cannot take every place while another waits. An account with nothing
 * waiting and nothing in use is forgotten.
 */
export class FairQueue<T> {
  private readonly accounts = new Map<string, Account<T>>();
  private served = 0;
  private arrived = 0;

  constructor(readonly perAccount: number) {
    if (!Number.isInteger(perAccount) || perAccount < 1) {
      throw new RangeError(`perAccount must be a positive whole number (got ${perAccount}).`);
    }
  }

  push(account: string, item: T): void {
    let entry = this.accounts.get(account);
    if (!entry) {
      entry = { waiting: [], inUse: 0, servedAt: 0, oldest: 0 };
      this.accounts.set(account, entry);
    }
    this.arrived += 1;
    if (entry.waiting.length === 0) entry.oldest = this.arrived;
    entry.waiting.push(item);
  }

  /** The next item in turn, counted in use for its account until `done`; none when all wait on their cap. */
  take(): { account: string; item: T } | undefined {
    let chosen: [string, Account<T>] | undefined;
    for (const candidate of this.accounts) {
      const entry = candidate[1];
      if (entry.waiting.length === 0 || entry.inUse >= this.perAccount) continue;
      if (!chosen || before(entry, chosen[1])) chosen = candidate;
    }
    if (!chosen) return undefined;
    const [account, entry] = chosen;
    const item = entry.waiting.shift()!;
    entry.inUse += 1;
    this.served += 1;
    entry.servedAt = this.served;
    return { account, item };
  }

  /** An item `take` gave out for `account` is finished: its place is free. */
  done(account: string): void {
    const entry = this.accounts.get(account);
    if (!entry || entry.inUse === 0) return;
    entry.inUse -= 1;
    if (entry.inUse === 0 && entry.waiting.length === 0) this.accounts.delete(account);
  }

  /** Takes out waiting items that `remove` answers true for (a run stopped while waiting). */
  remove(account: string, remove: (item: T) => boolean): void {
    const entry = this.accounts.get(account);
    if (!entry) return;
    entry.waiting = entry.waiting.filter((item) => !remove(item));
    if (entry.inUse === 0 && entry.waiting.length === 0) this.accounts.delete(account);
  }

  /** Takes out every waiting item (shutting down); items in use stay counted until `done`. */
  drain(): T[] {
    const drained: T[] = [];
    for (const [account, entry] of this.accounts) {
      drained.push(...entry.waiting);
      entry.waiting = [];
      if (entry.inUse === 0) this.accounts.delete(account);
    }
    return drained;
  }

  /** Items in use for `account`. */
  inUse(account: string): number {
    return this.accounts.get(account)?.inUse ?? 0;
  }

  get waiting(): number {
    let count = 0;
    for (const entry of this.accounts.values()) count += entry.waiting.length;
    return count;
  }
}

function before<T>(a: Account<T>, b: Account<T>): boolean {
  if (a.inUse !== b.inUse) return a.inUse < b.inUse;
  if (a.servedAt !== b.servedAt) return a.servedAt < b.servedAt;
  return a.oldest < b.oldest;
}
