/**
 * How long one read of the store listing, or of a public app, serves everyone who is not its owner
 * or an admin. Publishing, review, privacy, edits, deletions and upvotes made through this process
 * refresh them at once; view and run counts, and changes made through another process, show within
 * this time. Owners and admins always read afresh; other people's runs use these reads too
 * (a run gets its own copy of the config).
 */
export const PUBLIC_READ_TTL_MS = 1_000;
/** Public app reads kept at most (by id and by address). */
const PUBLIC_READS_KEPT = 2_000;

/**
 * Reads shared by public viewers, and until when (performance.now()): the store listing
 * (`store`) and single apps (`id:<id>`, `slug:<slug>`).
 */
export class PublicReads {
  private readonly reads = new Map<string, { read: Promise<unknown>; until: number }>();

  /** A read shared by public viewers for PUBLIC_READ_TTL_MS; a failed read is not kept. */
  read<T>(key: string, read: () => Promise<T>): Promise<T> {
    const now = performance.now();
    const kept = this.reads.get(key);
    if (kept && kept.until > now) return kept.read as Promise<T>;
    const entry = { read: read(), until: now + PUBLIC_READ_TTL_MS };
    this.reads.delete(key);
    this.reads.set(key, entry);
    if (this.reads.size > PUBLIC_READS_KEPT) {
      this.reads.delete(this.reads.keys().next().value!);
    }
    entry.read.catch(() => {
      if (this.reads.get(key) === entry) this.reads.delete(key);
    });
    return entry.read;
  }

  /** Every read is made afresh from now on. */
  clear(): void {
    this.reads.clear();
  }
}
