import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  answerTo,
  FAKE_VENDOR_KEY,
  imageNote,
  listenOnLoopback,
  readJsonBody,
  sendJson as sendJsonAs,
  splitInPieces,
  startEventStream,
  tokenCount,
  valueFor,
  writeEvent,
  type Json,
  type RecordedRequest,
} from './fake-vendor-answers';
import {
  toolPairsProblem,
  toolsProblem,
  toolTurnContent,
  type Content,
  type Message,
} from './fake-anthropic-tools';

/**
 * A small Anthropic API on 127.0.0.1, speaking the Messages and Models wire format as the vendor
 * documents it (`POST /v1/messages`, plain or as server-sent events, `GET /v1/models` paged), so
 * the real `@anthropic-ai/sdk` can be pointed at it. Every answer is made from the request:
 * - text: `Answer to: <last user text>`, streamed in several pieces; an image in the message is
 *   acknowledged first (`I see a 1x1 image/png image.`);
 * - a forced tool (`tool_choice: { type: 'tool', name }`): a `tool_use` block whose input is built
 *   from that tool's `input_schema` (so a request without a schema gets no structured answer);
 * - tools the model may choose (fake-anthropic-tools.ts): a sentence and a `tool_use` of the tool
 *   the prompt names, else the first (`stop_reason: tool_use`), then of each other tool it names,
 *   one a turn; once it has called them all, text quoting the `tool_result`s (`Based on <tool>:
 *   <content>`); results that do not answer the calls of the message before are refused (400), as
 *   the API does; the model `careless-model` gets its first call's input wrong (not what the
 *   tool's schema asks), and calls again with a good one;
 * - usage: token counts derived from the lengths of the request's and the answer's text.
 * Errors come as the vendor sends them, triggered by the request: a key other than `test-key`
 * (401), a missing `anthropic-version` or required field, or a sampling parameter the API version
 * does not take (400), and the models `missing-model`
 * (404), `busy-model` (429, `retry-after: 7`), `overloaded-model` (529) and `stalling-model` (the
 * answer starts, then nothing more is sent until the server closes).
 */

export const FAKE_ANTHROPIC_KEY = FAKE_VENDOR_KEY;

/** The models the fake lists, newest first, as `GET /v1/models` describes them. */
export const FAKE_ANTHROPIC_MODELS = [
  {
    type: 'model',
    id: 'claude-sonnet-5-5',
    display_name: 'Claude Sonnet 5.5',
    created_at: '2026-10-21T00:00:00Z',
    max_input_tokens: 1_000_000,
  },
  {
    type: 'model',
    id: 'claude-sonnet-4-6',
    display_name: 'Claude Sonnet 4.6',
    created_at: '2026-02-17T00:00:00Z',
    max_input_tokens: 200_000,
  },
  {
    type: 'model',
    id: 'claude-haiku-4-5-20251001',
    display_name: 'Claude Haiku 4.5',
    created_at: '2025-10-01T00:00:00Z',
    max_input_tokens: null,
  },
] as const;

/** A request as the fake received it (a body that is not JSON is kept as its text). */
export type { RecordedRequest } from './fake-vendor-answers';

export interface FakeAnthropic {
  /** The base URL to give the SDK (no `/v1`: the SDK adds it). */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface FakeAnthropicOptions {
  /** The most models one page of `GET /v1/models` holds (the service allows 1000; lower it to see paging). */
  maxPageSize?: number;
}

export async function startFakeAnthropic(options: FakeAnthropicOptions = {}): Promise<FakeAnthropic> {
  const requests: RecordedRequest[] = [];
  const server = await listenOnLoopback(async (req, res) => {
    const { raw, body, invalid } = await readJsonBody(req);
    requests.push({
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: invalid ? raw : body,
    });
    if (invalid) return sendError(res, 400, 'invalid_request_error', 'The request body is not valid JSON.');
    route(req, body, res, options);
  });
  return { url: server.url, requests, close: server.close };
}

function route(
  req: IncomingMessage,
  body: unknown,
  res: ServerResponse,
  options: FakeAnthropicOptions,
): void {
  const url = new URL(req.url ?? '/', 'http://fake');
  const version = req.headers['anthropic-version'];
  if (typeof version !== 'string' || !version) {
    return sendError(res, 400, 'invalid_request_error', 'anthropic-version: header is required');
  }
  if (keyOf(req.headers) !== FAKE_ANTHROPIC_KEY) {
    return sendError(res, 401, 'authentication_error', 'invalid x-api-key');
  }
  if (req.method === 'GET' && url.pathname === '/v1/models')
    return listModels(url, res, options.maxPageSize ?? 1000);
  if (req.method === 'POST' && url.pathname === '/v1/messages') return createMessage(body, version, res);
  sendError(res, 404, 'not_found_error', `Not found: ${req.method} ${url.pathname}`);
}

/**
 * The API key: `Authorization: Bearer <key>` (what the SDKs send since API version 2026-10-21) or
 * `x-api-key: <key>` (the header of earlier versions, still accepted).
 */
function keyOf(headers: IncomingHttpHeaders): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  const key = headers['x-api-key'];
  return bearer ?? (typeof key === 'string' ? key : undefined);
}

