import { answerFromToolResults, isObject, toolToCall, valueFor, type Json } from './fake-vendor-answers';

/**
 * How the fake Ollama server (fake-ollama-server.ts) takes part in a conversation with tools
 * (`tools` in `/api/chat`): it calls the tool the prompt names (else the first) with arguments built
 * from its schema, answers from the `role: 'tool'` messages once it has them, and refuses tools for
 * a model whose `show` capabilities lack them, and tool messages that answer no call.
 */

export interface ChatMessage {
  role?: unknown;
  content?: unknown;
  images?: unknown;
  tool_calls?: unknown;
  tool_name?: unknown;
}

interface ToolFunction {
  name: string;
  parameters?: Json;
}

/** The model's turn with tools: text, and the calls it makes (none once it has the results). */
export interface ToolChatTurn {
  content: string;
  toolCalls: { function: { name: string; arguments: unknown } }[];
}

/** What is wrong with the request's tools and tool messages, in the server's words, or undefined. */
export function toolsProblem(tools: unknown, messages: ChatMessage[]): string | undefined {
  if (tools !== undefined && !Array.isArray(tools)) {
    return 'json: cannot unmarshal object into Go struct field ChatRequest.tools of type api.Tools';
  }
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'tool') continue;
    const before = messages.slice(0, index).reverse();
    const call = before.find((m) => m.role !== 'tool');
    const names = callsOf(call).map((c) => c.function.name);
    if (!names.includes(String(message.tool_name))) {
      return `invalid message ${index}: tool "${String(message.tool_name)}" answers no tool call of the assistant message before it`;
    }
  }
  return undefined;
}

/**
 * The turn when the request offers tools: text quoting the results when the last messages are
 * tool results, else a call of the tool the prompt names. Undefined without tools.
 */
export function toolChatTurn(
  tools: unknown,
  messages: ChatMessage[],
  prompt: string,
): ToolChatTurn | undefined {
  const functions = (Array.isArray(tools) ? tools : [])
    .map((tool: unknown) => (isObject(tool) ? tool.function : undefined))
    .filter((fn): fn is ToolFunction => isObject(fn) && typeof fn.name === 'string');
  if (functions.length === 0) return undefined;
  const results: ChatMessage[] = [];
  for (const message of [...messages].reverse()) {
    if (message.role !== 'tool') break;
    results.unshift(message);
  }
  if (results.length > 0) {
    const content = answerFromToolResults(
      results.map((r) => ({ name: String(r.tool_name), content: String(r.content ?? '') })),
    );
    return { content, toolCalls: [] };
  }
  const tool = toolToCall(functions, prompt)!;
  return {
    content: '',
    toolCalls: [{ function: { name: tool.name, arguments: valueFor(tool.parameters ?? {}, prompt) } }],
  };
}

function callsOf(message: ChatMessage | undefined): { function: { name: string } }[] {
  if (message?.role !== 'assistant' || !Array.isArray(message.tool_calls)) return [];
  return message.tool_calls as { function: { name: string } }[];
}
