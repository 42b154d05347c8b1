import {
  answerFromToolResults,
  CARELESS_MODEL,
  carelessArguments,
  isObject,
  nextToolToCall,
  valueFor,
  type Json,
  type ToolAnswer,
} from './fake-vendor-answers';

/**
 * How the fake OpenAI API (fake-openai-server.ts) answers a request with `tools`, as the Chat
 * Completions API does: the user has spoken, so the model calls the tool the prompt names (else
 * the first) with arguments built from its parameters schema; a tool has answered, so it calls
 * the next tool the prompt names, one a turn, and once it has called them all answers text
 * quoting their results. Requests the API would refuse are refused with its message.
 */

type Message = { role?: unknown; content?: unknown; tool_calls?: unknown; tool_call_id?: unknown };

/** A tool call as the API sends it, its arguments as JSON text. */
export interface FakeToolCall {
  id: string;
  name: string;
  arguments: string;
}

export type ToolReply = { call: FakeToolCall } | { text: string };

/** Why the API would refuse the request's tools or tool messages (with the parameter at fault), if it would. */
export function toolRequestProblem(body: Json): { message: string; param: string } | undefined {
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools) || body.tools.length === 0) {
      return {
        message: "Invalid 'tools': empty array. Expected an array with minimum length 1.",
        param: 'tools',
      };
    }
    for (const [i, tool] of (body.tools as unknown[]).entries()) {
      const fn =
        isObject(tool) && tool.type === 'function' && isObject(tool.function) ? tool.function : undefined;
      if (!fn || typeof fn.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(fn.name)) {
        return {
          message: `Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
          param: `tools[${i}].function.name`,
        };
      }
    }
  }
  const called = new Set<string>();
  for (const [i, message] of ((body.messages ?? []) as Message[]).entries()) {
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
      for (const call of message.tool_calls as unknown[]) if (isObject(call)) called.add(String(call.id));
    }
    if (message.role === 'tool' && !called.has(String(message.tool_call_id))) {
      return {
        message:
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
        param: `messages.[${i}].role`,
      };
    }
  }
  return undefined;
}

/**
 * The model's reply to a request with tools, from the conversation since the last user message
 * (`userText`): a call of the next tool the prompt means (`nextToolToCall`), arguments built from
 * its parameters schema; once it has called them all, text quoting their results; undefined for
 * anything else (answered as without tools). The `mangling-model` cuts its calls' arguments short
 * (not JSON); the careless model (`CARELESS_MODEL`) gets its first call's arguments wrong.
 */
export function toolReply(body: Json, userText: string, model: string): ToolReply | undefined {
  const tools = Array.isArray(body.tools) ? (body.tools as { function: Json }[]).map((t) => t.function) : [];
  const messages = (body.messages ?? []) as Message[];
  const last = messages[messages.length - 1];
  if ((last?.role !== 'user' && last?.role !== 'tool') || tools.length === 0) return undefined;
  const since = messages.slice(messages.map((m) => m.role).lastIndexOf('user') + 1);
  const calls = since.flatMap((m) =>
    m.role === 'assistant' && Array.isArray(m.tool_calls) ? (m.tool_calls as Json[]) : [],
  );
  const called = calls.map((call) => String((call.function as Json | undefined)?.name));
  const careless = model === CARELESS_MODEL;
  const named = tools.map((fn) => ({ name: String(fn.name), parameters: fn.parameters }));
  const tool = nextToolToCall(named, userText, careless ? called.slice(1) : called);
  if (!tool) return { text: answerFromToolResults(resultsOf(since)) };
  const schema = isObject(tool.parameters) ? tool.parameters : { type: 'object', properties: {} };
  const args = JSON.stringify(
    careless && calls.length === 0 ? carelessArguments(schema) : valueFor(schema, userText),
  );
  const earlier = messages.filter((m) => m.role === 'assistant' && Array.isArray(m.tool_calls)).length;
  return {
    call: {
      id: `call_fake${String(earlier + 1).padStart(2, '0')}`,
      name: tool.name,
      arguments: model === 'mangling-model' ? args.slice(0, Math.max(1, args.length - 2)) : args,
    },
  };
}

/** The tool results of `messages`, named after the calls they answer. */
function resultsOf(messages: Message[]): ToolAnswer[] {
  const names = new Map<string, string>();
  for (const message of messages) {
    if (message.role !== 'assistant' || !Array.isArray(message.tool_calls)) continue;
    for (const call of message.tool_calls as Json[]) {
      if (isObject(call.function)) names.set(String(call.id), String(call.function.name));
    }
  }
  return messages
    .filter((message) => message.role === 'tool')
    .map((message) => ({
      name: names.get(String(message.tool_call_id)) ?? 'tool',
      content: typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    }));
}
