import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { fakeEmbedding } from './fake-embeddings';
import { answerParts, pieced, usageFor } from './fake-gemini-answers';
import type { GenerateRequest, Part } from './fake-gemini-wire';
import { functionResponsesProblem } from './fake-gemini-tools';
import {
  FAKE_VENDOR_KEY,
  isObject,
  listenOnLoopback,
  pngFor,
  readJsonBody,
  sendJson as sendJsonAs,
  writeEvent,
} from './fake-vendor-answers';

/** A request as the fake saw it. */
export interface RecordedGeminiRequest {
  method: string;
  /** With the query: `/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface FakeGemini {
  /** The API's root, as `GEMINI_BASE_URL` takes it: `http://127.0.0.1:{port}`. */
  url: string;
  requests: RecordedGeminiRequest[];
  close(): Promise<void>;
}

export interface FakeGeminiOptions {
  /** The most models one page of `GET /v1beta/models` holds (default 2, so that paging shows). */
  pageSize?: number;
}

/** The only key the fake accepts (header `x-goog-api-key`, or `?key=`). */
export const FAKE_GEMINI_KEY = FAKE_VENDOR_KEY;

/** Models as the Gemini API lists them (`supportedGenerationMethods`, token limits...). */
const MODELS = [
  model('gemini-2.5-flash', 'Gemini 2.5 Flash', 1_048_576, [
    'generateContent',
    'countTokens',
    'createCachedContent',
  ]),
  model('gemini-2.5-pro', 'Gemini 2.5 Pro', 1_048_576, [
    'generateContent',
    'countTokens',
    'createCachedContent',
  ]),
  model('gemini-2.5-flash-image', 'Nano Banana', 32_768, ['generateContent', 'countTokens']),
  model('gemini-embedding-001', 'Gemini Embedding 001', 2_048, ['embedContent', 'countTextTokens']),
  model('imagen-4.0-generate-001', 'Imagen 4', 480, ['predict']),
];

function model(id: string, displayName: string, inputTokenLimit: number, methods: string[]) {
  return {
    name: `models/${id}`,
    version: '001',
    displayName,
    inputTokenLimit,
    outputTokenLimit: 65_536,
    supportedGenerationMethods: methods,
  };
}

/**
 * A local stand-in for Google's Gemini API (`/v1beta`), speaking its documented wire format. It
 * answers from each request: the text restates the last user message, structured answers follow
 * the schema the request carries, declared functions are called (the one the prompt names, its
 * arguments from its schema) and their responses quoted (fake-gemini-tools.ts), images sent are
 * acknowledged, and errors come as the API sends
 * them, chosen by the model named: `missing-model` (404), `busy-model` (429, `retry-after: 7`),
 * `overloaded-model` (503), `stalling-model` (starts answering, then sends nothing more).
 */
export async function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  const requests: RecordedGeminiRequest[] = [];
  const server = await listenOnLoopback(async (req, res) => {
    const read = await readJsonBody(req);
    if (read.invalid) return sendError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    const body = isObject(read.body) ? read.body : {};
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({
      method: req.method ?? '',
      path: `${url.pathname}${url.search}`,
      headers: req.headers,
      body,
    });
    const key = req.headers['x-goog-api-key'] ?? url.searchParams.get('key');
    if (!key) {
      return sendError(
        res,
        403,
        'PERMISSION_DENIED',
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      );
    }
    if (key !== FAKE_GEMINI_KEY) {
      return sendError(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'API_KEY_INVALID',
          domain: 'googleapis.com',
        },
      ]);
    }
    route(req.method ?? '', url, body, res, options.pageSize ?? 2);
  });
  return { url: server.url, requests, close: server.close };
}

function route(
  method: string,
  url: URL,
  body: Record<string, unknown>,
  res: ServerResponse,
  pageSize: number,
) {
  if (method === 'GET' && url.pathname === '/v1beta/models') return listModels(url, res, pageSize);
  const call =
    /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent|predict|batchEmbedContents)$/.exec(
      url.pathname,
    );
  if (method !== 'POST' || !call)
    return sendError(res, 404, 'NOT_FOUND', `Method not found: ${method} ${url.pathname}`);
  const [, modelId, action] = call as unknown as [string, string, string];
  if (modelFailure(modelId, action, res)) return;
  if (action === 'batchEmbedContents') return batchEmbed(modelId, body, res);
  if (action === 'predict') return predict(body, res);
  const request = body as GenerateRequest;
  if (!Array.isArray(request.contents) || request.contents.length === 0) {
    return sendError(
      res,
      400,
      'INVALID_ARGUMENT',
      '* GenerateContentRequest.contents: contents is not specified\n',
    );
  }
  const turns = functionResponsesProblem(request.contents);
  if (turns) return sendError(res, 400, 'INVALID_ARGUMENT', turns);
  const config = request.generationConfig ?? {};
  if (config.responseJsonSchema && config.responseSchema) {
    return sendError(
      res,
      400,
      'INVALID_ARGUMENT',
      'responseSchema and responseJsonSchema cannot both be set.',
    );
  }
  if (config.responseModalities?.includes('IMAGE') && !modelId.includes('image')) {
    return sendError(
      res,
      400,
      'INVALID_ARGUMENT',
      `The requested combination of response modalities (IMAGE) is not supported by the model. models/${modelId} accepts the following combination of response modalities:\n* TEXT\n`,
    );
  }
  const parts = answerParts(request);
  const answer = (extra: Record<string, unknown>, chunkParts: Part[]) => ({
    candidates: [{ content: { role: 'model', parts: chunkParts }, index: 0, ...extra }],
    modelVersion: modelId,
    responseId: 'fake-response',
  });
  const usage = usageFor(request, parts);
  if (action === 'generateContent') {
    return sendJson(res, 200, { ...answer({ finishReason: 'STOP' }, parts), usageMetadata: usage });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const pieces = modelId === 'stalling-model' ? [parts[0]!] : pieced(parts);
  pieces.forEach((piece, index) => {
    const lastPiece = index === pieces.length - 1 && modelId !== 'stalling-model';
    const chunk = {
      ...answer(lastPiece ? { finishReason: 'STOP' } : {}, [piece]),
      ...(lastPiece ? { usageMetadata: usage } : {}),
    };
    writeEvent(res, chunk, { lineEnd: '\r\n' });
  });
  if (modelId !== 'stalling-model') res.end();
}

