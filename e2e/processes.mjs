// Gateway processes of the built product on one PostgreSQL server (TEST_DATABASE_URL, started by
// .ci/run), for the journeys that run several of them: a database of their own, and each process
// started, killed without warning, or stopped.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import { graphql } from './helpers.mjs';
import { freePort, spawnGateway } from './server.mjs';

const SERVER_URL = process.env.TEST_DATABASE_URL;

/** Why these journeys are skipped, or false when a PostgreSQL server is there. */
export const skipWithoutPostgres = SERVER_URL
  ? false
  : 'TEST_DATABASE_URL is not set (bash .ci/run starts a PostgreSQL server)';

/** A database of its own on the test server, dropped at the end. */
export async function freshDatabase() {
  const name = `blocksmith_mp_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: SERVER_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** One built gateway process on `databaseUrl`. */
export async function startProcess(databaseUrl, env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blocksmith-mp-'));
  const url = `http://localhost:${port}`;
  const { child, log } = await spawnGateway(
    {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WORKBENCH_DIR: path.join(dataDir, 'none'),
      RUN_TIMEOUT_SECONDS: '3',
      // Tokens name the public URL as their issuer: replicas behind one address share it.
      PUBLIC_URL: 'http://blocksmith.test',
      ...env,
    },
    url,
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    log,
    graphql: (query, variables, token) => graphql({ url }, query, variables, token),
    /** Every progress event of a run, through this process's graphql-ws endpoint. */
    watch(runId, token) {
      const client = createClient({
        url: `${url.replace('http', 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
      });
      const events = [];
      const done = new Promise((resolve, reject) => {
        client.subscribe(
          { query: 'subscription ($runId: ID!) { runProgress(runId: $runId) }', variables: { runId } },
          {
            next: (result) =>
              result.errors
                ? reject(new Error(result.errors[0].message))
                : events.push(result.data.runProgress),
            error: reject,
            complete: () => resolve(events),
          },
        );
      }).finally(() => client.dispose());
      return { events, done };
    },
    kill() {
      child.kill('SIGKILL');
      return exited;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
