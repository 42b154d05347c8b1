import { connect, type Socket } from 'node:net';

interface Answer {
  status: number;
  text: string;
}

/**
 * One kept-alive HTTP/1.1 connection sending the same request again and again, the way wrk or
 * autocannon do: the request's bytes are built once and answers are read by their length. A
 * general-purpose client (fetch, or even node:http) spends about as much CPU per request as the
 * server spends on a whole run, and on two cores the client takes that from the server.
 */
class Connection {
  private pending: Buffer = Buffer.alloc(0);
  private answered: ((answer: Answer) => void) | null = null;
  private failed: ((error: Error) => void) | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
      this.readAnswer();
    });
    const fail = (error: Error) => this.failed?.(error);
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('The server closed the connection.')));
  }

  static open(url: URL): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port || 80), url.hostname, () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  send(request: Buffer): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.answered = resolve;
      this.failed = reject;
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  /** Takes one whole answer off the front of what has arrived, if it is all there. */
  private readAnswer(): void {
    const headEnd = this.pending.indexOf('\r\n\r\n');
    if (headEnd === -1) return;
    const head = this.pending.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let body: Buffer;
    let rest: Buffer;
    if (length) {
      const end = headEnd + 4 + Number(length[1]);
      if (this.pending.length < end) return;
      body = this.pending.subarray(headEnd + 4, end);
      rest = this.pending.subarray(end);
    } else {
      // Chunked: complete once the zero-length chunk has arrived.
      const chunks: Buffer[] = [];
      let at = headEnd + 4;
      for (;;) {
        const lineEnd = this.pending.indexOf('\r\n', at);
        if (lineEnd === -1) return;
        const size = parseInt(this.pending.toString('latin1', at, lineEnd), 16);
        if (this.pending.length < lineEnd + 2 + size + 2) return;
        chunks.push(this.pending.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
      body = Buffer.concat(chunks);
      rest = this.pending.subarray(at);
    }
    this.pending = rest.length === 0 ? Buffer.alloc(0) : Buffer.from(rest);
    const answered = this.answered;
    this.answered = null;
    answered?.({ status, text: body.toString('utf8') });
  }
}

/** The bytes of one request. */
function requestBytes(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | null,
): Buffer {
  const payload = body === null ? Buffer.alloc(0) : Buffer.from(body);
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== null) lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

/**
 * Runs in a process of its own (load.ts forks it): opens `connections` connections to `url`, says
 * `ready`, and on `go` sends `body` from each, for `seconds` or until `total` requests have been
 * sent, and reports latencies. Connection c adds `connectionHeaders[c % length]` to the headers (a
 * different person per connection, say).
 */
export interface LoadJob {
  url: string;
  body: string | null;
  headers: Record<string, string>;
  connectionHeaders: Record<string, string>[];
  connections: number;
  seconds: number;
  total: number | null;
  /**
   * Each request sends its own body: a GraphQL body with an unused variable counting up (GraphQL
   * ignores variables the operation does not declare), so no two requests are the same.
   */
  vary: boolean;
}

/** The answers to one job, as the forked process sends them back. */
export interface LoadReport {
  latencies: number[];
  failures: number;
  firstFailure: string | null;
  seconds: number;
  /** The CPU this client process used while it sent, in ms. */
  cpuMs: number;
}

async function main(job: LoadJob): Promise<void> {
  const url = new URL(job.url);
  const method = job.body === null ? 'GET' : 'POST';
  const connections = await Promise.all(Array.from({ length: job.connections }, () => Connection.open(url)));
  await new Promise<void>((resolve) => {
    process.once('message', () => resolve());
    process.send!('ready');
  });
  const cpuAtStart = process.cpuUsage();
  const began = performance.now();
  const deadline = Date.now() + job.seconds * 1000;
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  let sent = 0;
  const more = () => (job.total === null ? Date.now() < deadline : sent++ < job.total);
  await Promise.all(
    connections.map(async (connection, c) => {
      const own =
        job.connectionHeaders.length > 0 ? job.connectionHeaders[c % job.connectionHeaders.length] : {};
      const headers = { ...job.headers, ...own };
      const request = requestBytes(url, method, headers, job.body);
      const parsed = job.vary && job.body !== null ? (JSON.parse(job.body) as { variables?: object }) : null;
      let n = 0;
      const next = () =>
        parsed === null
          ? request
          : requestBytes(
              url,
              method,
              headers,
              JSON.stringify({ ...parsed, variables: { ...parsed.variables, n: `${c}-${n++}` } }),
            );
      try {
        while (more()) {
          const bytes = next();
          const start = performance.now();
          const answer = await connection.send(bytes);
          if (answer.status !== 200 || answer.text.includes('"errors"')) {
            failures++;
            firstFailure ??= answer.text.slice(0, 500);
          }
          latencies.push(performance.now() - start);
        }
      } finally {
        connection.close();
      }
    }),
  );
  const seconds = job.total === null ? job.seconds : (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuAtStart);
  const report: LoadReport = {
    latencies,
    failures,
    firstFailure,
    seconds,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
  process.send!(report, () => process.disconnect());
}

process.once('message', (job: LoadJob) => void main(job));