function listModels(url: URL, res: ServerResponse, maxPageSize: number): void {
  const asked = Number(url.searchParams.get('limit') ?? 20);
  if (!Number.isInteger(asked) || asked < 1 || asked > 1000) {
    return sendError(res, 400, 'invalid_request_error', 'limit: Input should be between 1 and 1000');
  }
  const limit = Math.min(asked, maxPageSize);
  const ids = FAKE_ANTHROPIC_MODELS.map((m) => m.id as string);
  const after = url.searchParams.get('after_id');
  const before = url.searchParams.get('before_id');
  let start = 0;
  let end = ids.length;
  if (after !== null) start = ids.indexOf(after) + 1;
  if (before !== null) end = Math.max(0, ids.indexOf(before));
  if (before !== null) start = Math.max(0, end - limit);
  const page = FAKE_ANTHROPIC_MODELS.slice(start, Math.min(end, start + limit));
  sendJson(res, 200, {
    data: page,
    has_more: before !== null ? start > 0 : start + limit < end,
    first_id: page[0]?.id ?? null,
    last_id: page.at(-1)?.id ?? null,
  });
}

/** What is wrong with a Messages request, in the vendor's words, or undefined when it is complete. */
function missingField(body: unknown, version: string): string | undefined {
  if (typeof body !== 'object' || body === null) return 'body: Input should be an object';
  const request = body as Json;
  if (typeof request.model !== 'string' || !request.model) return 'model: Field required';
  if (!Number.isInteger(request.max_tokens) || (request.max_tokens as number) < 1) {
    return 'max_tokens: Field required';
  }
  const messages = request.messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'messages: Field required';
  for (const [index, message] of messages.entries()) {
    const { role, content } = (message ?? {}) as Json;
    if (role !== 'user' && role !== 'assistant')
      return `messages.${index}.role: Input should be 'user' or 'assistant'`;
    if (typeof content !== 'string' && !Array.isArray(content))
      return `messages.${index}.content: Field required`;
  }
  if ((messages.at(-1) as Message).role !== 'user')
    return 'messages: the last message must have the user role';
  // API version 2026-10-21 takes no sampling parameters.
  const sampling = ['temperature', 'top_p', 'top_k'].find((name) => name in request);
  if (sampling && version >= '2026-10-21') return `${sampling}: Extra inputs are not permitted`;
  return toolsProblem(request.tools) ?? toolPairsProblem(messages as Message[]);
}

function createMessage(body: unknown, version: string, res: ServerResponse): void {
  const problem = missingField(body, version);
  if (problem) return sendError(res, 400, 'invalid_request_error', problem);
  const request = body as Json & { model: string; messages: Message[]; stream?: boolean };
  if (request.model === 'missing-model')
    return sendError(res, 404, 'not_found_error', `model: ${request.model}`);
  if (request.model === 'busy-model') {
    return sendError(
      res,
      429,
      'rate_limit_error',
      'Number of request tokens has exceeded your per-minute rate limit',
      {
        'retry-after': '7',
      },
    );
  }
  if (request.model === 'overloaded-model') return sendError(res, 529, 'overloaded_error', 'Overloaded');
  let content: Content[];
  try {
    content = answerFor(request);
  } catch (error) {
    return sendError(res, 400, 'invalid_request_error', (error as Error).message);
  }
  const usage = {
    input_tokens: tokenCount(JSON.stringify(request.messages) + String(request.system ?? '')),
    output_tokens: tokenCount(JSON.stringify(content)),
  };
  const message = {
    id: 'msg_fake01',
    type: 'message',
    role: 'assistant',
    model: request.model,
    content,
    stop_reason: content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage,
  };
  if (request.stream === true) return streamMessage(res, message, request.model === 'stalling-model');
  if (request.model === 'stalling-model') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"id":"msg_fake01",');
    return;
  }
  sendJson(res, 200, message);
}

