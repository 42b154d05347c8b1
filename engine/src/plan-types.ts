import type { AnyBlockDefinition, SettingsOf } from '@blocksmith/block-sdk';
import type { CostRange, ModelCapability, OnError, SettingsSpec } from '@blocksmith/schema';

// The shapes of a planned run, apart from the planner (run-plan.ts) and the rules it applies
// (plan-flow.ts), which both read them.

export interface GraphProblem {
  nodeId?: string;
  message: string;
}

export interface PlannedNode {
  index: number;
  id: string;
  /** `Text AI (plugin_123)`: how the app's validation problems name the node. */
  label: string;
  /**
   * The block's title as the canvas shows it (its label setting, else its kind's name): how run
   * errors and a run's steps name it.
   */
  title: string;
  definition: AnyBlockDefinition;
  /** Validated settings, defaults filled in. */
  settings: SettingsOf<SettingsSpec>;
  /** The node's unique variable name (its first output), if it has outputs. */
  variable: string | undefined;
  /** The declared name of its first output, whose value the variable carries. */
  firstOutput: string | undefined;
  /** Indices of directly connected upstream nodes, in connection order. */
  parents: number[];
  /** Indices of directly connected downstream nodes. */
  children: number[];
  /**
   * Per parent (as in `parents`), the routes its connections leave from when that parent has
   * route outputs, else null. Absent when no parent has route outputs.
   */
  parentRoutes?: (readonly string[] | null)[];
  /**
   * A block with route outputs: its routes under its settings, and `error` last when its
   * `onError` is `route` (a block without routes of its own then has `output` and `error`).
   */
  routes?: readonly string[];
  /** What the run does when the block fails (the plugin's `onError`, `stop` when absent). */
  onError: OnError;
  /** A block with route outputs: what each route it does not take skips. */
  routeSkips?: RouteSkips;
  /** The region it runs in: 0 for the whole app, else the loop whose blocks it is among. */
  region: number;
  /** A loop's opener: the region of the blocks it repeats; -1 for other blocks. */
  body: number;
  /** The blocks of its region that wait for it (for a loop's opener, also for its whole loop). */
  dependents: number[];
  /** Charged before the run starts: an AI block every run pays for (outside loops, after no route). */
  prepaid: boolean;
  /** Credits one run of the block costs: an AI block's price plus its model's, 0 for other blocks. */
  cost: number;
  /**
   * A block connected to the tools handle of others (their indices): it is not run in the
   * pipeline but when their model calls it. Absent for other blocks.
   */
  toolOf?: number[];
  /** A block that takes tools: the blocks connected to its tools handle, with the names the model calls them by. */
  tools?: { index: number; name: string }[];
  /** A block that takes tools: the most it spends in one run beyond its price (its `tools.maxCredits` setting). */
  maxCredits?: number;
}

/** A validated app, ready to execute any number of times. */
export interface RunPlan {
  nodes: PlannedNode[];
  /** Node indices in a dependency order. */
  order: number[];
  /**
   * Credits charged before the run starts: the AI blocks every run pays for. Blocks after a route
   * and inside loops are charged as they start. Without routes or loops: every AI block.
   */
  cost: number;
  /** The fewest and the most credits one run can cost (loops at their maximum item counts). */
  costRange: CostRange;
  /** Which node owns each variable name. */
  variableOwners: ReadonlyMap<string, number>;
  /** Per node, a bitset of all its upstream nodes (bit i set when node i feeds it, directly or not). */
  ancestors: readonly Uint32Array[];
  /** Region 0 is the whole app; each loop adds the region of the blocks it repeats. */
  regions: readonly PlannedRegion[];
  /** Per node, its place in its region (for region 0, its own index). */
  slot: Int32Array;
}

/** The whole app (region 0), or the blocks one loop runs once per item. */
export interface PlannedRegion {
  /** The block that runs the loop; -1 for the whole app. */
  opener: number;
  /** The block that ends the loop; -1 for the whole app. */
  closer: number;
  /** The region the loop sits in; -1 for the whole app. */
  parent: number;
  depth: number;
  /** The blocks that run in this region, in dependency order. A loop's opener and end sit in the region around it. */
  members: number[];
  /** Per member slot, how many blocks (a loop counts as one, with its opener) it waits for when the region starts. */
  waiting: Int32Array;
}

/** Which blocks a block with route outputs skips, by the routes a run takes. */
export interface RouteSkips {
  /** Per route (as in the node's `routes`): the blocks skipped when the run takes that route alone. */
  only: readonly Int32Array[];
  /** Per route: every block reachable through it (a bitset), for runs that take several routes or none. */
  reach: readonly Uint32Array[];
}

/**
 * The models the server can use, as planning asks about them: whether a block's model exists and
 * can do what the block needs, and what it adds to the block's price.
 */
export interface ModelLookup {
  /** The model's extra credits, or a sentence saying why a block needing `capability` cannot use it. */
  check(model: string, capability: ModelCapability): { credits: number } | { problem: string };
}

export interface PlanOptions {
  /** Without it, any model name is accepted and costs nothing extra (block tests, the assistant). */
  models?: ModelLookup;
}
