import type { ServerResponse } from 'node:http';
import {
  answerTo,
  CARELESS_MODEL,
  FAKE_VENDOR_KEY,
  imageNote,
  isObject,
  listenOnLoopback,
  pngFor,
  readJsonBody,
  sendJson,
  splitInPieces,
  startEventStream,
  tokenCount,
  valueFor,
  writeEvent,
  type Json,
  type RecordedRequest,
} from './fake-vendor-answers';
import { fakeEmbedding } from './fake-embeddings';
import { toolReply, toolRequestProblem, type FakeToolCall } from './fake-openai-tools';

/**
 * A small OpenAI API on 127.0.0.1 speaking the documented wire format, so the real `openai` SDK can
 * be pointed at it (`baseURL: <url>/v1`):
 * - `POST /v1/chat/completions`: the answer is `Answer to: <last user text>` (an image sent as
 *   `image_url` is acknowledged first: `I see a 1x1 image/png image.`); `response_format`
 *   `json_schema` is answered with a value built from that schema, `json_object` with
 *   `{"answer": ...}`; `stream: true` sends `data: {chunk}` lines in several pieces ending with
 *   `data: [DONE]`, and `stream_options.include_usage` a last chunk with the usage;
 * - `POST /v1/images/generations`: a PNG of the asked size's proportions, as `b64_json` or a link
 *   on this server;
 * - `GET /v1/models`: the models below;
 * - `POST /v1/embeddings`: one vector per input (`fakeEmbedding`), as floats or, with
 *   `encoding_format: "base64"`, as little-endian float32 in base64.
 * With `tools`, the model calls the tool the last user message names (else the first) with
 * arguments built from its parameters schema (streamed as `delta.tool_calls` pieces, finish reason
 * `tool_calls`), then each other tool it names, one a turn, and answers `Based on <tool>:
 * <content>` for each result once it has called them all (fake-openai-tools.ts); a `tool` message
 * answering no call, an empty `tools` list or a bad tool name is refused with a 400.
 * Token counts come from the text lengths. Errors are `{"error":{"message","type","param","code"}}`
 * as the API sends them: 401 for a key other than `test-key`, 404 `model_not_found` for a model it
 * does not have, 400 for a malformed request; the models `busy-model` (429, `retry-after: 7`),
 * `overloaded-model` (503), `stalling-model` (starts answering, then sends nothing more) and
 * `mangling-model` (cuts its tool calls' arguments short: not JSON) act out failures, and
 * `careless-model` a first tool call whose arguments do not fit the tool's schema, made again
 * with good ones on its next turn.
 */

export const FAKE_OPENAI_KEY = FAKE_VENDOR_KEY;

/** The models `GET /v1/models` lists. */
export const FAKE_OPENAI_MODELS = [
  'gpt-4o-mini',
  'gpt-4o',
  'gpt-4',
  'gpt-3.5-turbo',
  'dall-e-3',
  'gpt-image-1',
  'text-embedding-3-small',
] as const;

/** Models that act out a failure; they answer but are not listed. */
const ACTING_MODELS = ['busy-model', 'overloaded-model', 'stalling-model', 'mangling-model', CARELESS_MODEL];

/** The sizes each image model draws (others are refused, as by the API). */
const IMAGE_SIZES: Record<string, string[]> = {
  'dall-e-3': ['1024x1024', '1792x1024', '1024x1792'],
  'gpt-image-1': ['auto', '1024x1024', '1536x1024', '1024x1536'],
};