/** The answer's content blocks: a forced tool's input, a turn with tools, else text from the last user turn. */
export function answerFor(request: Json & { messages: Message[] }): Content[] {
  const choice = request.tool_choice as { type?: string; name?: string } | undefined;
  const prompt = lastUserText(request.messages);
  if (choice?.type === 'tool') {
    const tools = (Array.isArray(request.tools) ? request.tools : []) as Json[];
    const tool = tools.find((t) => t.name === choice.name);
    if (!tool) return fail(`tool_choice.name: no tool named "${String(choice.name)}" in tools`);
    if (typeof tool.input_schema !== 'object' || tool.input_schema === null) {
      return fail(`tools.${tools.indexOf(tool)}.input_schema: Field required`);
    }
    const schema = tool.input_schema as Json;
    if (schema.type !== 'object')
      return fail(`tools.${tools.indexOf(tool)}.input_schema.type: Input should be 'object'`);
    return [
      {
        type: 'tool_use',
        id: 'toolu_fake01',
        name: tool.name as string,
        input: valueFor(schema, prompt),
      },
    ];
  }
  return (
    toolTurnContent(request) ?? [{ type: 'text', text: `${imageNotes(request.messages)}${answerTo(prompt)}` }]
  );
}

function fail(message: string): never {
  throw new Error(message);
}

/** The text of the last user message's text blocks (tool results are read as text too). */
function lastUserText(messages: Message[]): string {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return last.content
    .map((block) =>
      block.type === 'text' ? String(block.text) : block.type === 'tool_result' ? String(block.content) : '',
    )
    .filter(Boolean)
    .join(' ');
}

/** `I see a 1x1 image/png image. ` for each base64 image of the last user message. */
function imageNotes(messages: Message[]): string {
  const last = messages.at(-1);
  if (!last || typeof last.content === 'string') return '';
  return last.content
    .filter((block) => block.type === 'image')
    .map((block) => {
      const source = block.source as { type?: string; media_type?: string; data?: string } | undefined;
      if (source?.type !== 'base64' || !source.data)
        return fail('image.source: a base64 source with data is required');
      return `${imageNote(source.data, source.media_type)} `;
    })
    .join('');
}

/**
 * Sends `message` as the documented event sequence, each block in pieces (text deltas, tool input
 * as JSON deltas); a stalling answer stops after its first piece.
 */
function streamMessage(
  res: ServerResponse,
  message: Json & { content: Content[]; usage: { output_tokens: number } },
  stall: boolean,
): void {
  startEventStream(res);
  const send = (event: string, data: Json) => writeEvent(res, { type: event, ...data }, { event });
  send('message_start', {
    message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } },
  });
  for (const [index, block] of message.content.entries()) {
    send('content_block_start', {
      index,
      content_block: block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} },
    });
    if (index === 0) send('ping', {});
    const pieces =
      block.type === 'text' ? splitInPieces(block.text) : splitInPieces(JSON.stringify(block.input));
    for (const piece of stall ? pieces.slice(0, 1) : pieces) {
      const delta =
        block.type === 'text'
          ? { type: 'text_delta', text: piece }
          : { type: 'input_json_delta', partial_json: piece };
      send('content_block_delta', { index, delta });
    }
    if (stall) return; // ...and nothing more, until the server closes.
    send('content_block_stop', { index });
  }
  send('message_delta', {
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: { output_tokens: message.usage.output_tokens },
  });
  send('message_stop', {});
  res.end();
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  sendJsonAs(res, status, body, { 'request-id': 'req_fake01', ...headers });
}

function sendError(
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { type: 'error', error: { type, message } }, headers);
}
