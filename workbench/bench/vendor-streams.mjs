#!/usr/bin/env node
// The model server of the first-token benchmark: one loopback HTTP server speaking the streaming
// wire formats of the four AI vendors the product talks to, as their API documentation describes
// them, each listing one model:
// - OpenAI chat completions: `POST /v1/chat/completions`, SSE `data:` chunks, `data: [DONE]`;
//   `GET /v1/models`.
// - Anthropic Messages: `POST /v1/messages`, SSE events `message_start`, `content_block_start`,
//   `ping`, `content_block_delta` (`text_delta`), `content_block_stop`, `message_delta`,
//   `message_stop`; `GET /v1/models` (told from OpenAI's by the `anthropic-version` header).
// - Google Gemini: `POST /v1beta/models/{model}:streamGenerateContent?alt=sse`, SSE `data:` chunks
//   (GenerateContentResponse) ending in `\r\n\r\n`; `GET /v1beta/models`.
// - Ollama: `POST /api/chat`, NDJSON lines ending with a `done: true` line; `GET /api/tags`,
//   `POST /api/show`.
// Every streamed answer is the same: after `firstTokenAfterMs` a marker token (`FIRSTTOKEN<n>X`),
// alone on the wire and timed as it is handed to the socket, then `restAfterMs` later (or when
// released) the rest and the end of the answer with its token counts.
//
// Run on its own (`node workbench/bench/vendor-streams.mjs`), it prints one JSON line, the product
// environment pointing at it (`{ "url", "env" }`), and holds the rest of every answer until
// `POST /bench/release`; `GET /bench/first-tokens` lists the first tokens sent so far.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** The one model each vendor lists, by the provider name the product gives the vendor. */
export const VENDOR_MODELS = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-haiku-4-5',
  gemini: 'gemini-2.5-flash',
  ollama: 'llama3.2:1b',
};

/** What the rest of every answer says, after the marker. */
export const REST_OF_ANSWER = ' and the rest';

const USAGE = { input: 12, output: 3 };
const CREATED = '2026-11-01T00:00:00Z';

const sse = (data, { event, lineEnd = '\n' } = {}) =>
  `${event ? `event: ${event}${lineEnd}` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}${lineEnd}${lineEnd}`;

/**
 * Each vendor's stream: its content type, what it sends before the first token (`head`), a token
 * (`piece`) and the last token with the end of the answer (`last`).
 */
const STREAMS = {
  openai: {
    contentType: 'text/event-stream',
    head: () => '',
    piece: (model, content) => sse(openAiChunk(model, { content }, null)),
    last: (model, content) =>
      sse(openAiChunk(model, { content }, null)) +
      sse(openAiChunk(model, {}, 'stop')) +
      // Asked for with stream_options.include_usage: a last chunk with no choices and the counts.
      sse({
        ...openAiChunk(model, {}, null),
        choices: [],
        usage: {
          prompt_tokens: USAGE.input,
          completion_tokens: USAGE.output,
          total_tokens: USAGE.input + USAGE.output,
        },
      }) +
      sse('[DONE]'),
  },
  anthropic: {
    contentType: 'text/event-stream',
    head: (model) =>
      anthropicEvent('message_start', {
        message: {
          id: 'msg_bench',
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: USAGE.input, output_tokens: 1 },
        },
      }) +
      anthropicEvent('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }) +
      anthropicEvent('ping', {}),
    piece: (_model, text) =>
      anthropicEvent('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
    last: (model, text) =>
      STREAMS.anthropic.piece(model, text) +
      anthropicEvent('content_block_stop', { index: 0 }) +
      anthropicEvent('message_delta', {
        delta: { stop_reason: 'end_turn', stop_sequence: null },
        usage: { output_tokens: USAGE.output },
      }) +
      anthropicEvent('message_stop', {}),
  },
  gemini: {
    contentType: 'text/event-stream',
    head: () => '',
    piece: (model, text) => sse(geminiChunk(model, text), { lineEnd: '\r\n' }),
    last: (model, text) =>
      sse(
        {
          ...geminiChunk(model, text, { finishReason: 'STOP' }),
          usageMetadata: {
            promptTokenCount: USAGE.input,
            candidatesTokenCount: USAGE.output,
            totalTokenCount: USAGE.input + USAGE.output,
          },
        },
        { lineEnd: '\r\n' },
      ),
  },
  ollama: {
    contentType: 'application/x-ndjson',
    head: () => '',
    piece: (model, content) => ollamaLine(model, { role: 'assistant', content }, { done: false }),
    last: (model, content) =>
      STREAMS.ollama.piece(model, content) +
      ollamaLine(
        model,
        { role: 'assistant', content: '' },
        {
          done: true,
          done_reason: 'stop',
          total_duration: 500_000_000,
          load_duration: 1_000_000,
          prompt_eval_count: USAGE.input,
          prompt_eval_duration: 50_000_000,
          eval_count: USAGE.output,
          eval_duration: 400_000_000,
        },
      ),
  },
};

function openAiChunk(model, delta, finishReason) {
  return {
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1_790_000_000,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

function anthropicEvent(type, data) {
  return sse({ type, ...data }, { event: type });
}

function geminiChunk(model, text, extra = {}) {
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0, ...extra }],
    modelVersion: model,
    responseId: 'bench-response',
  };
}

