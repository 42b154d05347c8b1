import { FALLBACK_BLOCK_COST } from '@blocksmith/schema';

/**
 * Credits one run of a block kind costs, read from the costs map (`/api/credits/costs`): its own
 * cost, else `default`, else 1, exactly as `runCost` prices an app. A cost of 0 is a real cost.
 */
export function blockCost(costs: Readonly<Record<string, number>>, blockType: string): number {
  for (const key of [blockType, 'default']) {
    const cost = Object.hasOwn(costs, key) ? costs[key] : undefined;
    if (typeof cost === 'number' && Number.isFinite(cost)) return cost;
  }
  return FALLBACK_BLOCK_COST;
}
