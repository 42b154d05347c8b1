/** Small helpers shared by the benchmarks: repeat, time, and summarise. */
export interface Sample {
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  minMs: number;
  runs: number;
}

export function summarise(timesMs: number[]): Sample {
  const sorted = [...timesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    meanMs: sorted.reduce((s, t) => s + t, 0) / sorted.length,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    minMs: sorted[0]!,
    runs: sorted.length,
  };
}

/** Runs `body` `warmup` times untimed, then `runs` times timed. */
export async function repeat(
  body: () => Promise<unknown>,
  runs: number,
  warmup = Math.ceil(runs / 5),
): Promise<Sample> {
  for (let i = 0; i < warmup; i++) await body();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await body();
    times.push(performance.now() - start);
  }
  return summarise(times);
}

/** Samples resident memory while `body` runs and reports the peak. */
export async function peakRss<T>(body: () => Promise<T>): Promise<{ value: T; peakRssMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const value = await body();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, peakRssMb: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

export function fixed(value: number, digits = 2): number {
  return Number(value.toFixed(digits));
}
