import { readFileSync, readlinkSync } from 'node:fs';

/**
 * A script's time is the CPU time of the thread it runs in, not the time on the wall clock: on a
 * busy machine a thread waits for a core, and that waiting is the host's load, not the script's work.
 */

/** `process.threadCpuUsage` (Node 23.9 and later): this thread's CPU time in microseconds. */
type ThreadCpuUsage = () => { user: number; system: number };

/**
 * This thread's CPU time in milliseconds (user and system), or undefined where Node does not
 * measure it (then a script's time is wall-clock time). Looked up on each call, so tests can take
 * it away.
 */
export function threadCpuMs(): number | undefined {
  const usage = (process as { threadCpuUsage?: ThreadCpuUsage }).threadCpuUsage;
  if (typeof usage !== 'function') return undefined;
  try {
    const { user, system } = usage.call(process);
    return (user + system) / 1000;
  } catch {
    return undefined;
  }
}

/**
 * The time a script has used, on the thread's CPU clock, or on the wall clock where the thread's
 * CPU time is not measured. `passed` is cheap enough for the engine's interrupt handler, which runs
 * thousands of times a second: reading the CPU clock costs several microseconds, reading the wall
 * clock a fraction of one, and a thread cannot use more CPU time than passes on the wall clock. So
 * the CPU clock is read only once the wall clock says the rest of the limit could have been used,
 * and after a reading that finds time left, again only once that time could have been used.
 */
export class ScriptClock {
  private readonly wallStart = performance.now();
  private readonly cpuStart = threadCpuMs();
  /** Before this wall-clock time the limit cannot have been used. */
  private nextLook: number;

  constructor(private readonly limitMs: number) {
    this.nextLook = this.wallStart + limitMs;
  }

  /** Whether the script's time is measured on the thread's CPU clock (else on the wall clock). */
  get cpu(): boolean {
    return this.cpuStart !== undefined;
  }

  /** Milliseconds the script has used. */
  used(): number {
    const cpu = this.cpuStart === undefined ? undefined : threadCpuMs();
    return cpu === undefined ? performance.now() - this.wallStart : cpu - this.cpuStart!;
  }

  /** Whether the script has used more than its limit. */
  passed(): boolean {
    const now = performance.now();
    if (now <= this.nextLook) return false;
    const left = this.limitMs - this.used();
    if (left < 0) return true;
    this.nextLook = now + left;
    return false;
  }
}

/** USER_HZ: Linux counts a thread's CPU time in /proc in hundredths of a second. */
const TICK_MS = 10;

/**
 * Where another thread of this process can read this thread's CPU time: its /proc stat file on
 * Linux (the thread cannot answer while its engine is stuck in one long call); undefined elsewhere.
 */
export function threadStatFile(): string | undefined {
  try {
    const file = `/proc/${readlinkSync('/proc/thread-self')}/stat`;
    return statCpuMs(file) === undefined ? undefined : file;
  } catch {
    return undefined;
  }
}

/**
 * The CPU time (user and system, in milliseconds, to 10 ms) of the thread whose stat file
 * `threadStatFile` gave, or undefined when it cannot be read (the thread has ended).
 */
export function statCpuMs(file: string): number | undefined {
  try {
    const stat = readFileSync(file, 'utf8');
    // The thread's name, in parentheses, may hold spaces: the fields are counted after it. The
    // state is field 3, utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * TICK_MS : undefined;
  } catch {
    return undefined;
  }
}
