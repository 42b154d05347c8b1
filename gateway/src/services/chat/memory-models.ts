import { SPEC_MODEL_NAMES, type ModelCapability, type ModelInfo } from '@blocksmith/schema';
import type { RunPlan } from '@blocksmith/engine';
import {
  conversationText,
  memoryBudget,
  type AnsweredTurn,
  type MemorySettings,
} from './conversation-memory';

/** What the memory needs of the server's models (the model catalogue): how large each one's context is. */
export interface ModelContexts {
  list(): ModelInfo[];
  defaultFor(capability: ModelCapability): ModelInfo | undefined;
  /** Resolves once the providers have listed their models (with their contexts) the first time. */
  ready?(): Promise<void>;
}

/** A model setting of an AI block the conversation is given to, as the block sends it. */
export interface MemoryModel {
  /** The setting's value (`gpt-4o`, `gpt-4`: the server's default; empty: the default too). */
  model: string;
  capability: ModelCapability;
}

/** The capabilities whose requests get the conversation so far (`conversation-provider.ts`). */
const GIVEN_THE_CONVERSATION: readonly ModelCapability[] = ['text', 'structured'];

/** The models the app's AI blocks write text and JSON with, as their settings name them. */
export function memoryModelsOf(plan: RunPlan): MemoryModel[] {
  const found: MemoryModel[] = [];
  for (const node of plan.nodes) {
    if (node.definition.category !== 'ai') continue;
    for (const [key, field] of Object.entries(node.definition.settings)) {
      if (field.type !== 'model' || !GIVEN_THE_CONVERSATION.includes(field.capability)) continue;
      const value = (node.settings as Record<string, unknown>)[key];
      const model = typeof value === 'string' ? value : (field.default ?? field.fallback ?? '');
      if (!found.some((m) => m.model === model && m.capability === field.capability)) {
        found.push({ model, capability: field.capability });
      }
    }
  }
  return found;
}

/** How many tokens `model` reads at once, as the catalogue says; undefined when unknown. */
export function contextTokensOf(models: ModelContexts | undefined, wanted: MemoryModel): number | undefined {
  if (!models) return undefined;
  const { model, capability } = wanted;
  // No model, or a spec name: the server's default for what the block does (as the catalogue routes it).
  const info =
    model === '' || Object.hasOwn(SPEC_MODEL_NAMES, model)
      ? models.defaultFor(capability)
      : models.list().find((m) => m.id === model);
  return info?.contextTokens;
}

/** What a chat turn's run is given of the conversation so far (it crosses processes on the job). */
export interface TurnMemory {
  /**
   * The conversation within the smallest memory of the app's models: what the Chat Input hands
   * on (`chat_history`, fitting any of its AI blocks) and what a model not listed below gets.
   */
  conversation: string;
  /** The conversation within each model's own memory, by the model as the blocks name it. */
  byModel?: Record<string, string>;
}

/**
 * The conversation so far for each of the app's AI blocks, sized to its model's context
 * (`memoryBudget`): a block on a model with a large context remembers more of it.
 */
export function turnMemory(
  answered: readonly AnsweredTurn[],
  settings: MemorySettings,
  used: readonly MemoryModel[],
  models: ModelContexts | undefined,
): TurnMemory {
  const budgets = new Map<string, number>();
  for (const wanted of used) {
    const budget = memoryBudget(contextTokensOf(models, wanted));
    budgets.set(wanted.model, Math.min(budget, budgets.get(wanted.model) ?? budget));
  }
  const smallest = budgets.size === 0 ? memoryBudget(undefined) : Math.min(...budgets.values());
  const conversation = conversationText(answered, settings, smallest);
  const byModel: Record<string, string> = {};
  for (const [model, budget] of budgets) {
    if (budget !== smallest) byModel[model] = conversationText(answered, settings, budget);
  }
  return Object.keys(byModel).length > 0 ? { conversation, byModel } : { conversation };
}
