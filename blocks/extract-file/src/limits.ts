/** What one run of Extract from File reads at most; stated in the README and the settings' help. */
export const LIMITS = {
  /** Bytes of file read: 20 MB (1 MB = 1024 × 1024 bytes). */
  bytes: 20 * 1024 * 1024,
  /** Characters of text given on. */
  textChars: 1_000_000,
  /** The highest "Most rows" may be set to. */
  rows: 10_000,
  /** Columns of one table. */
  columns: 500,
} as const;

export const MB = 1024 * 1024;

/** 1,000,000 */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
