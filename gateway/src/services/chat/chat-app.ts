import type { AppConfig } from '@blocksmith/schema';
import { planRun, type BlockLookup, type PlannedNode, type RunPlan } from '@blocksmith/engine';
import { DEFAULT_MEMORY, type MemorySettings } from './conversation-memory';
import { memoryModelsOf, type MemoryModel } from './memory-models';

/**
 * The output an input block declares to be handed the conversation so far: an app with such a
 * block (the Chat Input) is a chat app.
 */
export const CONVERSATION_OUTPUT = 'chat_history';

/** How an app can be chatted with, or why it cannot. */
export type ChatShape =
  | {
      chattable: true;
      /** `chat`: it has a Chat Input; `text`: its one input is a text input, chatted with as it is. */
      mode: 'chat' | 'text';
      /** The run input the message fills (the input block's variable name). */
      inputKey: string;
      /** What the message box is labelled, and its placeholder: the input block's own. */
      label: string;
      placeholder: string;
      memory: MemorySettings;
      /** The models the AI blocks given the conversation use: each one's memory fits its context. */
      memoryModels: MemoryModel[];
    }
  | { chattable: false; reason: string };

/** Whether this planned input block takes the conversation so far (a Chat Input). */
export function takesConversation(node: PlannedNode): boolean {
  return node.definition.category === 'input' && CONVERSATION_OUTPUT in node.definition.outputs;
}

function memoryOf(settings: Record<string, unknown>): MemorySettings {
  const turns = typeof settings.memory_turns === 'number' ? settings.memory_turns : DEFAULT_MEMORY.turns;
  const older = settings.older_turns === 'forget' ? 'forget' : DEFAULT_MEMORY.older;
  return { turns, older };
}

/** How a planned app can be chatted with: one text input (a Chat Input, or any text input), nothing else to fill in. */
export function chatShapeOfPlan(plan: RunPlan): ChatShape {
  const inputs = plan.nodes.filter((node) => node.definition.category === 'input');
  const refusal = (reason: string): ChatShape => ({ chattable: false, reason });
  if (inputs.length === 0) return refusal('This app takes no input, so there is nothing to chat with.');
  if (inputs.length > 1) {
    return refusal(
      'This app asks for more than one input, so it cannot be chatted with: run it from its form.',
    );
  }
  const input = inputs[0]!;
  if (input.definition.inputKind !== 'text') {
    return refusal('This app’s input is not text, so it cannot be chatted with: run it from its form.');
  }
  const settings = input.settings as Record<string, unknown>;
  const text = (key: string, fallback: string) =>
    typeof settings[key] === 'string' && (settings[key] as string).trim() !== ''
      ? (settings[key] as string)
      : fallback;
  const chat = takesConversation(input);
  return {
    chattable: true,
    mode: chat ? 'chat' : 'text',
    inputKey: input.variable ?? input.id,
    label: text('label', 'Message'),
    placeholder: text('placeholder', 'Type a message...'),
    memory: chat ? memoryOf(settings) : DEFAULT_MEMORY,
    memoryModels: memoryModelsOf(plan),
  };
}

/** `chatShapeOfPlan` of an app's config; an app that does not plan cannot be chatted with. */
export function chatShapeOf(config: AppConfig, registry: BlockLookup): ChatShape {
  let plan: RunPlan;
  try {
    plan = planRun(config, registry);
  } catch {
    return { chattable: false, reason: 'This app is not complete yet, so it cannot be chatted with.' };
  }
  return chatShapeOfPlan(plan);
}
