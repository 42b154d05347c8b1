import path from 'node:path';
import { Worker } from 'node:worker_threads';
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
   * (every thread: the event loop, the embedded database, libuv's pool) less the load client's own
   * thread. Null where a thread's CPU cannot be read (no /proc).
   */
  serverCpuMsPerRequest: number | null;
}

/**
 * Load from a worker thread, so the client does not share the server's event loop. For `seconds`
 * (default 5), or until `total` requests have been answered.
 */
export function load(options: {
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
  const worker = new Worker(path.join(__dirname, 'load-worker.js'), {
    workerData: {
      url: options.url,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      headers: { 'content-type': 'application/json', ...options.headers },
      connectionHeaders: options.connectionHeaders ?? [],
      connections: options.connections ?? 16,
      seconds: options.seconds ?? 5,
      total: options.total ?? null,
      vary: options.vary ?? false,
    },
  });
  const cpuBefore = process.cpuUsage();
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once(
      'message',
      (message: {
        latencies: number[];
        failures: number;
        firstFailure: string | null;
        seconds: number;
        cpuMs: number | null;
      }) => {
        const used = process.cpuUsage(cpuBefore);
        const processCpuMs = (used.user + used.system) / 1000;
        const sample = summarise(message.latencies);
        resolve({
          requestsPerSecond: Math.round(message.latencies.length / message.seconds),
          p50Ms: fixed(sample.p50Ms),
          p99Ms: fixed(sample.p99Ms),
          failures: message.failures,
          ...(message.firstFailure ? { firstFailure: message.firstFailure } : {}),
          serverCpuMsPerRequest:
            message.cpuMs === null || message.latencies.length === 0
              ? null
              : fixed((processCpuMs - message.cpuMs) / message.latencies.length),
        });
        void worker.terminate();
      },
    );
  });
}
