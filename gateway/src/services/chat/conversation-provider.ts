import type {
  AiProvider,
  CallOptions,
  JsonRequest,
  ModelList,
  TextRequest,
  ToolTurn,
  ToolTurnOptions,
  ToolTurnRequest,
} from '@blocksmith/block-sdk';
import type { TurnMemory } from './memory-models';

/**
 * The heading of the conversation so far, after the prompt of an AI block that did not place
 * `{{conversation}}` itself.
 */
export const CONVERSATION_HEADING =
  'This message is part of a conversation. The conversation so far, oldest first (the request above is about the newest message):';

/**
 * The prompt with the conversation so far (`conversation`, sized to the prompt's model) after it,
 * unless it already holds it. A prompt that placed the Chat Input's `chat_history` (`placed`,
 * sized to the app's smallest model) gets its model's own in its place.
 */
export function withConversationPrompt(prompt: string, conversation: string, placed = conversation): string {
  if (conversation === '' || prompt.includes(conversation)) return prompt;
  if (placed !== '' && prompt.includes(placed)) return prompt.replace(placed, () => conversation);
  return `${prompt}\n\n${CONVERSATION_HEADING}\n${conversation}`;
}

/** The conversation as a request for `model` gets it: that model's own, else the app's smallest. */
function memoryFor(memory: TurnMemory, model: string | undefined): string {
  const own =
    memory.byModel && Object.hasOwn(memory.byModel, model ?? '') ? memory.byModel[model ?? ''] : undefined;
  return typeof own === 'string' ? own : memory.conversation;
}

/**
 * A chat turn's AI: every text and JSON request of its AI blocks gets the conversation so far
 * (within its model's memory) after its prompt, unless the prompt holds it already; images and
 * everything else go to the server's provider as they are.
 */
export function withConversation(provider: AiProvider, memory: TurnMemory): AiProvider {
  const everyOne = [memory.conversation, ...Object.values(memory.byModel ?? {})];
  if (everyOne.every((text) => text === '')) return provider;
  const prompted = (prompt: string, model: string | undefined) =>
    withConversationPrompt(prompt, memoryFor(memory, model), memory.conversation);
  const wrapped: AiProvider = {
    name: provider.name,
    offline: provider.offline,
    streamText: (request: TextRequest, options: CallOptions) =>
      provider.streamText({ ...request, prompt: prompted(request.prompt, request.model) }, options),
    completeJson: (request: JsonRequest, options: CallOptions) =>
      provider.completeJson({ ...request, prompt: prompted(request.prompt, request.model) }, options),
    generateImage: (request, options) => provider.generateImage(request, options),
    describeImage: (request, options) => provider.describeImage(request, options),
    models: (): ModelList => provider.models(),
  };
  if (provider.listModels) wrapped.listModels = (options) => provider.listModels!(options);
  if (provider.toolTurn) {
    wrapped.toolTurn = (request: ToolTurnRequest, options: ToolTurnOptions): Promise<ToolTurn> =>
      provider.toolTurn!(request, options);
  }
  return wrapped;
}
