import {
  fullBlocksRefusal,
  isPlanId,
  planAllowsBlock,
  type AppConfig,
  type PlanId,
} from '@blocksmith/schema';
import type { DataSource, EntityManager } from 'typeorm';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { BlockRegistry } from '../../kernel';
import { APP_NOT_FOUND } from './app-access';

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

/**
 * Refuses a config holding a full-tier block kind the owner's plan does not allow and the app
 * does not hold legitimately (`held`), compared by kind, not block id: turning a block into a
 * full one is adding one. Answers the kinds the app holds legitimately once it is saved.
 */
export async function checkBlockTiers(
  tx: EntityManager,
  registry: BlockRegistry,
  ownerId: string,
  held: readonly string[],
  config: AppConfig,
): Promise<string[]> {
  if (fullKindsOf(config, registry).size === 0) return [...held];
  const [owner] = (await tx.query('SELECT plan FROM users WHERE id = $1', [ownerId])) as { plan: string }[];
  const plan = isPlanId(owner?.plan) ? owner.plan : 'free';
  checkFullKinds(plan, held, config, registry);
  return heldAfterSave(plan, held, config, registry);
}

/** What the run-time plan check reads: the app owner's plan and the full kinds the app holds. */
export interface FullKindsHeld {
  ownerPlan: string;
  held: readonly string[];
}

/**
 * The run-time side of the plan check: a run of `config` (the draft or the live version of app
 * `appId`) holding a full-tier kind that its owner's plan does not allow and the app does not
 * hold legitimately is refused with the same 403 as a save. Reads nothing for apps without full
 * blocks, nor when `known` was read with the config (the app's read for the run).
 */
export async function checkFullBlocksForRun(
  dataSource: DataSource,
  registry: BlockRegistry,
  appId: string,
  config: AppConfig,
  known?: FullKindsHeld,
): Promise<void> {
  if (fullKindsOf(config, registry).size === 0) return;
  let tiers = known;
  if (!tiers) {
    const [row] = (await dataSource.query(
      'SELECT a.block_kinds_held, u.plan FROM apps a JOIN users u ON u.id = a.owner_id WHERE a.id = $1',
      [appId],
    )) as { block_kinds_held: string[]; plan: string }[];
    if (!row) throw new NotFoundError(APP_NOT_FOUND);
    tiers = { ownerPlan: row.plan, held: row.block_kinds_held };
  }
  checkFullKinds(isPlanId(tiers.ownerPlan) ? tiers.ownerPlan : 'free', tiers.held, config, registry);
}
