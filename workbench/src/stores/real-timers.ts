import type { Timers } from './toast-store';

/** The browser's timers, behind the `Timers` seam the stores' tests drive by hand. */
export const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
