import { parentPort, workerData } from 'node:worker_threads';

/** Runs in its own thread: sends `body` to `url` from `connections` loops for `seconds`, reports latencies. */
interface LoadJob {
  url: string;
  body: string | null;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

async function main(job: LoadJob): Promise<void> {
  const deadline = Date.now() + job.seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: job.connections }, async () => {
      while (Date.now() < deadline) {
        const start = performance.now();
        const response = await fetch(job.url, {
          method: job.body === null ? 'GET' : 'POST',
          headers: job.headers,
          body: job.body,
        });
        const text = await response.text();
        if (!response.ok || text.includes('"errors"')) failures++;
        latencies.push(performance.now() - start);
      }
    }),
  );
  parentPort!.postMessage({ latencies, failures, seconds: job.seconds });
}

void main(workerData as LoadJob);
