import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { startGateway, type Gateway } from '../gateway';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { OfflineProvider } from '../providers/ai';
import { load, type LoadResult } from './load';
import { fixed } from './measure';
import { probeTextApp } from './probe-apps';

async function api(gateway: Gateway, method: string, route: string, token?: string, body?: unknown) {
  const response = await fetch(`${gateway.url}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return (await response.json()) as Record<string, unknown>;
}

async function signUp(gateway: Gateway, email: string): Promise<{ token: string; id: string }> {
  const answer = (await api(gateway, 'POST', '/auth/signup', undefined, {
    email,
    password: 'a good long password',
  })) as { session: { access_token: string }; user: { id: string } };
  await gateway.database.dataSource.query("UPDATE users SET plan = 'enterprise' WHERE id = $1", [
    answer.user.id,
  ]);
  return { token: answer.session.access_token, id: answer.user.id };
}

/** The round with the median server CPU per request. */
function median(rounds: LoadResult[]): LoadResult {
  return [...rounds].sort((a, b) => a.serverCpuMsPerRequest - b.serverCpuMsPerRequest)[
    Math.floor(rounds.length / 2)
  ]!;
}

/**
 * What `tools/call` adds to a run over the plain REST run of the same published app: one person
 * (one connection) runs the three-block app with an API key, alternately through
 * `POST /api/published/{slug}/run` and through `/mcp` (`tools/call`, stateless, no session), on
 * the embedded database; server CPU per request from `load`. The key's calls per minute are not
 * counted (both paths count them the same way).
 */
export async function runMcpBenchmarks(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-mcp-'));
  const gateway = await startGateway({
    config: loadConfig({ PORT: '0', DATA_DIR: dataDir, WORKBENCH_DIR: path.join(dataDir, 'none') }),
    registry: loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' }),
    provider: new OfflineProvider(),
    scheduledWork: false,
  });
  try {
    const owner = await signUp(gateway, 'owner@example.com');
    const runner = await signUp(gateway, 'runner@example.com');
    const app = (await api(gateway, 'POST', '/apps', owner.token, {
      name: 'Bench poems',
      slug: 'bench-poems',
      category: 'Content',
      config: probeTextApp(),
    })) as { id: string; slug: string };
    await gateway.services.publishing.publish(owner.id, app.id);
    await gateway.services.publishing.review({ userId: owner.id, isAdmin: true }, app.id, 'approved');
    const { key } = (await api(gateway, 'POST', '/keys', runner.token, { name: 'bench' })) as { key: string };
    gateway.services.apiKeys.consumeRun = async () => undefined;

    const headers = { authorization: `Bearer ${key}`, accept: 'application/json, text/event-stream' };
    const rest = {
      url: `${gateway.url}/api/published/${app.slug}/run`,
      body: { inputData: { input_text: 'tides' } },
    };
    const mcp = {
      url: `${gateway.url}/mcp`,
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: app.slug, arguments: { input_text: 'tides' } },
      },
    };
    const check = await fetch(mcp.url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(mcp.body),
    });
    const answer = await check.text();
    if (!answer.includes('structuredContent'))
      throw new Error(`tools/call did not run: ${answer.slice(0, 300)}`);

    const rounds = { rest: [] as LoadResult[], mcp: [] as LoadResult[] };
    for (let round = 0; round < 5; round++) {
      rounds.rest.push(await load({ ...rest, headers, connections: 1, seconds: 3 }));
      rounds.mcp.push(await load({ ...mcp, headers, connections: 1, seconds: 3 }));
    }
    const [r, m] = [median(rounds.rest), median(rounds.mcp)];
    const cpu = (result: LoadResult) => result.serverCpuMsPerRequest;
    return {
      restRunsPerSecond: fixed(r.requestsPerSecond, 0),
      mcpCallsPerSecond: fixed(m.requestsPerSecond, 0),
      restServerCpuMs: fixed(cpu(r), 3),
      mcpServerCpuMs: fixed(cpu(m), 3),
      mcpOverheadCpuMs: fixed(cpu(m) - cpu(r), 3),
      restP50Ms: fixed(r.p50Ms, 2),
      mcpP50Ms: fixed(m.p50Ms, 2),
      failures: rounds.rest.concat(rounds.mcp).reduce((sum, result) => sum + result.failures, 0),
    };
  } finally {
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
