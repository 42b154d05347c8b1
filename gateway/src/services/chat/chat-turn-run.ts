import type { AiProvider } from '@blocksmith/block-sdk';
import type { RunPlan } from '@blocksmith/engine';
import { takesConversation } from './chat-app';
import { withConversation } from './conversation-provider';

/** What a run started as a chat turn carries to the process that executes it. */
export interface ChatTurnContext {
  /** The conversation so far (`conversationText`), empty on the first message. */
  conversation: string;
}

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
  return { inputs: turnInputs, provider: withConversation(provider, chat.conversation) };
}
