import {
  answerFromToolResults,
  CARELESS_MODEL,
  carelessArguments,
  nextToolToCall,
  valueFor,
  type Json,
} from './fake-vendor-answers';

/**
 * How the fake Anthropic API (fake-anthropic-server.ts) takes part in a conversation with tools,
 * as the Messages API does: it checks that every `tool_use` is answered by a `tool_result` in the
 * next message (and no result answers a call that was not made), calls a tool when the user has
 * spoken, then each other tool the user named, one a turn, and answers from the results once it
 * has called them all.
 */

export type Block = Json & { type: string };
export type Message = { role: string; content: string | Block[] };
export type Content =
  { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

interface Tool {
  name: string;
  input_schema: Json;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;

/** What is wrong with a request's `tools`, in the vendor's words, or undefined. */
export function toolsProblem(tools: unknown): string | undefined {
  if (tools === undefined) return undefined;
  if (!Array.isArray(tools)) return 'tools: Input should be a valid list';
  for (const [index, tool] of (tools as Json[]).entries()) {
    if (typeof tool?.name !== 'string' || !TOOL_NAME.test(tool.name)) {
      return `tools.${index}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`;
    }
    const schema = tool.input_schema as Json | undefined;
    if (typeof schema !== 'object' || schema === null) return `tools.${index}.input_schema: Field required`;
    if (schema.type !== 'object') return `tools.${index}.input_schema.type: Input should be 'object'`;
  }
  return undefined;
}

/**
 * The vendor's 400 for tool calls and results that do not pair up: a `tool_use` whose result is
 * not in the next message, or a `tool_result` for a call the previous message did not make.
 */
export function toolPairsProblem(messages: Message[]): string | undefined {
  for (const [index, message] of messages.entries()) {
    const made = new Set(callsOf(messages[index - 1]).map((c) => c.id));
    const blocks = resultsOf(message);
    const stray = blocks.find((b) => !made.has(String(b.tool_use_id)));
    if (stray) {
      const at = (message.content as Block[]).indexOf(stray);
      return `messages.${index}.content.${at}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(stray.tool_use_id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
    }
  }
  for (const [index, message] of messages.entries()) {
    const answered = new Set(resultsOf(messages[index + 1]).map((r) => r.tool_use_id));
    const unanswered = callsOf(message)
      .map((c) => c.id)
      .filter((id) => !answered.has(id));
    if (unanswered.length > 0) {
      return `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${unanswered.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
    }
  }
  return undefined;
}

/**
 * The model's turn when it may choose among `tools` (`tool_choice` auto or any), from the
 * conversation since the user last spoke (a message with text, not only tool results): a short
 * sentence and a call of the next tool the prompt means (`nextToolToCall`), its input built from
 * the tool's schema; once it has called them all, text quoting their results. The careless model
 * (`CARELESS_MODEL`) gets its first call's input wrong. Undefined when it answers text as usual
 * (no tools, or `tool_choice: none`).
 */
export function toolTurnContent(request: Json & { messages: Message[] }): Content[] | undefined {
  const tools = (Array.isArray(request.tools) ? request.tools : []) as Tool[];
  const choice = (request.tool_choice as { type?: string } | undefined)?.type ?? 'auto';
  if (tools.length === 0 || choice === 'none') return undefined;
  const { messages } = request;
  const spoke = messages.findLastIndex((m) => m.role === 'user' && spokenText(m) !== '');
  const prompt = spoke >= 0 ? spokenText(messages[spoke]!) : '';
  const since = messages.slice(spoke + 1);
  const calls = since.flatMap(callsOf);
  const careless = request.model === CARELESS_MODEL;
  const called = calls.map((c) => c.name);
  const tool = nextToolToCall(tools, prompt, careless ? called.slice(1) : called);
  if (!tool) {
    const names = new Map(calls.map((c) => [c.id, c.name]));
    const text = answerFromToolResults(
      since.flatMap(resultsOf).map((r) => ({
        name: names.get(String(r.tool_use_id)) ?? 'a tool',
        content: resultText(r.content),
        isError: r.is_error === true,
      })),
    );
    return [{ type: 'text', text }];
  }
  const earlier = messages.flatMap(callsOf).length;
  return [
    { type: 'text', text: `I will call ${tool.name}.` },
    {
      type: 'tool_use',
      id: `toolu_fake${String(earlier + 1).padStart(2, '0')}`,
      name: tool.name,
      input:
        careless && calls.length === 0
          ? carelessArguments(tool.input_schema)
          : valueFor(tool.input_schema, prompt),
    },
  ];
}

/** What a user message says in words (its text blocks; tool results are not words of the user's). */
function spokenText(message: Message): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text))
    .join(' ');
}

function callsOf(message: Message | undefined): { id: string; name: string }[] {
  if (message?.role !== 'assistant' || typeof message.content === 'string') return [];
  return message.content
    .filter((b) => b.type === 'tool_use')
    .map((b) => ({ id: String(b.id), name: String(b.name) }));
}

function resultsOf(message: Message | undefined): Block[] {
  if (message?.role !== 'user' || typeof message.content === 'string') return [];
  return message.content.filter((b) => b.type === 'tool_result');
}

/** A result's content: a string, or text blocks. */
function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Block[])
    .filter((b) => b.type === 'text')
    .map((b) => String(b.text))
    .join(' ');
}
