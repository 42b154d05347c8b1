import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { type AiProvider, type CallOptions, type TextRequest } from '@blocksmith/block-sdk';
import { OfflineProvider } from '../providers/ai';
import type { RunEvent } from '@blocksmith/schema';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { loadConfig } from '../config';
import { startGateway, type Gateway } from '../gateway';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { probeTextApp } from './probe-apps';
import { freshBenchDatabase } from './fresh-database';
import { load, type LoadResult } from './load';
import { fixed, summarise } from './measure';
import { countStatements } from './statement-count';

const threeBlocks = probeTextApp();

/**
 * The offline provider, optionally answering like a model does: each streamed piece after a short
 * pause. For the progress figure, so blocks finish while the client is already subscribed.
 */
class PacedProvider extends OfflineProvider {
  pauseMs = 0;

  override async *streamText(request: TextRequest, options: CallOptions): AsyncIterable<string> {
    for await (const piece of super.streamText(request, options)) {
      if (this.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, this.pauseMs));
      yield piece;
    }
  }
}

async function graphql(gateway: Gateway, query: string, variables: object, token: string) {
  const response = await fetch(`${gateway.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Record<string, { runId?: string; id?: string }>;
    errors?: unknown[];
  };
}

/** The round with the median requests per second. */
function median(rounds: LoadResult[]): LoadResult {
  return [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
    Math.floor(rounds.length / 2)
  ]!;
}

/** A bare Node server answering the same bytes: what the hardware does without any framework. */
async function bareServer(body: string): Promise<{ url: string; close(): void }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/**
 * The gateway's figures: anonymous and signed-in queries against a bare server, REST execute of
 * the three-block app (runs/s, server CPU, and its ratio to a bare `node:http` server measured in
 * the same rounds, with the machine's load beside), and progress latency. `executeOnly` measures
 * REST execute alone (`npm run bench -- rest`).
 */
export async function runGatewayBenchmarks(serverUrl?: string, options: { executeOnly?: boolean } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-gateway-'));
  const database = serverUrl ? await freshBenchDatabase(serverUrl) : null;
  const databaseUrl = database?.url;
  const provider = new PacedProvider();
  const gateway = await startGateway({
    config: loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      WORKBENCH_DIR: path.join(dataDir, 'none'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    registry: loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' }),
    provider: provider as AiProvider,
  });
  try {
    const { user, session } = await gateway.services.accounts.signUp({
      email: 'bench@example.com',
      password: 'benchmark password',
    });
    const token = session!.access_token;
    await gateway.database.dataSource.query(`UPDATE users SET plan = 'enterprise' WHERE id = $1`, [user.id]);
    const apps = [];
    for (let i = 0; i < 20; i++) {
      const app = await gateway.services.apps.create(user.id, {
        name: `Store app ${i}`,
        category: 'Content',
        config: threeBlocks,
      });
      apps.push(app);
    }
    // Published and approved: each app's saved version goes live.
    await gateway.database.dataSource.query(
      `UPDATE apps SET is_published = true, verification_status = 'approved', live_version_id = draft_version_id,
         live = jsonb_build_object('name', name, 'description', description, 'category', category, 'config', config)
       WHERE owner_id = $1`,
      [user.id],
    );

    const storeQuery = {
      query: '{ storeApps { id name description slug category upvotes views uses owner_id } }',
    };
    const appQuery = {
      query: 'query ($id: ID!) { app(id: $id) { id name description config } }',
      variables: { id: apps[0]!.id },
    };
    const results: Record<string, unknown> = { database: gateway.database.kind };
    for (const [name, body] of options.executeOnly
      ? []
      : ([
          ['storeApps', storeQuery],
          ['app', appQuery],
        ] as const)) {
      const answer = await (
        await fetch(`${gateway.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).text();
      // Anonymous visitors (the store, an app's page) share answers for a second; a signed-in
      // person's answers are kept for them for the same second (`signedIn`, the same request
      // again, as a page that reloads or asks again sends it); `signedInExecuted` sends every
      // request with a body of its own, so each one runs through GraphQL and the database. This
      // machine's speed drifts by tens of percent from second to second, so the four are measured
      // in turn, three rounds of 3 s, and the median round of each is reported.
      const bare = await bareServer(answer);
      const rounds: Record<'gateway' | 'signedIn' | 'signedInExecuted' | 'bareHttp', LoadResult[]> = {
        gateway: [],
        signedIn: [],
        signedInExecuted: [],
        bareHttp: [],
      };
      for (let round = 0; round < 3; round++) {
        rounds.gateway.push(await load({ url: `${gateway.url}/graphql`, body, seconds: 3 }));
        rounds.signedIn.push(
          await load({
            url: `${gateway.url}/graphql`,
            body,
            headers: { authorization: `Bearer ${token}` },
            seconds: 3,
          }),
        );
        rounds.signedInExecuted.push(
          await load({
            url: `${gateway.url}/graphql`,
            body,
            headers: { authorization: `Bearer ${token}` },
            seconds: 3,
            vary: true,
          }),
        );
        rounds.bareHttp.push(await load({ url: bare.url, seconds: 3 }));
      }
      bare.close();
      const viaGateway = median(rounds.gateway);
      const signedIn = median(rounds.signedIn);
      const signedInExecuted = median(rounds.signedInExecuted);
      const viaBare = median(rounds.bareHttp);
      const perRound = (list: LoadResult[]) => list.map((r) => r.requestsPerSecond);
      results[name] = {
        gateway: viaGateway,
        bareHttp: viaBare,
        ratio: fixed(viaGateway.requestsPerSecond / viaBare.requestsPerSecond),
        signedIn: { ...signedIn, ratio: fixed(signedIn.requestsPerSecond / viaBare.requestsPerSecond) },
        signedInExecuted: {
          ...signedInExecuted,
          ratio: fixed(signedInExecuted.requestsPerSecond / viaBare.requestsPerSecond),
        },
        rounds: {
          gateway: perRound(rounds.gateway),
          signedIn: perRound(rounds.signedIn),
          signedInExecuted: perRound(rounds.signedInExecuted),
          bareHttp: perRound(rounds.bareHttp),
        },
      };
    }

    // End-to-end runs through the documented REST route, POST /api/apps/{id}/execute, as an
    // integration calls it: sign-in check, pricing, ledger debit, execution, run record, answer.
    const appId = apps[0]!.id!;
    // Every statement the runs send (the database's upkeep among them), per run.
    const statements = countStatements(gateway.database.dataSource);
    const startRun =
      'mutation ($appId: ID!) { startRun(appId: $appId, inputs: { input_text: "x" }) { runId } }';
    const concurrency = 16;
    // The same app run by one person (every debit queues on one balance row), then by 16 people.
    const people = [token];
    for (let i = 1; i < concurrency; i++) {
      const other = await gateway.services.accounts.signUp({
        email: `runner${i}@example.com`,
        password: 'benchmark password',
      });
      await gateway.database.dataSource.query(`UPDATE users SET plan = 'enterprise' WHERE id = $1`, [
        other.user.id,
      ]);
      people.push(other.session!.access_token);
    }
    // The answer arrives once the run has ended and is stored, wherever it was executed. The
    // clients are a worker thread, like the query load: they do not share the server's thread.
    const runs = (tokens: string[], actionType: 'test_execution' | 'published', total: number) =>
      load({
        url: `${gateway.url}/api/apps/${appId}/execute`,
        body: { inputData: { input_text: 'x' }, actionType },
        connectionHeaders: tokens.map((t) => ({ authorization: `Bearer ${t}` })),
        connections: concurrency,
        total,
      });
    // Warm-up (reported, not counted): the first thousands of runs also pay for compiling the
    // code they go through.
    const warmUp = await runs(people, 'published', 2000);
    if (warmUp.failures > 0) throw new Error(`${warmUp.failures} runs failed: ${warmUp.firstFailure}`);
    results.runs_warmUp = { runs: 2000, concurrency, runsPerSecond: warmUp.requestsPerSecond };
    // A bare node:http server answering an execute's bytes, measured by the same client in the
    // same rounds: runs/s as a ratio to it holds where the machine's speed does not.
    const sample = await fetch(`${gateway.url}/api/apps/${appId}/execute`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ inputData: { input_text: 'x' }, actionType: 'published' }),
    });
    const bare = await bareServer(await sample.text());
    const bareRound = () =>
      load({ url: bare.url, body: { inputData: { input_text: 'x' } }, connections: concurrency, seconds: 2 });
    for (const [label, tokens, actionType] of [
      ['onePerson', [token], 'test_execution'],
      ['sixteenPeople', people, 'published'],
    ] as const) {
      const total = 2000;
      const measured: LoadResult[] = [];
      const bareRounds: LoadResult[] = [];
      const loadAverage = [loadavg()[0]!];
      let sent = 0;
      for (let round = 0; round < 5; round++) {
        // Each order as often: the machine's speed drifts within seconds.
        if (round % 2 === 1) bareRounds.push(await bareRound());
        const before = statements.all;
        const result = await runs([...tokens], actionType, total);
        sent += statements.all - before;
        if (result.failures > 0) throw new Error(`${result.failures} runs failed: ${result.firstFailure}`);
        measured.push(result);
        if (round % 2 === 0) bareRounds.push(await bareRound());
        loadAverage.push(loadavg()[0]!);
      }
      const middle = median(measured);
      const ratios = measured.map((r, i) => r.requestsPerSecond / bareRounds[i]!.requestsPerSecond);
      results[`runs_${label}`] = {
        route: 'POST /api/apps/{id}/execute',
        runs: total,
        concurrency,
        runsPerSecond: middle.requestsPerSecond,
        serverCpuMsPerRun: middle.serverCpuMsPerRequest,
        p50Ms: middle.p50Ms,
        p99Ms: middle.p99Ms,
        bareHttpPerSecond: median(bareRounds).requestsPerSecond,
        // Each round against the bare round beside it; the median of those.
        ratioToBare: fixed([...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!, 4),
        ratioToBareRounds: ratios.map((ratio) => fixed(ratio, 4)),
        loadAverage: {
          least: fixed(Math.min(...loadAverage), 1),
          most: fixed(Math.max(...loadAverage), 1),
        },
        statementsPerRun: fixed(sent / (total * measured.length), 2),
        rounds: measured.map((r) => r.requestsPerSecond),
        serverCpuMsPerRunRounds: measured.map((r) => r.serverCpuMsPerRequest),
        // The same work in every bare round: its CPU a request moves with the machine's speed,
        // and a run round's CPU with it.
        bareCpuMsPerRequestRounds: bareRounds.map((r) => r.serverCpuMsPerRequest),
      };
    }
    bare.close();
    if (options.executeOnly) return results;

    // Progress: from a block finishing (the event's `at`) to a subscribed client receiving it. The
    // model answers in paced pieces, so most blocks finish after the subscription is live; events
    // of the moments before it (replayed on subscribing) are reported apart.
    provider.pauseMs = 2;
    const client = createClient({
      url: gateway.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
    });
    const live: number[] = [];
    const replayed: number[] = [];
    for (let i = 0; i < 200; i++) {
      const answer = await graphql(gateway, startRun, { appId }, token);
      const runId = answer.data!.startRun!.runId!;
      let subscribedAt = Number.POSITIVE_INFINITY;
      await new Promise<void>((resolve, reject) => {
        client.subscribe<{ runProgress: RunEvent }>(
          { query: 'subscription ($runId: ID!) { runProgress(runId: $runId) }', variables: { runId } },
          {
            next: (message) => {
              const receivedAt = performance.timeOrigin + performance.now();
              // The first message proves the subscription is live: later events were sent live.
              subscribedAt = Math.min(subscribedAt, receivedAt);
              const event = message.data?.runProgress;
              if (event?.type !== 'node_finished' && event?.type !== 'node_partial') return;
              (event.at > subscribedAt ? live : replayed).push(receivedAt - event.at);
            },
            error: reject,
            complete: resolve,
          },
        );
      });
    }
    await client.dispose();
    provider.pauseMs = 0;
    const liveSample = summarise(live);
    const replayedSample = summarise(replayed);
    results.progress = {
      events: live.length,
      p50Ms: fixed(liveSample.p50Ms),
      p99Ms: fixed(liveSample.p99Ms),
      replayed: {
        events: replayed.length,
        p50Ms: fixed(replayedSample.p50Ms),
        p99Ms: fixed(replayedSample.p99Ms),
      },
      note: 'node_finished and node_partial events; `at` has 1 ms resolution (Date.now), received time is sub-millisecond',
    };
    return results;
  } finally {
    await gateway.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
