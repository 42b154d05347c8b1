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
  const firstOutputOf = (owner: number): unknown => {
    const first = plan.nodes[owner]!.firstOutput;
    return first === undefined ? undefined : frame.outcomeOf(owner)!.outputs[first];
  };
  const visible = (name: string | symbol): number | undefined => {
    if (typeof name !== 'string') return undefined;
    const owner = plan.variableOwners.get(name);
    return owner !== undefined && isUpstream(plan, node.index, owner) && handsOn(frame.outcomeOf(owner))
      ? owner
      : undefined;
  };
  const view: Scope = new Proxy(Object.create(null) as Scope, {
    has: (_target, name) => visible(name) !== undefined,
    get: (_target, name) => {
      const owner = visible(name);
      return owner === undefined ? undefined : firstOutputOf(owner);
    },
    ownKeys: () => {
      const keys: string[] = [];
      for (const name of plan.variableOwners.keys()) if (visible(name) !== undefined) keys.push(name);
      return keys;
    },
    getOwnPropertyDescriptor: (_target, name) => {
      const owner = visible(name);
      return owner === undefined
        ? undefined
        : { value: firstOutputOf(owner), enumerable: true, configurable: true, writable: false };
    },
    // Writes to the view itself are refused; objects that merely inherit from it keep their own properties.
    set: (_target, name, value, receiver) =>
      receiver !== view &&
      Reflect.defineProperty(receiver as object, name, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      }),
    defineProperty: () => false,
    deleteProperty: () => false,
  });
  return view;
}
