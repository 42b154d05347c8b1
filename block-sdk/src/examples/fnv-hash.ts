/** 32-bit FNV-1a hash of a string: a small, stable seed for the offline provider's choices. */
export function fnvHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Picks one item of a non-empty list from a seed. */
export function pick<T>(items: readonly T[], seed: number): T {
  return items[seed % items.length]!;
}
