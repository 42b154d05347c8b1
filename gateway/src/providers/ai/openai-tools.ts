import type OpenAI from 'openai';
import {
  toolArgumentsFrom,
  type AiProviderError,
  type ToolCall,
  type ToolMessage,
  type ToolTurn,
  type ToolTurnOptions,
  type ToolTurnRequest,
} from '@blocksmith/block-sdk';
import { usageOf, type TokenCounts } from './openai-usage';
import { StallWatch } from './stall-watch';

type Message = OpenAI.Chat.ChatCompletionMessageParam;

/** What a tool turn needs of the provider: the model to ask, the stall time, and its error mapping. */
export interface OpenAiToolContext {
  model: string;
  timeoutMs: number;
  stallError(cause: unknown): AiProviderError;
  mapError(error: unknown): AiProviderError;
}

/**
 * One turn of a conversation with tools through Chat Completions: the tools as `function` tools,
 * the answer streamed (its text told as it comes, each call's `delta.tool_calls` pieces joined by
 * their index and the arguments parsed as JSON), cut when it stalls, with the usage of its last chunk.
 */
export async function openAiToolTurn(
  client: OpenAI,
  request: ToolTurnRequest,
  options: ToolTurnOptions,
  context: OpenAiToolContext,
): Promise<ToolTurn> {
  const watch = new StallWatch(options.signal, context.timeoutMs);
  let answered: { model?: string; usage?: TokenCounts | null } = {};
  let text = '';
  const pieces = new Map<number, { id: string; name: string; arguments: string }>();
  try {
    const stream = await client.chat.completions.create(
      {
        model: context.model,
        messages: openAiMessages(request),
        // The API refuses an empty list of tools: a turn without tools is a plain answer.
        ...(request.tools.length > 0 && {
          tools: request.tools.map((tool) => ({
            type: 'function' as const,
            function: { name: tool.name, description: tool.description, parameters: { ...tool.parameters } },
          })),
        }),
        stream: true,
        stream_options: { include_usage: true },
        ...(request.maxTokens !== undefined && { max_tokens: request.maxTokens }),
      },
      { signal: watch.signal },
    );
    watch.arm();
    for await (const chunk of stream) {
      watch.pause();
      answered = { model: chunk.model || answered.model, usage: chunk.usage ?? answered.usage };
      const delta = chunk.choices[0]?.delta;
      if (delta?.content) {
        text += delta.content;
        options.onText?.(delta.content);
      }
      for (const piece of delta?.tool_calls ?? []) {
        const call = pieces.get(piece.index) ?? { id: '', name: '', arguments: '' };
        call.id ||= piece.id ?? '';
        call.name += piece.function?.name ?? '';
        call.arguments += piece.function?.arguments ?? '';
        pieces.set(piece.index, call);
      }
      watch.arm();
    }
    watch.throwIfCut();
    options.onUsage?.(usageOf(answered.model || context.model, answered.usage));
  } catch (error) {
    throw watch.stalled ? context.stallError(error) : context.mapError(error);
  } finally {
    watch.dispose();
  }
  const toolCalls: ToolCall[] = [...pieces]
    .sort(([a], [b]) => a - b)
    .map(([index, call]) => ({
      id: call.id || `call_${index}`,
      name: call.name,
      ...toolArgumentsFrom(call.arguments),
    }));
  return { text, toolCalls };
}

/**
 * The conversation as Chat Completions takes it: assistant turns with their `tool_calls`, each
 * result as a `tool` message answering its `tool_call_id` (a failed tool's answer says so, as the
 * API has no error flag).
 */
export function openAiMessages(request: ToolTurnRequest): Message[] {
  const system: Message[] = request.system ? [{ role: 'system', content: request.system }] : [];
  return [...system, ...request.messages.flatMap(toOpenAi)];
}

function toOpenAi(message: ToolMessage): Message[] {
  switch (message.role) {
    case 'user':
      return [{ role: 'user', content: message.text }];
    case 'assistant':
      return [
        {
          role: 'assistant',
          content: message.text || null,
          ...(message.toolCalls.length > 0 && {
            tool_calls: message.toolCalls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: { name: call.name, arguments: JSON.stringify(call.arguments) },
            })),
          }),
        },
      ];
    case 'tool':
      return message.results.map((result) => ({
        role: 'tool' as const,
        tool_call_id: result.callId,
        content: result.isError ? `Error: ${result.content}` : result.content,
      }));
  }
}