export interface FakeOpenAi {
  /** The server's root; the SDK's `baseURL` (and `OPENAI_BASE_URL`) is this plus `/v1`. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

type Message = { role?: unknown; content?: unknown };
type Part = { type?: string; text?: unknown; image_url?: { url?: unknown } };

const CREATED = 1_767_225_600;

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  let url = '';
  const server = await listenOnLoopback(async (req, res) => {
    const { body, invalid } = await readJsonBody(req);
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (invalid) return sendError(res, 400, 'We could not parse the JSON body of your request.');
    // Generated images are links anyone holding them can fetch, as on the vendor's storage.
    const image = /^GET \/v1\/fake-images\/(\d+)x(\d+)\.png$/.exec(`${req.method} ${path}`);
    if (image) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.end(pngFor(`${image[1]}:${image[2]}`));
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (bearer === undefined) {
      return sendError(
        res,
        401,
        "You didn't provide an API key. Provide it in an Authorization header (Bearer auth).",
      );
    }
    if (bearer !== FAKE_OPENAI_KEY) {
      const shown = bearer.length > 8 ? `${bearer.slice(0, 3)}***${bearer.slice(-4)}` : '***';
      return sendError(res, 401, `Incorrect API key provided: ${shown}.`, { code: 'invalid_api_key' });
    }
    const route = `${req.method} ${path}`;
    if (route === 'GET /v1/models') return listModels(res);
    if (route === 'POST /v1/chat/completions') return chatCompletion(res, isObject(body) ? body : {});
    if (route === 'POST /v1/images/generations') return generateImage(res, isObject(body) ? body : {}, url);
    if (route === 'POST /v1/embeddings') return embeddings(res, isObject(body) ? body : {});
    sendError(res, 404, `Invalid URL (${route})`);
  });
  url = server.url;
  return { url, requests, close: server.close };
}

function listModels(res: ServerResponse): void {
  const data = FAKE_OPENAI_MODELS.map((id) => ({
    id,
    object: 'model',
    created: CREATED,
    owned_by: 'system',
  }));
  sendJson(res, 200, { object: 'list', data });
}

/** The failure a model name acts out, or a refusal of a model the fake does not have; true when sent. */
function modelRefused(res: ServerResponse, model: string, kind: 'chat' | 'image'): boolean {
  if (model === 'busy-model') {
    sendError(res, 429, `Rate limit reached for ${model} on requests per min (RPM): Limit 3, Used 3.`, {
      type: 'requests',
      code: 'rate_limit_exceeded',
      headers: { 'retry-after': '7' },
    });
  } else if (model === 'overloaded-model') {
    sendError(res, 503, 'The engine is currently overloaded, please try again later.', {
      type: 'server_error',
    });
  } else if (!ACTING_MODELS.includes(model) && !(FAKE_OPENAI_MODELS as readonly string[]).includes(model)) {
    sendError(res, 404, `The model \`${model}\` does not exist or you do not have access to it.`, {
      code: 'model_not_found',
    });
  } else if (kind === 'chat' && model in IMAGE_SIZES) {
    sendError(
      res,
      404,
      `This is not a chat model and thus not supported in the v1/chat/completions endpoint.`,
    );
  } else {
    return false;
  }
  return true;
}

function chatCompletion(res: ServerResponse, body: Json): void {
  if (typeof body.model !== 'string' || !body.model)
    return sendError(res, 400, "Missing required parameter: 'model'.");
  const model = body.model;
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    return sendError(res, 400, "Missing required parameter: 'messages'.", { param: 'messages' });
  }
  const bad = (messages as Message[]).findIndex(
    (m) => !['system', 'developer', 'user', 'assistant', 'tool'].includes(String(m?.role)),
  );
  if (bad >= 0)
    return sendError(res, 400, `Invalid value for 'messages[${bad}].role'.`, {
      param: `messages[${bad}].role`,
    });
  if (body.stream_options !== undefined && body.stream !== true) {
    return sendError(res, 400, "The 'stream_options' parameter is only allowed when 'stream' is enabled.", {
      param: 'stream_options',
    });
  }
  const toolProblem = toolRequestProblem(body);
  if (toolProblem) return sendError(res, 400, toolProblem.message, { param: toolProblem.param });
  if (modelRefused(res, model, 'chat')) return;
  const lastUser = [...(messages as Message[])].reverse().find((m) => m.role === 'user');
  const reply = toolReply(body, textOf(lastUser?.content), model);
  const call = reply && 'call' in reply ? reply.call : undefined;
  let content: string;
  try {
    content = reply
      ? 'text' in reply
        ? reply.text
        : ''
      : answerContent(messages as Message[], body.response_format);
  } catch (error) {
    return sendError(res, 400, (error as Error).message, { param: 'response_format' });
  }
  const usage = {
    prompt_tokens: tokenCount((messages as Message[]).map((m) => textOf(m.content)).join('\n')),
    completion_tokens: tokenCount(call ? `${call.name}${call.arguments}` : content),
  };
  const counts = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
  const base = { id: 'chatcmpl-fake01', created: CREATED, model, system_fingerprint: 'fp_fake' };
  if (body.stream !== true) {
    if (model === 'stalling-model') return void res.writeHead(200, { 'content-type': 'application/json' });
    const message = call
      ? { role: 'assistant', content: null, tool_calls: [wireCall(call)], refusal: null }
      : { role: 'assistant', content, refusal: null };
    const choice = { index: 0, message, logprobs: null, finish_reason: call ? 'tool_calls' : 'stop' };
    return sendJson(
      res,
      200,
      { ...base, object: 'chat.completion', choices: [choice], usage: counts },
      ids(),
    );
  }
  const withUsage = isObject(body.stream_options) && body.stream_options.include_usage === true;
  const chunk = (delta: Json, finish: string | null) => ({
    ...base,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(withUsage ? { usage: null } : {}),
  });
  startEventStream(res);
  if (call) {
    // The call's id and name first, then its arguments in pieces, as the API streams them.
    const start = { index: 0, id: call.id, type: 'function', function: { name: call.name, arguments: '' } };
    writeEvent(res, chunk({ role: 'assistant', content: null, tool_calls: [start], refusal: null }, null));
    for (const piece of splitInPieces(call.arguments)) {
      writeEvent(res, chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }, null));
    }
  } else {
    writeEvent(res, chunk({ role: 'assistant', content: '', refusal: null }, null));
    const pieces = splitInPieces(content);
    for (const piece of model === 'stalling-model' ? pieces.slice(0, 1) : pieces) {
      writeEvent(res, chunk({ content: piece }, null));
    }
  }
  if (model === 'stalling-model') return; // ...and nothing more until the server closes.
  writeEvent(res, chunk({}, call ? 'tool_calls' : 'stop'));
  if (withUsage) writeEvent(res, { ...base, object: 'chat.completion.chunk', choices: [], usage: counts });
  writeEvent(res, '[DONE]');
  res.end();
}

