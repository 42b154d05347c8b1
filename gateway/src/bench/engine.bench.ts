import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import type { AppConfig, RunEvent } from '@blocksmith/schema';
import { BlockRegistry, DEFAULT_BLOCKS_DIR, executeRun, loadBlockPackages, planRun } from '../kernel';
import { passThrough, probeApp as config, probePlugin as plugin } from '../kernel/probe-blocks';
import { fixed, peakRss, repeat, summarise } from './measure';

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

/**
 * 1,000 blocks with 100 conditions and a loop over 1,000 items: a text input of 1,000 lines, a For
 * Each whose item goes through a condition to one of two blocks and on to Collect, then 99
 * segments of a condition with two branches of four blocks meeting again, then three blocks.
 * Half of the segments' conditions take their true branch, half their false one.
 */
export function branchesAndLoop(work: string): { config: AppConfig; inputs: Record<string, string> } {
  const plugins = [
    plugin('in', 'textInput', { label: 'Items', multiline: true }),
    plugin('each', 'forEach', { max_items: 1000, concurrency: 16, split: 'lines' }),
    plugin('bc', 'condition', { rule: 'contains', value: '7' }),
    plugin('bt', work),
    plugin('bf', work),
    plugin('end', 'collect'),
    plugin('m0', work),
  ];
  const edges: ([string, string] | [string, string, string])[] = [
    ['in', 'each'],
    ['each', 'bc'],
    ['bc', 'bt', 'true'],
    ['bc', 'bf', 'false'],
    ['bt', 'end'],
    ['bf', 'end'],
    ['end', 'm0'],
  ];
  let last = 'm0';
  for (let k = 1; k < 100; k++) {
    plugins.push(plugin(`c${k}`, 'condition', { rule: 'contains', value: k % 2 === 0 ? 'start' : 'never' }));
    edges.push([last, `c${k}`]);
    for (const side of ['t', 'f'] as const) {
      for (let j = 1; j <= 4; j++) {
        plugins.push(plugin(`${side}${k}_${j}`, work));
        edges.push(
          j === 1
            ? [`c${k}`, `${side}${k}_1`, side === 't' ? 'true' : 'false']
            : [`${side}${k}_${j - 1}`, `${side}${k}_${j}`],
        );
      }
    }
    plugins.push(plugin(`m${k}`, work));
    edges.push([`t${k}_4`, `m${k}`], [`f${k}_4`, `m${k}`]);
    last = `m${k}`;
  }
  for (let j = 1; j <= 3; j++) {
    plugins.push(plugin(`tail${j}`, work));
    edges.push([last, `tail${j}`]);
    last = `tail${j}`;
  }
  const lines = Array.from({ length: 1000 }, (_, i) => `item ${i + 1}`).join('\n');
  return { config: config(plugins, edges), inputs: { input_text: lines } };
}

/**
 * Engine cost per executed block of the branches-and-loop app, as a real run pays it: every
 * repetition plans the app afresh and executes that plan once. Skipped blocks cost their share
 * but are not counted as executed, so the figure is an upper bound.
 */
export async function flowBench(registry: BlockRegistry, runs: number) {
  const provider = new ScriptedProvider();
  const files = new MemoryFileStore();
  const { config: shape, inputs } = branchesAndLoop('passThrough');
  let events = 0;
  let executed = 0;
  let skipped = 0;
  const onEvent = (e: RunEvent) => {
    events++;
    if (e.type === 'node_finished') executed++;
    else if (e.type === 'node_skipped') skipped++;
  };
  let planMs = 0;
  const once = async () => {
    const began = performance.now();
    const plan = planRun(shape, registry);
    planMs = performance.now() - began;
    const outcome = await executeRun(plan, { runId: 'bench', provider, files, inputs, onEvent });
    if (outcome.status !== 'succeeded') throw new Error(`branches-and-loop run failed: ${outcome.error}`);
    if ((outcome.nodes.end!.outputs.collected as unknown[]).length !== 1000)
      throw new Error('branches-and-loop run did not go through its 1,000 items');
  };
  await once();
  const perRun = { executed, skipped, events };
  // Each repetition plans afresh and executes that plan once; the plan's share is timed inside it.
  const plans: number[] = [];
  const total = await repeat(async () => {
    await once();
    plans.push(planMs);
  }, runs);
  const planned = summarise(plans.slice(-runs));
  return {
    shape: '1,000 blocks: 100 conditions, forEach over 1,000 items',
    blocks: shape.plugins.length,
    executedBlocks: perRun.executed,
    skippedBlocks: perRun.skipped,
    eventsPerRun: perRun.events,
    planMs: fixed(planned.p50Ms),
    planAndFirstExecutionMs: fixed(total.p50Ms),
    usPerExecutedBlock: fixed((total.p50Ms * 1000) / perRun.executed),
  };
}

export async function runEngineBenchmarks(textGeneration?: Parameters<BlockRegistry['register']>[0]) {
  const registry = new BlockRegistry();
  registry.register(passThrough, 'probe');
  if (textGeneration) registry.register(textGeneration, '@blocksmith/block-text-generation');
  // The flow blocks are the real packages, built: the engine knows their mechanisms, not their kinds.
  const built = loadBlockPackages(DEFAULT_BLOCKS_DIR, { entry: 'dist' });
  for (const kind of ['textInput', 'condition', 'forEach', 'collect'])
    registry.register(built.get(kind)!, built.packageOf(kind)!);
  const results: ({ shape: string } & Awaited<ReturnType<typeof engineBench>>)[] = [];
  let flow: Awaited<ReturnType<typeof flowBench>> | undefined;
  const { value, peakRssMb } = await peakRss(async () => {
    flow = await flowBench(registry, 30);
    console.log('\nRun engine: branches and a loop, plan plus first execution (p50 of 30 runs)');
    console.table([flow]);
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
  return { results: value, flow: flow!, peakRssMb: fixed(peakRssMb, 1) };
}
