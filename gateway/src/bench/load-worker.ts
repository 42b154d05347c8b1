import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * One request on a kept-alive connection; the status and the answer's text. Node's own HTTP
 * client: `fetch` cost about as much CPU per request as the server's whole work on a run, and on
 * two cores the client takes its share from the server.
 */
function send(
  url: URL,
  agent: Agent,
  method: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}

/**
 * Runs in its own thread: sends `body` to `url` from `connections` loops, for `seconds` or until
 * `total` requests have been sent, and reports latencies. Connection c adds
 * `connectionHeaders[c % length]` to the headers (a different person per connection, say).
 */
interface LoadJob {
  url: string;
  body: string | null;
  headers: Record<string, string>;
  connectionHeaders: Record<string, string>[];
  connections: number;
  seconds: number;
  total: number | null;
}

async function main(job: LoadJob): Promise<void> {
  const began = performance.now();
  const deadline = Date.now() + job.seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let sent = 0;
  const more = () => (job.total === null ? Date.now() < deadline : sent++ < job.total);
  const url = new URL(job.url);
  const agent = new Agent({ keepAlive: true, maxSockets: job.connections });
  const body = job.body === null ? null : Buffer.from(job.body);
  const method = body === null ? 'GET' : 'POST';
  await Promise.all(
    Array.from({ length: job.connections }, async (_, c) => {
      const own =
        job.connectionHeaders.length > 0 ? job.connectionHeaders[c % job.connectionHeaders.length] : {};
      const headers = { ...job.headers, ...own, ...(body ? { 'content-length': body.length } : {}) };
      while (more()) {
        const start = performance.now();
        const answer = await send(url, agent, method, headers, body);
        if (answer.status !== 200 || answer.text.includes('"errors"')) {
          failures++;
          firstFailure ??= answer.text.slice(0, 500);
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  agent.destroy();
  const seconds = job.total === null ? job.seconds : (performance.now() - began) / 1000;
  parentPort!.postMessage({ latencies, failures, firstFailure, seconds });
}

void main(workerData as LoadJob);