/** The errors a model name asks for; true when one was sent (or the answer is left hanging). */
function modelFailure(modelId: string, action: string, res: ServerResponse): boolean {
  if (modelId === 'missing-model') {
    sendError(
      res,
      404,
      'NOT_FOUND',
      `models/${modelId} is not found for API version v1beta, or is not supported for ${action}. Call ListModels to see the list of available models and their supported methods.`,
    );
  } else if (modelId === 'busy-model') {
    sendError(
      res,
      429,
      'RESOURCE_EXHAUSTED',
      'You exceeded your current quota, please check your plan and billing details.',
      [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }],
      { 'retry-after': '7' },
    );
  } else if (modelId === 'overloaded-model') {
    sendError(res, 503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.');
  } else if (modelId === 'stalling-model' && action !== 'streamGenerateContent') {
    // Never answers (until the server closes).
  } else {
    return false;
  }
  return true;
}

function listModels(url: URL, res: ServerResponse, pageSize: number) {
  const asked = Number(url.searchParams.get('pageSize') ?? 50);
  const size = Math.max(1, Math.min(pageSize, asked || 50));
  const start = Number(url.searchParams.get('pageToken') ?? 0) || 0;
  const page = MODELS.slice(start, start + size);
  const next = start + size < MODELS.length ? { nextPageToken: String(start + size) } : {};
  sendJson(res, 200, { models: page, ...next });
}

/** Imagen's `:predict`: `instances[0].prompt` in, `predictions[].bytesBase64Encoded` out. */
function predict(body: Record<string, unknown>, res: ServerResponse) {
  const instances = body.instances as { prompt?: unknown }[] | undefined;
  if (!Array.isArray(instances) || typeof instances[0]?.prompt !== 'string') {
    return sendError(res, 400, 'INVALID_ARGUMENT', "Invalid value at 'instances': a prompt is required.");
  }
  const parameters = (body.parameters ?? {}) as { sampleCount?: number; aspectRatio?: string };
  const png = pngFor(parameters.aspectRatio);
  const predictions = Array.from({ length: parameters.sampleCount ?? 1 }, () => ({
    mimeType: 'image/png',
    bytesBase64Encoded: png.toString('base64'),
  }));
  sendJson(res, 200, { predictions });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  sendJsonAs(res, status, body, { 'content-type': 'application/json; charset=UTF-8', ...headers });
}

/** `{ "error": { "code", "message", "status", "details" } }`, as Google APIs send errors. */
function sendError(
  res: ServerResponse,
  code: number,
  status: string,
  message: string,
  details: Record<string, unknown>[] = [],
  headers: Record<string, string> = {},
) {
  sendJson(res, code, { error: { code, message, status, ...(details.length ? { details } : {}) } }, headers);
}

/** `batchEmbedContents`: one vector per request's text (`fakeEmbedding`), for embedding models only. */
function batchEmbed(modelId: string, body: Record<string, unknown>, res: ServerResponse): void {
  if (!modelId.includes('embedding')) {
    return sendError(
      res,
      404,
      'NOT_FOUND',
      `models/${modelId} is not found for API version v1beta, or is not supported for batchEmbedContents. Call ListModels to see the list of available models and their supported methods.`,
    );
  }
  const requests = Array.isArray(body.requests)
    ? (body.requests as { content?: { parts?: { text?: string }[] } }[])
    : [];
  if (requests.length === 0)
    return sendError(
      res,
      400,
      'INVALID_ARGUMENT',
      '* BatchEmbedContentsRequest.requests: requests is not specified\n',
    );
  const embeddings = requests.map((request) => ({
    values: fakeEmbedding((request.content?.parts ?? []).map((part) => part.text ?? '').join('')),
  }));
  sendJson(res, 200, { embeddings });
}
