import type { AiUsage } from '@blocksmith/block-sdk';
import type { TokenUsage } from '@blocksmith/schema';

/** What a block's AI calls used: the last model that answered, the tokens of all its calls, what they cost beyond its price. */
export interface Used {
  model?: string;
  usage?: TokenUsage;
  /** Credits charged as it ran beyond its price (a block that takes tools: its model's further turns). */
  credits?: number;
}

/** Adds one AI call's usage to a block's. */
export function addUsage(used: Used, reported: AiUsage): void {
  used.model = reported.model;
  for (const key of ['promptTokens', 'completionTokens', 'totalTokens'] as const) {
    const count = reported[key];
    if (count === undefined) continue;
    used.usage ??= {};
    used.usage[key] = (used.usage[key] ?? 0) + count;
  }
}
