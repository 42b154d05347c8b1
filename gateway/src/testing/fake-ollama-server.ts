import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { fakeEmbedding } from './fake-embeddings';
import {
  answerTo,
  FAKE_VENDOR_KEY,
  imageNote,
  isObject,
  listenOnLoopback,
  readJsonBody,
  sendJson as sendJsonAs,
  splitInPieces,
  tokenCount,
  valueFor,
  type Json,
} from './fake-vendor-answers';
import { toolChatTurn, toolsProblem, type ChatMessage } from './fake-ollama-tools';

/**
 * A small Ollama server for tests, speaking the native API as its documentation describes it:
 * `POST /api/chat` (NDJSON stream by default, one JSON object with `stream: false`), `GET /api/tags`,
 * `POST /api/show`, `GET /api/version`, and errors as `{ "error": "..." }`. Every answer is made from
 * the request: the text from the last user message, structured answers from the `format` schema,
 * token counts from the text lengths; given `tools`, a call of the tool the prompt names, then
 * `Based on <tool>: <content>` from the `role: 'tool'` messages (fake-ollama-tools.ts). Some model names act out failures (`busy-model`: 429 with
 * `retry-after: 7`; `overloaded-model`: 503; `stalling-model`: a stream that stops sending); a model
 * neither listed nor one of those is not found (404), as on a server that never pulled it.
 */

/** A model as the fake lists it (`GET /api/tags`) and shows it (`POST /api/show`). */
export interface FakeOllamaModel {
  name: string;
  /** `general.architecture`: the prefix of the model's `model_info` keys. */
  architecture: string;
  parameterSize: string;
  quantization: string;
  /** What `show` says it can do; leave out to answer like servers older than 0.6.4 (no field). */
  capabilities?: string[];
  contextLength?: number;
}

export const FAKE_OLLAMA_MODELS: readonly FakeOllamaModel[] = [
  {
    name: 'llama3.2:1b',
    architecture: 'llama',
    parameterSize: '1.2B',
    quantization: 'Q8_0',
    capabilities: ['completion', 'tools'],
    contextLength: 131072,
  },
  {
    name: 'gemma3:4b',
    architecture: 'gemma3',
    parameterSize: '4.3B',
    quantization: 'Q4_K_M',
    capabilities: ['completion', 'vision'],
    contextLength: 131072,
  },
  {
    name: 'nomic-embed-text:latest',
    architecture: 'nomic-bert',
    parameterSize: '137M',
    quantization: 'F16',
    capabilities: ['embedding'],
    contextLength: 2048,
  },
];

/** The key a fake started with `requireKey` accepts, as `Authorization: Bearer test-key`. */
export const FAKE_OLLAMA_KEY = FAKE_VENDOR_KEY;

export interface FakeOllamaOptions {
  /** Answer 401 unless the request carries `Authorization: Bearer test-key` (a proxy in front). */
  requireKey?: boolean;
  /** The pulled models (default `FAKE_OLLAMA_MODELS`). */
  models?: readonly FakeOllamaModel[];
}

/** A request as the fake received it. */
export interface FakeOllamaRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed; undefined when there was none. */
  body: Record<string, unknown> | undefined;
}

export interface FakeOllama {
  /** The server's root, as `OLLAMA_HOST` takes it: `http://127.0.0.1:<port>`. */
  url: string;
  requests: FakeOllamaRequest[];
  close(): Promise<void>;
}

const CREATED_AT = '2025-05-01T10:00:00.000000Z';

export async function startFakeOllama(options: FakeOllamaOptions = {}): Promise<FakeOllama> {
  const models = options.models ?? FAKE_OLLAMA_MODELS;
  const requests: FakeOllamaRequest[] = [];
  const server = await listenOnLoopback(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const read = await readJsonBody(req);
    const body = isObject(read.body) ? read.body : undefined;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (read.invalid) return sendError(res, 400, 'invalid character in request body');
    if (options.requireKey && req.headers.authorization !== `Bearer ${FAKE_OLLAMA_KEY}`) {
      return sendError(res, 401, 'unauthorized');
    }
    route(req, res, path, body, models);
  });
  return { url: server.url, requests, close: server.close };
}

function route(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  body: Json | undefined,
  models: readonly FakeOllamaModel[],
): void {
  const routes: Record<string, [string, () => void]> = {
    '/api/chat': ['POST', () => chat(res, body, models)],
    '/api/tags': ['GET', () => sendJson(res, 200, { models: models.map(listed) })],
    '/api/show': ['POST', () => show(res, body, models)],
    '/api/version': ['GET', () => sendJson(res, 200, { version: '0.12.6' })],
    '/api/embed': ['POST', () => embed(res, body, models)],
  };
  const found = routes[path];
  if (!found) return sendText(res, 404, '404 page not found');
  if (found[0] !== req.method) return sendText(res, 405, '405 method not allowed');
  found[1]();
}

