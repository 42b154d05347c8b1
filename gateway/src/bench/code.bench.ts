import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { executeRun, planRun } from '@blocksmith/engine';
import type { AppConfig } from '@blocksmith/schema';
import { loadConfig } from '../config';
import { startGateway } from '../gateway';
import { DEFAULT_BLOCKS_DIR, loadBlockPackages, type BlockRegistry } from '../kernel';
import { load, type LoadResult } from './load';
import { fixed } from './measure';
import { probeApp, probePlugin, probeTextApp } from './probe-apps';

/** The Code app: a text input, a Code block over it, a text display of what it returns. */
export function probeCodeApp(): AppConfig {
  return probeApp(
    [
      probePlugin('in', 'textInput', { label: 'Topic' }),
      probePlugin('code', 'code', {
        code: "const text = String(input ?? '');\nreturn text.split(/\\s+/).filter(Boolean).length + ' words';",
      }),
      probePlugin('show', 'textDisplay'),
    ],
    [
      ['in', 'code'],
      ['code', 'show'],
    ],
  );
}

/** CPU the whole process used (every thread: the sandbox's workers too), in ms. */
function cpuMs(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/**
 * The engine alone (no HTTP, no database): server CPU per run of the Code app and of the text app,
 * one run after another on warm sandbox threads. The difference is what the Code block costs.
 */
async function engineCost(registry: BlockRegistry, runs: number) {
  const provider = new ScriptedProvider({ text: ['instant answer'] });
  const files = new MemoryFileStore();
  const perRun = async (config: AppConfig) => {
    const once = async () => {
      const outcome = await executeRun(planRun(config, registry), {
        runId: 'bench',
        provider,
        files,
        account: 'bench',
        inputs: { input_text: 'one two three' },
        onEvent: () => undefined,
      });
      if (outcome.status !== 'succeeded') throw new Error(`the run failed: ${outcome.error}`);
    };
    for (let i = 0; i < Math.ceil(runs / 5); i++) await once();
    const cpuBefore = cpuMs();
    const started = performance.now();
    for (let i = 0; i < runs; i++) await once();
    return { cpuMsPerRun: (cpuMs() - cpuBefore) / runs, msPerRun: (performance.now() - started) / runs };
  };
  const text = await perRun(probeTextApp());
  const code = await perRun(probeCodeApp());
  return {
    runs,
    codeApp: { cpuMsPerRun: fixed(code.cpuMsPerRun, 3), msPerRun: fixed(code.msPerRun, 3) },
    textApp: { cpuMsPerRun: fixed(text.cpuMsPerRun, 3), msPerRun: fixed(text.msPerRun, 3) },
    codeBlockCpuMs: fixed(code.cpuMsPerRun - text.cpuMsPerRun, 3),
    target: 'under 2 ms of server CPU per Code block run on a warm sandbox',
  };
}

/** The round with the median runs per second. */
function median(rounds: LoadResult[]): LoadResult {
  return [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[
    Math.floor(rounds.length / 2)
  ]!;
}

/**
 * `npm run bench -- code`: the Code block's cost. The engine alone (CPU per block run), then the
 * documented REST route run against a Code app and the text app in alternate rounds on PGlite
 * (16 people at once), each app's runs/s, server CPU per run and the ratio of the two.
 */
export async function runCodeBenchmarks(options: { runs?: number; rounds?: number; total?: number } = {}) {
  const registry = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' });
  const loadBefore = loadavg()[0]!;
  const engine = await engineCost(registry, options.runs ?? 1000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-code-'));
  const gateway = await startGateway({
    config: loadConfig({ PORT: '0', DATA_DIR: dataDir, WORKBENCH_DIR: path.join(dataDir, 'none') }),
    registry,
  });
  try {
    const people: string[] = [];
    let ownerId = '';
    for (let i = 0; i < 16; i++) {
      const { user, session } = await gateway.services.accounts.signUp({
        email: `code${i}@example.com`,
        password: 'benchmark password',
      });
      await gateway.database.dataSource.query(`UPDATE users SET plan = 'enterprise' WHERE id = $1`, [
        user.id,
      ]);
      people.push(session!.access_token);
      ownerId ||= user.id;
    }
    const apps: Record<'code' | 'text', string> = { code: '', text: '' };
    for (const [name, config] of [
      ['code', probeCodeApp()],
      ['text', probeTextApp()],
    ] as const) {
      const app = await gateway.services.apps.create(ownerId, {
        name: `${name} app`,
        category: 'Content',
        config,
      });
      apps[name] = app.id!;
    }
    await gateway.database.dataSource.query(
      `UPDATE apps SET is_published = true, verification_status = 'approved', live_version_id = draft_version_id,
         live = jsonb_build_object('name', name, 'description', description, 'category', category, 'config', config)
       WHERE owner_id = $1`,
      [ownerId],
    );
    const total = options.total ?? 1500;
    const runs = (appId: string, count: number) =>
      load({
        url: `${gateway.url}/api/apps/${appId}/execute`,
        body: { inputData: { input_text: 'one two three' }, actionType: 'published' },
        connectionHeaders: people.map((t) => ({ authorization: `Bearer ${t}` })),
        connections: 16,
        total: count,
      });
    for (const appId of Object.values(apps)) {
      const warm = await runs(appId, 500);
      if (warm.failures > 0) throw new Error(`${warm.failures} runs failed: ${warm.firstFailure}`);
    }
    const measured: Record<'code' | 'text', LoadResult[]> = { code: [], text: [] };
    for (let round = 0; round < (options.rounds ?? 3); round++) {
      for (const name of ['code', 'text'] as const) {
        const result = await runs(apps[name], total);
        if (result.failures > 0) throw new Error(`${result.failures} runs failed: ${result.firstFailure}`);
        measured[name].push(result);
      }
    }
    const summary = (list: LoadResult[]) => {
      const middle = median(list);
      return {
        runsPerSecond: middle.requestsPerSecond,
        serverCpuMsPerRun: middle.serverCpuMsPerRequest,
        p50Ms: middle.p50Ms,
        p99Ms: middle.p99Ms,
        rounds: list.map((r) => r.requestsPerSecond),
      };
    };
    const code = summary(measured.code);
    const text = summary(measured.text);
    return {
      engine,
      rest: {
        route: 'POST /api/apps/{id}/execute',
        database: gateway.database.kind,
        runsPerRound: total,
        concurrency: 16,
        codeApp: code,
        textApp: text,
        codeToText: fixed(code.runsPerSecond / text.runsPerSecond),
        target: "a Code app's runs/s at least half the text app's (ratio 0.5 or more)",
      },
      loadAverage: { before: fixed(loadBefore), after: fixed(loadavg()[0]!) },
    };
  } finally {
    await gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