function ollamaLine(model, message, extra) {
  return `${JSON.stringify({ model, created_at: new Date().toISOString(), message, ...extra })}\n`;
}

/** Each vendor's model listing, with the one model it offers. */
const LISTINGS = {
  openai: () => ({
    object: 'list',
    data: [{ id: VENDOR_MODELS.openai, object: 'model', created: 1_721_172_741, owned_by: 'system' }],
  }),
  anthropic: () => ({
    data: [
      {
        type: 'model',
        id: VENDOR_MODELS.anthropic,
        display_name: 'Claude Haiku 4.5',
        created_at: CREATED,
        max_input_tokens: 200_000,
      },
    ],
    has_more: false,
    first_id: VENDOR_MODELS.anthropic,
    last_id: VENDOR_MODELS.anthropic,
  }),
  gemini: () => ({
    models: [
      {
        name: `models/${VENDOR_MODELS.gemini}`,
        version: '001',
        displayName: 'Gemini 2.5 Flash',
        inputTokenLimit: 1_048_576,
        outputTokenLimit: 65_536,
        supportedGenerationMethods: ['generateContent', 'countTokens'],
      },
    ],
  }),
  ollama: () => ({
    models: [
      {
        name: VENDOR_MODELS.ollama,
        model: VENDOR_MODELS.ollama,
        modified_at: CREATED,
        size: 1_321_098_329,
        digest: 'b'.repeat(64),
        details: ollamaDetails(),
      },
    ],
  }),
};

function ollamaDetails() {
  return {
    parent_model: '',
    format: 'gguf',
    family: 'llama',
    families: ['llama'],
    parameter_size: '1.2B',
    quantization_level: 'Q8_0',
  };
}

function ollamaShow(name) {
  return {
    license: '',
    modelfile: `FROM ${name}\n`,
    parameters: '',
    template: '{{ .Prompt }}',
    details: ollamaDetails(),
    model_info: { 'general.architecture': 'llama', 'llama.context_length': 131_072 },
    capabilities: ['completion', 'tools'],
    modified_at: CREATED,
  };
}

/**
 * What a request asks for: a vendor's model list or `show`, a streamed answer from a vendor, or
 * nothing this server offers.
 */
function requestKind(req, url, body) {
  const post = req.method === 'POST';
  if (req.method === 'GET' && url.pathname === '/v1/models') {
    return { list: req.headers['anthropic-version'] ? 'anthropic' : 'openai' };
  }
  if (req.method === 'GET' && url.pathname === '/v1beta/models') return { list: 'gemini' };
  if (req.method === 'GET' && url.pathname === '/api/tags') return { list: 'ollama' };
  if (post && url.pathname === '/api/show') return { show: body?.model ?? body?.name };
  if (post && url.pathname === '/v1/chat/completions' && body?.stream === true) {
    return { stream: 'openai', model: body.model };
  }
  if (post && url.pathname === '/v1/messages' && body?.stream === true) {
    return { stream: 'anthropic', model: body.model };
  }
  const gemini = /^\/v1beta\/models\/([^/:]+):streamGenerateContent$/.exec(url.pathname);
  if (post && gemini && url.searchParams.get('alt') === 'sse') return { stream: 'gemini', model: gemini[1] };
  if (post && url.pathname === '/api/chat' && body?.stream !== false) {
    return { stream: 'ollama', model: body?.model };
  }
  return {};
}

