import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RunEvent } from '@blocksmith/schema';
import { createClient } from 'graphql-ws';
import { Client } from 'pg';
import WebSocket from 'ws';
import { probeTextApp } from './probe-apps';
import { freshBenchDatabase } from './fresh-database';
import { load, type LoadResult } from './load';
import { fixed, summarise } from './measure';

const SERVER = path.join(__dirname, '..', 'server.js');

interface Process {
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startProcess(databaseUrl: string, env: Record<string, string> = {}): Promise<Process> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blocksmith-bench-'));
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://blocksmith.bench',
      WORKBENCH_DIR: path.join(dataDir, 'none'),
      OPENAI_API_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`A gateway process exited with ${child.exitCode}.`);
    try {
      const probe = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ __typename }"}',
      });
      if (probe.ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 240) throw new Error('A gateway process did not start within 60 s.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call(url: string, query: string, variables: object, token?: string) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: Record<string, never>; errors?: { message: string }[] };
  if (answer.errors) throw new Error(answer.errors[0]!.message);
  return answer.data as Record<string, Record<string, unknown>>;
}

/** A user on an unlimited plan with the three-block app (offline provider). */
async function seed(url: string, sql: Client): Promise<{ token: string; appId: string }> {
  const signedUp = await call(
    url,
    'mutation ($email: String!) { signUp(email: $email, password: "a good long password") { user { id } session { access_token } } }',
    { email: `bench-${randomBytes(4).toString('hex')}@example.com` },
  );
  const { user, session } = signedUp.signUp as { user: { id: string }; session: { access_token: string } };
  await sql.query(`UPDATE users SET plan = 'enterprise' WHERE id = $1`, [user.id]);
  const created = await call(
    url,
    'mutation ($input: AppInput!) { createApp(input: $input) { id } }',
    { input: { name: 'Bench', category: 'Content', config: probeTextApp() } },
    session.access_token,
  );
  return { token: session.access_token, appId: created.createApp!.id as string };
}

function runAppLoad(url: string, token: string, appId: string, connections: number, seconds: number) {
  return load({
    url: `${url}/graphql`,
    headers: { authorization: `Bearer ${token}` },
    body: {
      query: 'mutation ($appId: ID!) { runApp(appId: $appId, inputs: { input_text: "tides" }) { status } }',
      variables: { appId },
    },
    connections,
    seconds,
  });
}

function combined(results: LoadResult[]) {
  return {
    runsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
  };
}

/**
 * Progress delay across processes: runs started and watched through a process that executes
 * nothing (RUN_CONCURRENCY=0), so another one executes them and every event crosses through
 * PostgreSQL. The delay of an event is when
 * the watcher received it minus when the executor stamped it (one machine, one clock).
 */
async function crossProcessDelays(watcher: Process, token: string, appId: string, runs: number) {
  const delays: number[] = [];
  const client = createClient({
    url: `${watcher.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
  });
  try {
    for (let i = 0; i < runs; i += 1) {
      const started = await call(
        watcher.url,
        'mutation ($appId: ID!) { startRun(appId: $appId, inputs: { input_text: "tides" }) { runId } }',
        { appId },
        token,
      );
      const runId = started.startRun!.runId as string;
      await new Promise<void>((resolve, reject) => {
        client.subscribe<{ runProgress: RunEvent }>(
          { query: 'subscription ($runId: ID!) { runProgress(runId: $runId) }', variables: { runId } },
          {
            next: (message) => {
              const event = message.data?.runProgress;
              if (event) delays.push(Date.now() - event.at);
            },
            error: reject,
            complete: resolve,
          },
        );
      });
    }
  } finally {
    await client.dispose();
  }
  return delays;
}

/** Runs per second with one and two gateway processes on one PostgreSQL server, and cross-process progress delay. */
export async function runProcessBenchmarks(serverUrl: string, seconds = 8) {
  const database = await freshBenchDatabase(serverUrl);
  const databaseUrl = database.url;
  const sql = new Client({ connectionString: databaseUrl });
  const started: Process[] = [];
  try {
    const a = await startProcess(databaseUrl);
    started.push(a);
    await sql.connect();
    const { token, appId } = await seed(a.url, sql);
    await runAppLoad(a.url, token, appId, 8, 2); // warm-up
    const one = combined([await runAppLoad(a.url, token, appId, 16, seconds)]);

    const b = await startProcess(databaseUrl);
    started.push(b);
    await runAppLoad(b.url, token, appId, 8, 2); // warm-up
    const two = combined(
      await Promise.all([
        runAppLoad(a.url, token, appId, 8, seconds),
        runAppLoad(b.url, token, appId, 8, seconds),
      ]),
    );
    await b.stop();
    started.pop();

    const servesOnly = await startProcess(databaseUrl, { RUN_CONCURRENCY: '0' });
    started.push(servesOnly);
    await crossProcessDelays(servesOnly, token, appId, 5); // warm-up
    const measured = await crossProcessDelays(servesOnly, token, appId, 60);
    const delays = summarise(measured);
    return {
      app: 'text input -> text generation -> text display, offline provider',
      runsPerSecond: { oneProcess: one, twoProcesses: two },
      crossProcessProgress: {
        events: measured.length,
        p50Ms: fixed(delays.p50Ms),
        p99Ms: fixed(delays.p99Ms),
        maxMs: Math.max(...measured),
      },
    };
  } finally {
    for (const process of started.reverse()) await process.stop();
    await sql.end().catch(() => undefined);
    await database.drop();
  }
}
