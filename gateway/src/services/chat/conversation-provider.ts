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

/**
 * The heading of the conversation so far, after the prompt of an AI block that did not place
 * `{{conversation}}` itself.
 */
export const CONVERSATION_HEADING =
  'This message is part of a conversation. The conversation so far, oldest first (the request above is about the newest message):';

/** The prompt with the conversation so far after it, unless it already holds it (`{{conversation}}`). */
export function withConversationPrompt(prompt: string, conversation: string): string {
  if (conversation === '' || prompt.includes(conversation)) return prompt;
  return `${prompt}\n\n${CONVERSATION_HEADING}\n${conversation}`;
}

/**
 * A chat turn's AI: every text and JSON request of its AI blocks gets the conversation so far
 * after its prompt (unless the prompt holds it already); images and everything else go to the
 * server's provider as they are.
 */
export function withConversation(provider: AiProvider, conversation: string): AiProvider {
  if (conversation === '') return provider;
  const wrapped: AiProvider = {
    name: provider.name,
    offline: provider.offline,
    streamText: (request: TextRequest, options: CallOptions) =>
      provider.streamText(
        { ...request, prompt: withConversationPrompt(request.prompt, conversation) },
        options,
      ),
    completeJson: (request: JsonRequest, options: CallOptions) =>
      provider.completeJson(
        { ...request, prompt: withConversationPrompt(request.prompt, conversation) },
        options,
      ),
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
