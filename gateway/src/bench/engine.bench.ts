import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import type { AppConfig, RunEvent } from '@blocksmith/schema';
import { executeRun, planRun, type RunOutcome } from '@blocksmith/engine';
import { BlockRegistry, DEFAULT_BLOCKS_DIR, loadBlockPackages } from '../kernel';
import { passThrough, probeApp as config, probePlugin as plugin } from './probe-apps';
import { fixed, peakRss, repeat, summarise, type Sample } from './measure';

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

/** Collects garbage when the process runs with --expose-gc (as `npm run bench` runs it). */
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** A chain's (or fan-out's) run ended as it should: every block ran, and the first block's value came through. */
function checkRun(kind: string, outcome: RunOutcome): void {
  if (outcome.status !== 'succeeded') throw new Error(`${kind} run failed: ${outcome.error}`);
  const last = Object.values(outcome.nodes).at(-1);
  if (kind === 'passThrough' && last?.outputs.value !== 'start')
    throw new Error(`${kind} run did not pass its first block's value on`);
}

/**
 * Engine cost per block of an app of blocks that do (almost) nothing, with an event listener
 * attached. The headline is what a run pays: each repetition plans the app afresh and executes
 * that plan once. Planning alone, and executing one plan again and again, are its two parts.
 */
export async function engineBench(registry: BlockRegistry, kind: string, shape: AppConfig, runs: number) {
  const provider = new ScriptedProvider({ text: ['instant answer'] });
  const files = new MemoryFileStore();
  let events = 0;
  const onEvent = (_e: RunEvent) => void events++;
  const n = shape.plugins.length;
  const executeOnly = planRun(shape, registry);
  checkRun(kind, await executeRun(executeOnly, { runId: 'bench', provider, files, onEvent }));
  const eventsPerRun = events;
  // Each figure starts from a collected heap, so none pays for the garbage of the one before.
  gc();
  const firstRuns = await repeat(async () => {
    const plan = planRun(shape, registry);
    checkRun(kind, await executeRun(plan, { runId: 'bench', provider, files, onEvent }));
  }, runs);
  gc();
  const planned = await repeat(async () => planRun(shape, registry), runs);
  gc();
  const executed = await repeat(async () => {
    checkRun(kind, await executeRun(executeOnly, { runId: 'bench', provider, files, onEvent }));
  }, runs);
  return {
    kind,
    blocks: n,
    planAndFirstExecutionUsPerBlock: fixed((firstRuns.p50Ms * 1000) / n),
    planUsPerBlock: fixed((planned.p50Ms * 1000) / n),
    reusedPlanExecuteUsPerBlock: fixed((executed.p50Ms * 1000) / n),
    eventsPerRun,
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

/**
 * Other engines, measured beside this one in the same process: bench/peers, a package of its own
 * outside the workspaces, which `npm run bench -- engine` installs on demand.
 */
export const PEERS_DIR = path.resolve(__dirname, '..', '..', '..', 'bench', 'peers');

/** What a module of bench/peers exports: a run of a chain of `n` no-op nodes, built afresh and run once per call. */
interface Peer {
  name: string;
  packages: string[];
  chain(n: number): () => Promise<void>;
}

const PEER_MODULES = ['n8n.cjs', 'rivet.cjs'];

/** One row of the comparison: an engine running a chain of no-op nodes, built (or planned) and run once. */
export interface PeerRow {
  chain: number;
  engine: string;
  runs: number | null;
  msPerRunP50: number | null;
  usPerNode: number | null;
  timesBlocksmith: number | null;
  note: string;
}

/**
 * The longest of `lengths` (longest first) a peer's chain runs in a fresh process, and what the
 * next longer one did. A chain too deep for an engine can overflow the stack beyond recovery and
 * end its process, so each length is tried in a child before this process times it.
 */
function longestChain(module: string, lengths: readonly number[]): { longest?: number; failed?: string } {
  let failed: string | undefined;
  for (const n of lengths) {
    const child = spawnSync(process.execPath, [path.join(PEERS_DIR, 'run-once.cjs'), module, String(n)], {
      encoding: 'utf8',
      timeout: 300_000,
    });
    if (child.status === 0) return { longest: n, failed };
    const reason =
      /^\w*Error: .*$/m.exec(child.stderr ?? '')?.[0] ?? child.error?.message ?? `exit code ${child.status}`;
    failed = `${n} nodes: ${reason}`;
  }
  return { failed };
}

/** The versions of the peers' packages as installed, e.g. `n8n-core 2.41.1`. */
function installedVersions(packages: readonly string[]): string {
  return packages
    .map((name) => {
      const manifest = JSON.parse(
        readFileSync(path.join(PEERS_DIR, 'node_modules', name, 'package.json'), 'utf8'),
      ) as { version: string };
      return `${name} ${manifest.version}`;
    })
    .join(', ');
}

/** Loads the peers, or says why they cannot be measured. */
function loadPeers(): { peers: { module: string; peer: Peer }[]; skipped: string[] } {
  if (process.env.BENCH_PEERS_SKIPPED) return { peers: [], skipped: [process.env.BENCH_PEERS_SKIPPED] };
  if (!existsSync(path.join(PEERS_DIR, 'node_modules')))
    return {
      peers: [],
      skipped: [
        'bench/peers is not installed (`npm run bench -- engine` installs it with npm install --prefix bench/peers)',
      ],
    };
  const load = createRequire(path.join(PEERS_DIR, 'package.json'));
  const peers: { module: string; peer: Peer }[] = [];
  const skipped: string[] = [];
  for (const module of PEER_MODULES) {
    try {
      peers.push({ module, peer: load(`./${module}`) as Peer });
    } catch (error) {
      skipped.push(`bench/peers/${module} could not be loaded: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return { peers, skipped };
}

/**
 * This engine beside n8n's WorkflowExecute and Rivet's GraphProcessor, all in this process, each
 * timed the same way: a chain of `n` no-op nodes built from its saved definition (planned, for
 * this engine) and run once, p50 over repetitions after warm-up. Chains of 1,000 nodes, of 500, and
 * of the longest a peer can run when 1,000 overflows its stack.
 */
export async function peerBench(
  registry: BlockRegistry,
  runs: { ours: number; peers: Record<string, number> } = {
    ours: 100,
    // A run of n8n at 1,000 nodes takes half a second or more on the 2-core machine; Rivet's, a tenth of that.
    peers: { 'n8n.cjs': 11, 'rivet.cjs': 31 },
  },
) {
  const { peers, skipped } = loadPeers();
  if (peers.length === 0) return { rows: [] as PeerRow[], versions: '', skipped };
  const versions = installedVersions(peers.flatMap(({ peer }) => peer.packages));
  const provider = new ScriptedProvider();
  const files = new MemoryFileStore();
  const ours = (n: number) => {
    const shape = chain('passThrough', n);
    return async () => {
      const plan = planRun(shape, registry);
      checkRun('passThrough', await executeRun(plan, { runId: 'bench', provider, files, onEvent: () => {} }));
    };
  };
  // Which lengths each peer can run: the longest up to 1,000, tried in a fresh process first.
  const lengths = Array.from({ length: 11 }, (_, i) => N - 50 * i);
  const reach = peers.map(({ module, peer }) => ({ module, peer, ...longestChain(module, lengths) }));
  const measured = new Map<number, number>();
  const rows: PeerRow[] = [];
  const row = (n: number, engine: string, runs: number, sample: Sample, note = ''): PeerRow => {
    const usPerNode = (sample.p50Ms * 1000) / n;
    const base = measured.get(n);
    return {
      chain: n,
      engine,
      runs,
      msPerRunP50: fixed(sample.p50Ms),
      usPerNode: fixed(usPerNode, 1),
      timesBlocksmith: base === undefined ? null : fixed(usPerNode / base, 0),
      note,
    };
  };
  // Shortest first: each engine warms up on chains every one of them runs.
  const chainLengths = [...new Set([N, ...reach.map((r) => r.longest ?? N), 500])].sort((a, b) => a - b);
  for (const n of chainLengths) {
    gc();
    const sample = await repeat(ours(n), runs.ours);
    measured.set(n, (sample.p50Ms * 1000) / n);
    rows.push(row(n, 'Blocksmith (planRun + executeRun)', runs.ours, sample));
    for (const { module, peer, longest, failed } of reach) {
      if (longest === undefined || n > longest) {
        if (n === N)
          rows.push({
            chain: n,
            engine: peer.name,
            runs: null,
            msPerRunP50: null,
            usPerNode: null,
            timesBlocksmith: null,
            note: `fails in a fresh process at ${failed}`,
          });
        continue;
      }
      // Lengths between 1,000 and 500 only for the peer that cannot run 1,000.
      if (n !== N && n !== 500 && n !== longest) continue;
      gc();
      const note = n === longest && n < N ? `the longest it runs; fails in a fresh process at ${failed}` : '';
      const count = runs.peers[module] ?? 11;
      rows.push(row(n, peer.name, count, await repeat(peer.chain(n), count), note));
    }
  }
  // Longest chains first, as the headline reads.
  rows.sort((a, b) => b.chain - a.chain);
  return { rows, versions, skipped };
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
  // Last, and outside the peak memory: the peers load large packages of their own.
  const peers = await peerBench(registry);
  console.log(
    '\nRun engine beside other engines in this process: a chain of no-op nodes, built or planned and run once (p50)',
  );
  if (peers.rows.length > 0) console.table(peers.rows);
  if (peers.versions) console.log(`peers: ${peers.versions}`);
  for (const reason of peers.skipped) console.log(`peers skipped: ${reason}`);
  return { results: value, flow: flow!, peers, peakRssMb: fixed(peakRssMb, 1) };
}
