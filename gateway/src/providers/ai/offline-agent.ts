import {
  OFFLINE_MARKER,
  type JsonSchema,
  type ToolSpec,
  type ToolTurn,
  type ToolTurnRequest,
} from '@blocksmith/block-sdk';
import { contentWords, offlineAnswer } from './offline-answer';

/**
 * The offline provider's agent, deterministic: once the user has spoken it calls one tool (the
 * first whose name or description shares a word with the user's message, else the first) with
 * arguments made from that message; once the tools have answered, it answers from their results,
 * marked `[Offline preview]`. With no tools it answers at once.
 */
export function offlineToolTurn(request: ToolTurnRequest): ToolTurn {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const userText = lastUser >= 0 ? (request.messages[lastUser] as { text: string }).text : '';
  const since = request.messages.slice(lastUser + 1);
  const results = since.flatMap((m) => (m.role === 'tool' ? m.results : []));
  if (results.length > 0) return answered(request, answerFromResults(results));
  const tool = since.some((m) => m.role === 'assistant' && m.toolCalls.length > 0)
    ? undefined
    : toolFor(request.tools, userText);
  if (!tool) {
    return answered(
      request,
      offlineAnswer({ prompt: userText, ...(request.system && { system: request.system }) }),
    );
  }
  const earlier = request.messages.reduce((n, m) => n + (m.role === 'assistant' ? m.toolCalls.length : 0), 0);
  return {
    text: '',
    toolCalls: [
      {
        id: `offline_call_${earlier + 1}`,
        name: tool.name,
        arguments: argumentsFrom(tool.parameters, userText),
      },
    ],
  };
}

/**
 * The final turn: `text`, or with an answer schema, JSON matching it made from `text` (as tool
 * arguments are made from the message: required fields only, strings holding the text).
 */
function answered(request: ToolTurnRequest, text: string): ToolTurn {
  if (!request.answerSchema) return { text, toolCalls: [] };
  return { text: JSON.stringify(valueFor(request.answerSchema, text, 0)), toolCalls: [] };
}

/** The first tool whose name or description shares a word with the message, else the first. */
function toolFor(tools: readonly ToolSpec[], message: string): ToolSpec | undefined {
  const said = contentWords(message);
  const shares = (tool: ToolSpec) => {
    const name = tool.name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
    return [...contentWords(`${name} ${tool.description}`)].some((word) => said.has(word));
  };
  return tools.find(shares) ?? tools[0];
}

/**
 * Arguments from the user's message: each required parameter gets the message for a string (cut
 * at `maxLength`), 1 for a number (kept within its bounds), true for a boolean, the first value of
 * an enum (or its const); a required object gets its own required parameters, an array one item.
 */
export function argumentsFrom(parameters: JsonSchema, message: string): Record<string, unknown> {
  const value = valueFor(parameters, message, 0);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function valueFor(schema: JsonSchema, message: string, depth: number): unknown {
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches.length > 0) {
    return valueFor(branches.find((b) => b?.type !== 'null') ?? branches[0]!, message, depth + 1);
  }
  const types = Array.isArray(schema.type) ? (schema.type as unknown[]) : [schema.type];
  const type = types.find((t) => t !== 'null') ?? types[0];
  if (depth > 6) return null;
  switch (type) {
    case 'object': {
      const properties = (isRecord(schema.properties) ? schema.properties : {}) as Record<string, JsonSchema>;
      const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
      return Object.fromEntries(
        required.map((key) => [
          key,
          valueFor(isRecord(properties[key]) ? properties[key] : {}, message, depth + 1),
        ]),
      );
    }
    case 'array':
      return [valueFor(isRecord(schema.items) ? schema.items : {}, message, depth + 1)];
    case 'number':
    case 'integer': {
      const low = typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : -Infinity;
      const high = typeof schema.maximum === 'number' ? Math.floor(schema.maximum) : Infinity;
      return Math.min(Math.max(1, low), high);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return typeof schema.maxLength === 'number' ? message.slice(0, schema.maxLength) : message;
  }
}

/** `[Offline preview] From <tool>: <content>` for each result (`<tool> failed: <content>` for an error). */
function answerFromResults(results: readonly { name: string; content: string; isError?: boolean }[]): string {
  const said = results.map((r) =>
    r.isError ? `${r.name} failed: ${clip(r.content)}` : `From ${r.name}: ${clip(r.content)}`,
  );
  return `${OFFLINE_MARKER} ${said.join(' ')}`;
}

function clip(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > 1000 ? `${trimmed.slice(0, 1000)}…` : trimmed;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
