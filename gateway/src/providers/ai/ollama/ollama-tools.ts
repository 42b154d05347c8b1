import type { ChatResponse, Message, Tool } from 'ollama';
import { AiProviderError, type ToolCall, type ToolSpec, type ToolTurnRequest } from '@blocksmith/block-sdk';

/**
 * A conversation with tools as `/api/chat` messages: the system text first, each assistant turn
 * with its `tool_calls` (arguments as objects), each result as a `role: 'tool'` message naming
 * its tool (`tool_name`). Ollama has no error flag: a failed tool's result says `Error: ...`.
 */
export function toolChatMessages(request: ToolTurnRequest): Message[] {
  const messages: Message[] = request.system ? [{ role: 'system', content: request.system }] : [];
  for (const message of request.messages) {
    switch (message.role) {
      case 'user':
        messages.push({ role: 'user', content: message.text });
        break;
      case 'assistant':
        messages.push({
          role: 'assistant',
          content: message.text,
          ...(message.toolCalls.length > 0
            ? {
                tool_calls: message.toolCalls.map((call) => ({
                  function: { name: call.name, arguments: call.arguments },
                })),
              }
            : {}),
        });
        break;
      case 'tool':
        for (const result of message.results) {
          messages.push({
            role: 'tool',
            tool_name: result.name,
            content: result.isError ? `Error: ${result.content}` : result.content,
          });
        }
        break;
    }
  }
  return messages;
}

/** The tools as Ollama's functions, their arguments' JSON Schema as `parameters`. */
export function toolParams(tools: ToolSpec[]): Tool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters as NonNullable<Tool['function']['parameters']>,
    },
  }));
}

/**
 * The tool calls of a streamed answer (Ollama sends each call whole, in one of its lines), with
 * ids made up as Ollama gives none: `call_<n>`, numbered after the calls earlier in the
 * conversation, so that every call of a conversation has its own.
 */
export class ToolCallCollector {
  private readonly found: ToolCall[] = [];
  private readonly earlier: number;

  constructor(conversation: ToolTurnRequest['messages']) {
    this.earlier = conversation.reduce((n, m) => n + (m.role === 'assistant' ? m.toolCalls.length : 0), 0);
  }

  add(part: ChatResponse): void {
    for (const call of part.message?.tool_calls ?? []) {
      const args: unknown = call.function.arguments;
      this.found.push({
        id: `call_${this.earlier + this.found.length + 1}`,
        name: call.function.name,
        // Some models answer the arguments as JSON text: read, else handed on for the facade to refuse.
        arguments: (typeof args === 'string' ? parsed(args) : (args ?? {})) as Record<string, unknown>,
      });
    }
  }

  calls(): ToolCall[] {
    return [...this.found];
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * What to say when the server refused tools for a model that cannot call them (Ollama's
 * `<model> does not support tools`), else undefined.
 */
export function noToolsMessage(error: unknown, model: string): string | undefined {
  if (!(error instanceof AiProviderError) || error.kind !== 'rejected') return undefined;
  if (!/does not support tools/i.test(error.message)) return undefined;
  return `Ollama's model "${model}" cannot call tools. Choose a model with tool calling (such as llama3.2 or qwen3) in the block's settings.`;
}
