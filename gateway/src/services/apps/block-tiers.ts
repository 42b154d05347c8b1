import { fullBlocksRefusal, planAllowsBlock, type AppConfig, type PlanId } from '@blocksmith/schema';
import { ForbiddenError } from '../../errors';
import type { BlockRegistry } from '../../kernel';

/** The full-tier block kinds a config holds, each once, with the name people know it by. */
export function fullKindsOf(config: AppConfig, registry: BlockRegistry): Map<string, string> {
  const found = new Map<string, string>();
  for (const plugin of config.plugins ?? []) {
    const definition = registry.get(plugin.type);
    if (definition?.tier === 'full') found.set(plugin.type, definition.name);
  }
  return found;
}

/**
 * Refuses a config holding a full-tier kind that `plan` does not allow and that is not among the
 * kinds the app holds legitimately (`held`: see README). The same 403 on save and at run time.
 */
export function checkFullKinds(
  plan: PlanId,
  held: readonly string[],
  config: AppConfig,
  registry: BlockRegistry,
): void {
  if (planAllowsBlock(plan, 'full')) return;
  const added = [...fullKindsOf(config, registry)].filter(([kind]) => !held.includes(kind));
  if (added.length === 0) return;
  throw new ForbiddenError(fullBlocksRefusal([...new Set(added.map(([, name]) => name))], plan));
}

/**
 * The kinds the app holds legitimately after `config` is saved under `plan`: every kind it held,
 * and, when the plan allows full blocks, every kind the config holds.
 */
export function heldAfterSave(
  plan: PlanId,
  held: readonly string[],
  config: AppConfig,
  registry: BlockRegistry,
): string[] {
  if (!planAllowsBlock(plan, 'full')) return [...held];
  return [...new Set([...held, ...fullKindsOf(config, registry).keys()])].sort();
}
