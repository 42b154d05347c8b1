import type Anthropic from '@anthropic-ai/sdk';
import {
  AiProviderError,
  type ToolCall,
  type ToolMessage,
  type ToolSpec,
  type ToolTurnRequest,
} from '@blocksmith/block-sdk';
import type { MessageBody } from './anthropic-requests';

/**
 * A conversation with tools as a Messages request: the tools with their JSON Schema as
 * `input_schema`, chosen by the model (`tool_choice: auto`); each assistant turn as its text and
 * `tool_use` blocks, each set of results as a user turn of `tool_result` blocks (`is_error` for a
 * failed tool). A user message right after results joins their turn, as the API wants turns to
 * alternate.
 */
export function toolTurnBody(request: ToolTurnRequest): MessageBody {
  const messages: Anthropic.MessageParam[] = [];
  for (const message of request.messages) {
    const turn = messageParam(message);
    if (!turn) continue;
    const previous = messages.at(-1);
    if (previous && previous.role === turn.role) {
      previous.content = [...blocks(previous.content), ...blocks(turn.content)];
    } else {
      messages.push(turn);
    }
  }
  return {
    messages,
    ...(request.system ? { system: request.system } : {}),
    ...(request.tools.length > 0
      ? { tools: request.tools.map(toolParam), tool_choice: { type: 'auto' as const } }
      : {}),
  };
}

function messageParam(message: ToolMessage): Anthropic.MessageParam | undefined {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: message.text };
    case 'assistant': {
      const content: Anthropic.ContentBlockParam[] = [
        ...(message.text ? [{ type: 'text' as const, text: message.text }] : []),
        ...message.toolCalls.map((call): Anthropic.ToolUseBlockParam => ({
          type: 'tool_use',
          id: call.id,
          name: call.name,
          input: call.arguments,
        })),
      ];
      // An empty assistant turn is refused by the API, and says nothing.
      return content.length > 0 ? { role: 'assistant', content } : undefined;
    }
    case 'tool':
      return {
        role: 'user',
        content: message.results.map((result): Anthropic.ToolResultBlockParam => ({
          type: 'tool_result',
          tool_use_id: result.callId,
          content: result.content,
          ...(result.isError ? { is_error: true } : {}),
        })),
      };
  }
}

function blocks(content: Anthropic.MessageParam['content']): Anthropic.ContentBlockParam[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/** A tool as the API takes it: its arguments' schema as `input_schema`, whose root is an object. */
function toolParam(tool: ToolSpec): Anthropic.Tool {
  const { type, ...rest } = tool.parameters;
  if (type !== undefined && type !== 'object') {
    throw new AiProviderError(
      'rejected',
      `The tool "${tool.name}" takes its arguments as ${JSON.stringify(type)}; a tool's parameters must be a JSON Schema of an object.`,
    );
  }
  return { name: tool.name, description: tool.description, input_schema: { ...rest, type: 'object' } };
}

/** A `tool_use` block as it streams in: its id and name, then its input as JSON pieces. */
interface ToolUseSoFar {
  id: string;
  name: string;
  /** The input the block started with (the API sends `{}` and then the pieces). */
  given: Record<string, unknown>;
  json: string;
}

/** The tool calls of a streamed answer, gathered event by event (blocks by their index). */
export class ToolUseCollector {
  private readonly blocks = new Map<number, ToolUseSoFar>();

  add(event: Anthropic.RawMessageStreamEvent): void {
    if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
      const block = event.content_block;
      const given = isRecord(block.input) ? block.input : {};
      this.blocks.set(event.index, { id: block.id, name: block.name, given, json: '' });
    } else if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
      const block = this.blocks.get(event.index);
      if (block) block.json += event.delta.partial_json;
    }
  }

  /** The calls in the order the model made them; each input parsed from its joined pieces. */
  calls(): ToolCall[] {
    return [...this.blocks.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, block]) => ({ id: block.id, name: block.name, arguments: inputOf(block) }));
  }
}

function inputOf(block: ToolUseSoFar): Record<string, unknown> {
  if (!block.json.trim()) return block.given;
  let input: unknown;
  try {
    input = JSON.parse(block.json);
  } catch {
    throw new AiProviderError(
      'unavailable',
      `Anthropic sent the arguments of its call to "${block.name}" as broken JSON. Try again later.`,
    );
  }
  // The facade refuses arguments that are not an object, telling the model why.
  return input as Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
