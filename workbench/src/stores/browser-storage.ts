import type { KeyValueStorage } from './session-store';

/** Storage kept in memory for the page's lifetime. */
export function memoryStorage(): KeyValueStorage {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/**
 * The browser's local storage, or memory when the page may not use it: a browser that blocks
 * third-party storage refuses it to an embed framed by another site (reading it throws).
 */
export function browserStorage(): { storage: KeyValueStorage; persistent: boolean } {
  try {
    const storage = window.localStorage;
    const probe = 'blocksmith-storage-probe';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return { storage, persistent: true };
  } catch {
    return { storage: memoryStorage(), persistent: false };
  }
}
