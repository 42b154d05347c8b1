import type { AppConfig, PluginInstance } from './app';
import { isToolConnection, toolBlocks } from './tool-connections';
import {
  loopStructure,
  routedBlocks,
  type FlowGraph,
  type FlowOf,
  type LoopStructure,
} from './flow-structure';

/** Cost of a block kind when neither its own cost nor a `default` cost is known. */
export const FALLBACK_BLOCK_COST = 1;

function knownCost(costs: Readonly<Record<string, number>>, key: string): number | undefined {
  const cost = Object.hasOwn(costs, key) ? costs[key] : undefined;
  return typeof cost === 'number' && Number.isFinite(cost) ? cost : undefined;
}

/** Credits one run of a block kind costs: its own cost, else the `default` cost, else 1. */
export function blockCostOf(costs: Readonly<Record<string, number>>, type: string): number {
  return knownCost(costs, type) ?? knownCost(costs, 'default') ?? FALLBACK_BLOCK_COST;
}

/**
 * Credits one run of the app costs: the sum over its AI blocks of the cost for that kind, else the
 * `default` cost, else 1. A cost of 0 is a real cost (free), not a missing one. For apps with
 * routes or loops this is what a run costs when every block runs once; `runCostRange` gives the
 * range.
 */
export function runCost(
  config: AppConfig,
  costs: Readonly<Record<string, number>>,
  isAiBlock: (type: string) => boolean,
): number {
  return config.plugins
    .filter((plugin) => isAiBlock(plugin.type))
    .reduce((sum, plugin) => sum + blockCostOf(costs, plugin.type), 0);
}

/** 'N credit(s)', as the spec writes it. */
export function formatCredits(n: number): string {
  return `${n} credit(s)`;
}

/** A cost range as the spec writes credits: 'N credit(s)', or 'N–M credit(s)' when runs differ. */
export function formatCreditRange(range: CostRange): string {
  return range.min === range.max ? formatCredits(range.min) : `${range.min}–${range.max} credit(s)`;
}

/** The fewest and the most credits one run can cost. */
export interface CostRange {
  min: number;
  max: number;
}

/** What pricing an app with routes and loops needs, block by block (by index). */
export interface FlowCostInputs {
  structure: LoopStructure;
  /** Per block, whether a route decides if it runs (`routedBlocks`). */
  routed: Uint8Array;
  /** Credits one run of the block costs (0 for blocks that are not charged). */
  cost(index: number): number;
  /** For a loop's opener: the most items one run goes through. */
  maxItems(opener: number): number;
  /**
   * What the block may spend beyond its price, charged as it goes (a block that hands tools to a
   * model: its credit limit for tools and further model turns); counted in the most only.
   */
  extra?(index: number): number;
}

/**
 * The range of credits one run costs. The least is what every run pays: the charged blocks
 * outside loops that no route can skip (charged before the run starts). The most counts every
 * block, each block inside a loop once per item up to the loop's maximum item count (nested
 * loops multiply), with what each may spend beyond its price (`extra`). Blocks after a route and
 * inside loops are charged as they start.
 */
export function flowCostRange(inputs: FlowCostInputs): CostRange {
  const { structure, routed } = inputs;
  const { regions, regionOf } = structure;
  const times = regions.map(() => 1);
  for (let r = 1; r < regions.length; r++) {
    const region = regions[r]!;
    times[r] = times[region.parent]! * Math.max(0, inputs.maxItems(region.opener));
  }
  let min = 0;
  let max = 0;
  for (let i = 0; i < regionOf.length; i++) {
    const cost = inputs.cost(i);
    const extra = inputs.extra?.(i) ?? 0;
    if (cost === 0 && extra === 0) continue;
    const region = Math.max(0, regionOf[i]!);
    max += (cost + extra) * times[region]!;
    if (region === 0 && !routed[i]) min += cost;
  }
  return { min, max };
}

export interface CostRangeOptions {
  flowOf: FlowOf;
  /** A setting's declared default, for blocks whose saved settings leave it out. */
  settingDefault?: (type: string, key: string) => unknown;
  /** What an AI block's chosen models add to its price (the model catalogue's extra credits). */
  modelCredits?: (plugin: PluginInstance) => number;
}

/**
 * `runCost` for apps with routes and loops: the least and the most one run costs (see
 * `flowCostRange`). For an app without either, both are `runCost`. Blocks connected as tools are
 * not counted (a block that takes tools pays for them from its credit limit, which the most
 * counts: its `maxCredits` setting).
 */
export function runCostRange(
  config: AppConfig,
  costs: Readonly<Record<string, number>>,
  isAiBlock: (type: string) => boolean,
  options: CostRangeOptions,
): CostRange {
  const plugins = config.plugins;
  const index = new Map(plugins.map((plugin, i) => [plugin.id, i]));
  const parents: number[][] = plugins.map(() => []);
  const children: number[][] = plugins.map(() => []);
  const tools = toolBlocks(config.connections);
  for (const c of config.connections) {
    if (isToolConnection(c)) continue;
    const from = index.get(c.from);
    const to = index.get(c.to);
    if (from === undefined || to === undefined || from === to || parents[to]!.includes(from)) continue;
    parents[to]!.push(from);
    children[from]!.push(to);
  }
  const waiting = parents.map((list) => list.length);
  const order: number[] = [];
  for (let i = 0; i < plugins.length; i++) if (waiting[i] === 0) order.push(i);
  for (let head = 0; head < order.length; head++)
    for (const child of children[order[head]!]!) if (--waiting[child]! === 0) order.push(child);
  const flows = plugins.map((plugin) => options.flowOf(plugin.type));
  const graph: FlowGraph = {
    parents,
    order,
    loopRole: (i) => (flows[i]?.loop ? 'opens' : flows[i]?.endsLoop ? 'ends' : undefined),
  };
  const setting = (i: number, key: string): unknown =>
    plugins[i]!.settings[key] ?? options.settingDefault?.(plugins[i]!.type, key);
  return flowCostRange({
    structure: loopStructure(graph),
    routed: routedBlocks(graph, (i) => flows[i]?.routes !== undefined),
    cost: (i) =>
      isAiBlock(plugins[i]!.type) && !tools.has(plugins[i]!.id)
        ? blockCostOf(costs, plugins[i]!.type) + (options.modelCredits?.(plugins[i]!) ?? 0)
        : 0,
    maxItems: (opener) => {
      const value = Number(setting(opener, flows[opener]!.loop!.maxItems));
      return Number.isFinite(value) ? Math.floor(value) : 0;
    },
    extra: (i) => {
      const key = flows[i]?.tools?.maxCredits;
      const value = key === undefined ? 0 : Number(setting(i, key));
      return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
    },
  });
}
