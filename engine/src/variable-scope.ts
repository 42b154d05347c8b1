import { handsOn, type Frame } from './run-frame';
import { isUpstream, type PlannedNode, type RunPlan } from './run-plan';

export type Scope = Readonly<Record<string, unknown>>;
export const EMPTY_SCOPE: Scope = Object.freeze(Object.create(null) as Scope);

/**
 * What a node may substitute: a read-only view of the variables of its upstream blocks that ran
 * (as `frame` sees them: inside a loop, the current item's). Lookups go through the plan's
 * ancestor sets, so they cost the same however long the app is, and nothing is copied per block.
 * Blocks inside a loop are not visible after it: their values were per item.
 */
export function variableScope(plan: RunPlan, node: PlannedNode, frame: Frame): Scope {
  // The view's target holds where it looks; the traps are shared by every view (one handler for
  // the process instead of six closures per block run).
  const target = Object.create(null) as ScopeTarget;
  target[PLAN] = plan;
  target[NODE] = node;
  target[FRAME] = frame;
  const view = new Proxy(target, SCOPE_TRAPS) as unknown as Scope;
  target[VIEW] = view;
  return view;
}

const PLAN = Symbol('plan');
const NODE = Symbol('node');
const FRAME = Symbol('frame');
const VIEW = Symbol('view');

interface ScopeTarget {
  [PLAN]: RunPlan;
  [NODE]: PlannedNode;
  [FRAME]: Frame;
  [VIEW]: Scope;
}

/** The block that hands on the variable `name` to the view's node, if it ran and is upstream of it. */
function visible(target: ScopeTarget, name: string | symbol): number | undefined {
  if (typeof name !== 'string') return undefined;
  const plan = target[PLAN];
  const frame = target[FRAME];
  const owner = plan.variableOwners.get(name);
  return owner !== undefined && isUpstream(plan, target[NODE].index, owner) && handsOn(frame.outcomeOf(owner))
    ? owner
    : undefined;
}

function firstOutputOf(target: ScopeTarget, owner: number): unknown {
  const first = target[PLAN].nodes[owner]!.firstOutput;
  return first === undefined ? undefined : target[FRAME].outcomeOf(owner)!.outputs[first];
}

const SCOPE_TRAPS: ProxyHandler<ScopeTarget> = {
  has: (target, name) => visible(target, name) !== undefined,
  get: (target, name) => {
    const owner = visible(target, name);
    return owner === undefined ? undefined : firstOutputOf(target, owner);
  },
  ownKeys: (target) => {
    const keys: string[] = [];
    for (const name of target[PLAN].variableOwners.keys())
      if (visible(target, name) !== undefined) keys.push(name);
    return keys;
  },
  getOwnPropertyDescriptor: (target, name) => {
    const owner = visible(target, name);
    return owner === undefined
      ? undefined
      : { value: firstOutputOf(target, owner), enumerable: true, configurable: true, writable: false };
  },
  // Writes to the view itself are refused; objects that merely inherit from it keep their own properties.
  set: (target, name, value, receiver) =>
    receiver !== target[VIEW] &&
    Reflect.defineProperty(receiver as object, name, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    }),
  defineProperty: () => false,
  deleteProperty: () => false,
};
