import type { AiProvider } from '@blocksmith/block-sdk';
import type { RunPlan } from '@blocksmith/engine';
import { takesConversation } from './chat-app';
import { withConversation } from './conversation-provider';
import type { TurnMemory } from './memory-models';

/**
 * What a run started as a chat turn carries to the process that executes it: the conversation so
 * far (`turnMemory`: empty on the first message), within the smallest memory of the app's models
 * and, where a model's context holds more, within that model's own.
 */
export type ChatTurnContext = TurnMemory;

/**
 * How a chat turn executes: its Chat Input is handed the message with the conversation so far,
 * and its AI blocks' prompts get the conversation (unless a prompt places `{{conversation}}`).
 */
export function chatTurnRun(
  plan: RunPlan,
  inputs: Record<string, unknown>,
  provider: AiProvider,
  chat: ChatTurnContext,
): { inputs: Record<string, unknown>; provider: AiProvider } {
  const turnInputs = { ...inputs };
  for (const node of plan.nodes) {
    if (!takesConversation(node)) continue;
    const key = node.variable !== undefined && node.variable in inputs ? node.variable : node.id;
    turnInputs[key] = { message: inputs[key], conversation: chat.conversation };
  }
  return { inputs: turnInputs, provider: withConversation(provider, chat) };
}