/**
 * Starts the server on a loopback port. `firstTokens` maps each marker to when it was written
 * (`performance.timeOrigin + performance.now()`), by which vendor and for which model;
 * `restAfterMs: null` holds the rest of every answer until `release()`.
 */
export function startVendorStreams({ firstTokenAfterMs = 300, restAfterMs = 400, control = false } = {}) {
  let count = 0;
  const firstTokens = new Map();
  const held = new Set();
  const now = () => performance.timeOrigin + performance.now();
  const release = () => {
    for (const send of held) send();
    held.clear();
  };
  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const stream = (res, vendor, model) => {
    count += 1;
    const marker = `FIRSTTOKEN${count}X`;
    const format = STREAMS[vendor];
    res.writeHead(200, { 'content-type': format.contentType, 'cache-control': 'no-cache' });
    const head = format.head(model);
    if (head) res.write(head);
    else res.flushHeaders();
    setTimeout(() => {
      if (res.destroyed) return;
      firstTokens.set(marker, { at: now(), vendor, model });
      res.write(format.piece(model, marker));
      const rest = () => {
        if (!res.destroyed) res.end(format.last(model, REST_OF_ANSWER));
      };
      if (restAfterMs === null) held.add(rest);
      else setTimeout(rest, restAfterMs);
    }, firstTokenAfterMs);
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      let body;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        return json(res, 400, { error: { message: 'The request body is not JSON.' } });
      }
      const url = new URL(req.url ?? '/', 'http://bench');
      if (control && req.method === 'POST' && url.pathname === '/bench/release') {
        release();
        res.writeHead(204).end();
        return;
      }
      if (control && req.method === 'GET' && url.pathname === '/bench/first-tokens') {
        return json(res, 200, Object.fromEntries(firstTokens));
      }
      const kind = requestKind(req, url, body);
      if (kind.list) return json(res, 200, LISTINGS[kind.list]());
      if (kind.show === VENDOR_MODELS.ollama) return json(res, 200, ollamaShow(kind.show));
      if (kind.show !== undefined) return json(res, 404, { error: `model '${kind.show}' not found` });
      if (kind.stream) return stream(res, kind.stream, kind.model);
      json(res, 404, {
        error: {
          message: `The benchmark's model server only streams text: nothing at ${req.method} ${url.pathname}.`,
        },
      });
    });
  });

  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}`;
      resolve({
        url,
        /** The product's environment pointing every vendor at this server. */
        env: {
          OPENAI_API_KEY: 'sk-bench',
          OPENAI_BASE_URL: `${url}/v1`,
          OPENAI_TEXT_MODEL: VENDOR_MODELS.openai,
          ANTHROPIC_API_KEY: 'sk-ant-bench',
          ANTHROPIC_BASE_URL: url,
          ANTHROPIC_TEXT_MODEL: VENDOR_MODELS.anthropic,
          GEMINI_API_KEY: 'bench-key',
          GEMINI_BASE_URL: url,
          GEMINI_TEXT_MODEL: VENDOR_MODELS.gemini,
          OLLAMA_HOST: url,
          OLLAMA_TEXT_MODEL: VENDOR_MODELS.ollama,
        },
        firstTokens,
        /** The marker the next streamed answer starts with. */
        nextMarker: () => `FIRSTTOKEN${count + 1}X`,
        release,
        close: () => {
          server.closeAllConnections();
          return new Promise((done) => server.close(done));
        },
      });
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await startVendorStreams({
    firstTokenAfterMs: Number(process.env.FIRST_TOKEN_DELAY_MS ?? 0),
    restAfterMs: null,
    control: true,
  });
  console.log(JSON.stringify({ url: server.url, env: server.env }));
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