function wireCall(call: FakeToolCall): Json {
  return { id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } };
}

/** The answer's text: JSON following `response_format`, else text made from the last user turn. */
function answerContent(messages: Message[], format: unknown): string {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const parts: Part[] = Array.isArray(last?.content) ? (last.content as Part[]) : [];
  const images = parts.filter((part) => part?.type === 'image_url').map((part) => seeImage(part));
  const text = [...images, answerTo(textOf(last?.content))].join(' ');
  if (format === undefined || (isObject(format) && format.type === 'text')) return text;
  if (isObject(format) && format.type === 'json_object') {
    const said = messages.map((m) => textOf(m.content)).join(' ');
    if (!/json/i.test(said)) {
      throw new Error(
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
      );
    }
    return JSON.stringify({ answer: text });
  }
  if (isObject(format) && format.type === 'json_schema') {
    const spec = format.json_schema;
    if (!isObject(spec) || typeof spec.name !== 'string' || !spec.name) {
      throw new Error("Missing required parameter: 'response_format.json_schema.name'.");
    }
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(spec.name)) {
      throw new Error(
        "Invalid 'response_format.json_schema.name': string does not match pattern '^[a-zA-Z0-9_-]+$'.",
      );
    }
    return JSON.stringify(isObject(spec.schema) ? valueFor(spec.schema, text) : { answer: text });
  }
  throw new Error(
    "Invalid value for 'response_format.type': expected one of 'text', 'json_object' or 'json_schema'.",
  );
}