function chat(res: ServerResponse, body: Json | undefined, models: readonly FakeOllamaModel[]): void {
  if (!body) return sendError(res, 400, 'missing request body');
  const model = body.model;
  if (typeof model !== 'string' || !model) return sendError(res, 400, 'model is required');
  if (body.messages !== undefined && !Array.isArray(body.messages)) {
    return sendError(res, 400, 'json: cannot unmarshal messages into Go struct field ChatRequest.messages');
  }
  const format = body.format;
  if (format !== undefined && format !== '' && format !== 'json' && !isObject(format)) {
    return sendError(res, 400, 'invalid format: expected "json" or a valid JSON schema');
  }
  if (model === 'busy-model') return sendError(res, 429, 'too many requests', { 'retry-after': '7' });
  if (model === 'overloaded-model') {
    return sendError(res, 503, 'server busy, please try again.  maximum pending requests exceeded');
  }
  if (model !== 'stalling-model' && !models.some((m) => m.name === model)) {
    return sendError(res, 404, `model '${model}' not found`);
  }
  const messages = (body.messages ?? []) as ChatMessage[];
  const hasTools = Array.isArray(body.tools) && body.tools.length > 0;
  const capabilities = models.find((m) => m.name === model)?.capabilities;
  if (hasTools && capabilities && !capabilities.includes('tools')) {
    return sendError(res, 400, `registry.ollama.ai/library/${model} does not support tools`);
  }
  const problem = toolsProblem(body.tools, messages);
  if (problem) return sendError(res, 400, problem);
  const turn = toolChatTurn(body.tools, messages, lastUserText(messages));
  const content = turn ? turn.content : answerContent(messages, format);
  const toolCalls = turn?.toolCalls.length ? { tool_calls: turn.toolCalls } : {};
  const promptTokens = tokenCount(messages.map((m) => String(m.content ?? '')).join('\n'));
  const done = {
    model,
    created_at: CREATED_AT,
    message: { role: 'assistant', content: '' },
    done: true,
    done_reason: 'stop',
    total_duration: 1_200_000_000,
    load_duration: 50_000_000,
    prompt_eval_count: promptTokens,
    prompt_eval_duration: 100_000_000,
    eval_count: tokenCount(content + (turn?.toolCalls.length ? JSON.stringify(turn.toolCalls) : '')),
    eval_duration: 900_000_000,
  };
  if (body.stream === false) {
    return sendJson(res, 200, { ...done, message: { role: 'assistant', content, ...toolCalls } });
  }
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  const line = (piece: string, extra: Json = {}) =>
    `${JSON.stringify({ model, created_at: CREATED_AT, message: { role: 'assistant', content: piece, ...extra }, done: false })}\n`;
  const parts = splitInPieces(content);
  if (model === 'stalling-model') {
    res.write(line(parts[0] ?? ''));
    return; // ...and nothing more until the connection is closed.
  }
  for (const piece of parts) res.write(line(piece));
  // Each tool call comes whole, in a line of its own.
  if (toolCalls.tool_calls) res.write(line('', toolCalls));
  res.end(`${JSON.stringify(done)}\n`);
}

/** The assistant's answer to a conversation: text, or JSON when `format` asks for it. */
function answerContent(messages: ChatMessage[], format: unknown): string {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const prompt = lastUserText(messages);
  const seen = Array.isArray(last?.images) ? last.images.map((image) => imageNote(String(image))) : [];
  const text = [...seen, answerTo(prompt)].join(' ');
  if (format === 'json') return JSON.stringify({ answer: text });
  if (isObject(format)) return JSON.stringify(valueFor(format, text));
  return text;
}

function lastUserText(messages: ChatMessage[]): string {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

function show(res: ServerResponse, body: Json | undefined, models: readonly FakeOllamaModel[]): void {
  const name = body?.model ?? body?.name;
  if (typeof name !== 'string' || !name) return sendError(res, 400, 'model is required');
  const model = models.find((m) => m.name === name);
  if (!model) return sendError(res, 404, `model '${name}' not found`);
  const info: Json = { 'general.architecture': model.architecture, 'general.parameter_count': 1_000_000_000 };
  if (model.contextLength !== undefined) info[`${model.architecture}.context_length`] = model.contextLength;
  sendJson(res, 200, {
    license: '',
    modelfile: `# Modelfile generated by "ollama show"\nFROM ${model.name}\n`,
    parameters: 'stop "<|eot_id|>"',
    template: '{{ .Prompt }}',
    details: details(model),
    model_info: info,
    ...(model.capabilities ? { capabilities: model.capabilities } : {}),
    modified_at: CREATED_AT,
  });
}

function listed(model: FakeOllamaModel): Json {
  return {
    name: model.name,
    model: model.name,
    modified_at: CREATED_AT,
    size: 1_321_098_329,
    digest: `${Buffer.from(model.name).toString('hex').padEnd(64, '0').slice(0, 64)}`,
    details: details(model),
  };
}

function details(model: FakeOllamaModel): Json {
  return {
    parent_model: '',
    format: 'gguf',
    family: model.architecture,
    families: [model.architecture],
    parameter_size: model.parameterSize,
    quantization_level: model.quantization,
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  sendJsonAs(res, status, body, { 'content-type': 'application/json; charset=utf-8', ...headers });
}

function sendError(res: ServerResponse, status: number, error: string, headers: Record<string, string> = {}) {
  sendJson(res, status, { error }, headers);
}

function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(text);
}

/** `POST /api/embed`: one vector per input (`fakeEmbedding`), from a pulled embedding model only. */
function embed(res: ServerResponse, body: Json | undefined, models: readonly FakeOllamaModel[]): void {
  const name = body?.model;
  if (typeof name !== 'string' || !name) return sendError(res, 400, 'model is required');
  const model = models.find((m) => m.name === name || m.name === `${name}:latest`);
  if (!model) return sendError(res, 404, `model "${name}" not found, try pulling it first`);
  if (!model.capabilities?.includes('embedding'))
    return sendError(res, 400, `"${name}" does not support embeddings`);
  const input = typeof body?.input === 'string' ? [body.input] : Array.isArray(body?.input) ? body.input : [];
  const texts = input.map((text) => (typeof text === 'string' ? text : ''));
  sendJson(res, 200, {
    model: name,
    embeddings: texts.map(fakeEmbedding),
    total_duration: 1_000_000,
    load_duration: 100_000,
    prompt_eval_count: texts.reduce((sum, text) => sum + text.split(/\s+/).length, 0),
  });
}
