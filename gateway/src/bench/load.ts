import { fork } from 'node:child_process';
import path from 'node:path';
import type { LoadJob, LoadReport } from './load-worker';
import { fixed, summarise } from './measure';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** The start of the first failed answer, to say what went wrong. */
  firstFailure?: string;
  /**
   * CPU the server's process used while the load ran, in ms per request: the whole process's CPU
   * (every thread: the event loop, the embedded database, libuv's pool, V8's collector).
   */
  serverCpuMsPerRequest: number;
  /** CPU the client's process used, in ms per request. */
  clientCpuMsPerRequest: number;
}

/**
 * Load from a process of its own (load-worker.ts), for `seconds` (default 5) or until `total`
 * requests have been answered. The client shares neither the server's event loop nor its process:
 * from a worker thread, the client's start and its garbage collection (on V8's threads, which a
 * process's isolates share) were counted as the server's CPU. The server's CPU is taken from the
 * moment every connection is open to the last answer.
 */
export async function load(options: {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Extra headers per connection, taken in turn (a different person per connection, say). */
  connectionHeaders?: Record<string, string>[];
  connections?: number;
  seconds?: number;
  total?: number;
  /** Every request a body of its own (an unused GraphQL variable counting up): nothing answered twice. */
  vary?: boolean;
}): Promise<LoadResult> {
  const job: LoadJob = {
    url: options.url,
    body: options.body === undefined ? null : JSON.stringify(options.body),
    headers: { 'content-type': 'application/json', ...options.headers },
    connectionHeaders: options.connectionHeaders ?? [],
    connections: options.connections ?? 16,
    seconds: options.seconds ?? 5,
    total: options.total ?? null,
    vary: options.vary ?? false,
  };
  // Without the server's own Node options (a profiler, a preload): the client is only a client.
  const client = fork(path.join(__dirname, 'load-worker.js'), [], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const report = await new Promise<LoadReport & { cpuBefore: NodeJS.CpuUsage }>((resolve, reject) => {
      let cpuBefore: NodeJS.CpuUsage | null = null;
      client.once('error', reject);
      client.once('exit', (code) =>
        reject(new Error(`The load client exited (${code}) before it reported.`)),
      );
      client.on('message', (message: 'ready' | LoadReport) => {
        if (message === 'ready') {
          cpuBefore = process.cpuUsage();
          client.send('go');
        } else resolve({ ...message, cpuBefore: cpuBefore! });
      });
      client.send(job);
    });
    const used = process.cpuUsage(report.cpuBefore);
    const sample = summarise(report.latencies);
    const answered = Math.max(report.latencies.length, 1);
    return {
      requestsPerSecond: Math.round(report.latencies.length / report.seconds),
      p50Ms: fixed(sample.p50Ms),
      p99Ms: fixed(sample.p99Ms),
      failures: report.failures,
      ...(report.firstFailure ? { firstFailure: report.firstFailure } : {}),
      serverCpuMsPerRequest: fixed((used.user + used.system) / 1000 / answered, 3),
      clientCpuMsPerRequest: fixed(report.cpuMs / answered),
    };
  } finally {
    client.removeAllListeners('exit');
    if (client.exitCode === null) client.kill();
  }
}
