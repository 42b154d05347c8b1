import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import type { AppConfig, RunEvent } from '@blocksmith/schema';
import { BlockRegistry, executeRun, planRun } from '../kernel';
import { passThrough, probeApp as config, probePlugin as plugin } from '../kernel/probe-blocks';
import { fixed, peakRss, repeat } from './measure';

const N = 1000;

export function chain(kind: string, n = N, settings: Record<string, unknown> = {}): AppConfig {
  const plugins = Array.from({ length: n }, (_, i) => plugin(`p${i}`, kind, settings));
  return config(
    plugins,
    plugins.slice(1).map((p, i) => [`p${i}`, p.id]),
  );
}

export function fanOut(kind: string, n = N, settings: Record<string, unknown> = {}): AppConfig {
  const plugins = Array.from({ length: n }, (_, i) => plugin(`p${i}`, kind, settings));
  return config(
    plugins,
    plugins.slice(1).map((p) => ['p0', p.id]),
  );
}

/** Engine cost per block: plan + execute an app of blocks that do (almost) nothing, with an event listener attached. */
export async function engineBench(registry: BlockRegistry, kind: string, shape: AppConfig, runs: number) {
  const provider = new ScriptedProvider({ text: ['instant answer'] });
  const files = new MemoryFileStore();
  let events = 0;
  const onEvent = (_e: RunEvent) => void events++;
  const n = shape.plugins.length;
  const executeOnly = planRun(shape, registry);
  const planned = await repeat(async () => planRun(shape, registry), runs);
  const executed = await repeat(async () => {
    const outcome = await executeRun(executeOnly, { runId: 'bench', provider, files, onEvent });
    if (outcome.status !== 'succeeded') throw new Error(`${kind} run failed: ${outcome.error}`);
  }, runs);
  return {
    kind,
    blocks: n,
    planUsPerBlock: fixed((planned.p50Ms * 1000) / n),
    executeUsPerBlock: fixed((executed.p50Ms * 1000) / n),
    totalUsPerBlock: fixed(((planned.p50Ms + executed.p50Ms) * 1000) / n),
    eventsPerRun: events / (runs + Math.ceil(runs / 5)),
  };
}

export async function runEngineBenchmarks(textGeneration?: Parameters<BlockRegistry['register']>[0]) {
  const registry = new BlockRegistry();
  registry.register(passThrough, 'probe');
  if (textGeneration) registry.register(textGeneration, '@blocksmith/block-text-generation');
  const results: ({ shape: string } & Awaited<ReturnType<typeof engineBench>>)[] = [];
  const { value, peakRssMb } = await peakRss(async () => {
    results.push({
      shape: 'chain',
      ...(await engineBench(registry, 'passThrough', chain('passThrough'), 100)),
    });
    results.push({
      shape: 'fan-out',
      ...(await engineBench(registry, 'passThrough', fanOut('passThrough'), 100)),
    });
    if (textGeneration) {
      const settings = { prompt_template: 'Continue: {{generated_text}}' };
      results.push({
        shape: 'chain',
        ...(await engineBench(registry, textGeneration.kind, chain(textGeneration.kind, N, settings), 30)),
      });
      results.push({
        shape: 'fan-out',
        ...(await engineBench(registry, textGeneration.kind, fanOut(textGeneration.kind, N, settings), 30)),
      });
    }
    return results;
  });
  return { results: value, peakRssMb: fixed(peakRssMb, 1) };
}
