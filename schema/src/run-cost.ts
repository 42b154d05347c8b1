import type { AppConfig } from './app';

/** Cost of a block kind when neither its own cost nor a `default` cost is known. */
export const FALLBACK_BLOCK_COST = 1;

function knownCost(costs: Readonly<Record<string, number>>, key: string): number | undefined {
  const cost = Object.hasOwn(costs, key) ? costs[key] : undefined;
  return typeof cost === 'number' && Number.isFinite(cost) ? cost : undefined;
}

/**
 * Credits one run of the app costs: the sum over its AI blocks of the cost for that kind, else the
 * `default` cost, else 1. A cost of 0 is a real cost (free), not a missing one.
 */
export function runCost(
  config: AppConfig,
  costs: Readonly<Record<string, number>>,
  isAiBlock: (type: string) => boolean,
): number {
  return config.plugins
    .filter((plugin) => isAiBlock(plugin.type))
    .reduce(
      (sum, plugin) =>
        sum + (knownCost(costs, plugin.type) ?? knownCost(costs, 'default') ?? FALLBACK_BLOCK_COST),
      0,
    );
}

/** 'N credit(s)', as the spec writes it. */
export function formatCredits(n: number): string {
  return `${n} credit(s)`;
}
