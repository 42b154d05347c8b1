/** One piece of a batched write, which answers its own caller. */
export interface BatchItem {
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
