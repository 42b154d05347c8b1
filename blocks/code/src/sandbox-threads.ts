import { availableParallelism, totalmem } from 'node:os';

/**
 * What one sandbox thread may take: the engine's 64 MB of WebAssembly memory and the thread's own
 * JavaScript heap and code, counted generously.
 */
export const THREAD_BYTES = 128 * 1024 * 1024;

/** The share of the machine's memory the sandbox threads may take together. */
const MEMORY_SHARE = 1 / 4;

export interface Machine {
  cores: number;
  /** Memory the process may use: the machine's, or its container's limit when lower. */
  memoryBytes: number;
}

function thisMachine(): Machine {
  const limit = process.constrainedMemory?.() ?? 0;
  const total = totalmem();
  return { cores: availableParallelism(), memoryBytes: limit > 0 && limit < total ? limit : total };
}

/**
 * How many sandbox threads to run: `CODE_SANDBOX_THREADS` when set (1 to 256), otherwise one per
 * core, as many as a quarter of the memory holds at THREAD_BYTES each, and never fewer than two (so
 * one account, held to half of them, never holds them all).
 */
export function sandboxThreads(
  env: Record<string, string | undefined> = process.env,
  machine: Machine = thisMachine(),
): number {
  const configured = env.CODE_SANDBOX_THREADS?.trim();
  if (configured) {
    const threads = Number(configured);
    if (!Number.isInteger(threads) || threads < 1 || threads > 256) {
      throw new RangeError(
        `CODE_SANDBOX_THREADS must be a whole number from 1 to 256 (got "${configured}").`,
      );
    }
    return threads;
  }
  const byMemory = Math.floor((machine.memoryBytes * MEMORY_SHARE) / THREAD_BYTES);
  return Math.max(2, Math.min(machine.cores, byMemory));
}