/** `I see a 1x1 image/png image.` for an image sent as a data: URL; a link is named. */
function seeImage(part: Part): string {
  const url = typeof part.image_url?.url === 'string' ? part.image_url.url : '';
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data) return imageNote(data[2]!, data[1]);
  if (/^https?:\/\//.test(url)) return `I see the image at ${url}.`;
  throw new Error("Invalid 'image_url.url': expected a base64 data URL or an http(s) link to an image.");
}

/** A message's text: the string, or its text parts joined. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Part[])
    .filter((part) => part?.type === 'text')
    .map((part) => String(part.text))
    .join(' ');
}

function generateImage(res: ServerResponse, body: Json, url: string): void {
  const model = typeof body.model === 'string' && body.model ? body.model : 'dall-e-2';
  if (typeof body.prompt !== 'string' || !body.prompt) {
    return sendError(res, 400, "Missing required parameter: 'prompt'.", { param: 'prompt' });
  }
  if (modelRefused(res, model, 'image')) return;
  const sizes = IMAGE_SIZES[model];
  if (!sizes) return sendError(res, 400, `The model ${model} does not generate images.`, { param: 'model' });
  const size = typeof body.size === 'string' ? body.size : sizes[0]!;
  if (!sizes.includes(size)) {
    return sendError(
      res,
      400,
      `Invalid value: '${size}'. Supported values are: ${sizes.map((s) => `'${s}'`).join(', ')}.`,
      {
        param: 'size',
        code: 'invalid_value',
      },
    );
  }
  const gptImage = model.startsWith('gpt-image');
  if (gptImage && body.response_format !== undefined) {
    return sendError(res, 400, "Unknown parameter: 'response_format'.", {
      param: 'response_format',
      code: 'unknown_parameter',
    });
  }
  const [width, height] = (size === 'auto' ? '1024x1024' : size).split('x').map(Number) as [number, number];
  const divisor = gcd(width, height);
  const [w, h] = [width / divisor, height / divisor];
  const count = Number.isInteger(body.n) ? (body.n as number) : 1;
  const image =
    gptImage || body.response_format === 'b64_json'
      ? { b64_json: pngFor(`${w}:${h}`).toString('base64') }
      : { url: `${url}/v1/fake-images/${w}x${h}.png` };
  const data = Array.from({ length: count }, () => ({ ...image, revised_prompt: body.prompt }));
  const promptTokens = tokenCount(body.prompt);
  const usage = { input_tokens: promptTokens, output_tokens: 1056, total_tokens: promptTokens + 1056 };
  sendJson(res, 200, { created: CREATED, data, ...(gptImage ? { usage } : {}) }, ids());
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function ids(): Record<string, string> {
  return { 'x-request-id': 'req_fake01', 'openai-processing-ms': '12' };
}

/** `{"error":{"message","type","param","code"}}`, as the API sends errors. */
function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  more: { type?: string; param?: string; code?: string; headers?: Record<string, string> } = {},
): void {
  const error = {
    message,
    type: more.type ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
    param: more.param ?? null,
    code: more.code ?? null,
  };
  sendJson(res, status, { error }, { ...ids(), ...more.headers });
}

/** `POST /v1/embeddings` as the API answers it. */
function embeddings(res: ServerResponse, body: Json): void {
  const model = typeof body.model === 'string' ? body.model : '';
  if (!model.includes('embedding')) {
    return sendError(res, 404, `The model \`${model}\` does not exist or you do not have access to it.`, {
      code: 'model_not_found',
    });
  }
  const input = typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input : null;
  if (!input || input.length === 0 || !input.every((text) => typeof text === 'string')) {
    return sendError(res, 400, "'$.input' is invalid. Please check the API reference.", { param: 'input' });
  }
  const base64 = body.encoding_format === 'base64';
  const data = (input as string[]).map((text, index) => {
    const vector = fakeEmbedding(text);
    return {
      object: 'embedding',
      index,
      embedding: base64 ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector,
    };
  });
  const tokens = (input as string[]).reduce((sum, text) => sum + tokenCount(text), 0);
  sendJson(res, 200, { object: 'list', data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } });
}
