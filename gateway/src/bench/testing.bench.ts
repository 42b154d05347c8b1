import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { startGateway, type Gateway } from '../gateway';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { OfflineProvider } from '../providers/ai';
import { probeTextApp } from './probe-apps';

export interface TestRunBenchResult {
  cases: number;
  checksPerCase: number;
  /** From POST /api/apps/{id}/test-runs to the run read back finished. */
  seconds: number;
  passed: number;
  p50Ms: number | null;
  p95Ms: number | null;
  creditsPerRun: number | null;
}

async function api(gateway: Gateway, method: string, route: string, token?: string, body?: unknown) {
  const response = await fetch(`${gateway.url}/api${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (await response.json()) as any;
}

/**
 * A test run of `cases` cases (three checks each: contains, a pattern, the offline judge) of the
 * three-block app on the offline provider and the embedded database, from its start to the last
 * case stored, polled as the Tests page polls it.
 */
export async function runTestRunBenchmarks(options: { cases?: number } = {}): Promise<TestRunBenchResult> {
  const cases = options.cases ?? 100;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-test-runs-'));
  const gateway = await startGateway({
    config: loadConfig({ PORT: '0', DATA_DIR: dataDir, WORKBENCH_DIR: path.join(dataDir, 'none') }),
    registry: loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' }),
    provider: new OfflineProvider(),
    scheduledWork: false,
  });
  try {
    const signup = await api(gateway, 'POST', '/auth/signup', undefined, {
      email: 'owner@example.com',
      password: 'a good long password',
    });
    const token = signup.session.access_token as string;
    await gateway.database.dataSource.query("UPDATE users SET plan = 'enterprise' WHERE id = $1", [
      signup.user.id,
    ]);
    await api(gateway, 'POST', '/credits/initialize', token);
    const app = await api(gateway, 'POST', '/apps', token, {
      name: 'Bench tests',
      category: 'Content',
      config: probeTextApp(),
    });
    const checks = [
      { type: 'contains', value: 'Offline' },
      { type: 'matches', pattern: '^\\[Offline preview\\]' },
      { type: 'judge', rubric: 'It mentions "topic".' },
    ];
    await api(gateway, 'PUT', `/apps/${app.id}/test-set`, token, {
      cases: Array.from({ length: cases }, (_, i) => ({
        name: `Case ${i + 1}`,
        inputs: { input_text: `topic ${i + 1}` },
        checks,
      })),
    });
    const started = performance.now();
    const run = await api(gateway, 'POST', `/apps/${app.id}/test-runs`, token, {});
    let view = run;
    while (view.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 25));
      view = await api(gateway, 'GET', `/apps/${app.id}/test-runs/${run.id}`, token);
    }
    const seconds = (performance.now() - started) / 1000;
    if (view.status !== 'finished') throw new Error(`the test run ended ${view.status}: ${view.error}`);
    return {
      cases,
      checksPerCase: checks.length,
      seconds: Math.round(seconds * 100) / 100,
      passed: view.passed,
      p50Ms: view.latencyMs.p50,
      p95Ms: view.latencyMs.p95,
      creditsPerRun: view.creditsPerRun,
    };
  } finally {
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
