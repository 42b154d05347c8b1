import type OpenAI from 'openai';
import type {
  AiProvider,
  CallOptions,
  EmbedRequest,
  Embeddings,
  GeneratedImage,
  ImageRequest,
  JsonRequest,
  ModelList,
  TextRequest,
  ToolTurn,
  ToolTurnOptions,
  ToolTurnRequest,
  VisionRequest,
} from '@blocksmith/block-sdk';
import { AiProviderError } from '@blocksmith/block-sdk';
import type { ProviderModel } from '@blocksmith/schema';
import { imageDimensions } from './image-dimensions';
import { openAiModel } from './openai-models';
import { mapOpenAiError, openAiServiceName } from './map-openai-error';
import { seconds } from './provider-errors';
import { openAiToolTurn } from './openai-tools';
import { usageOf, type TokenCounts } from './openai-usage';
import { StallWatch } from './stall-watch';
import { openAiSdk } from '../../libraries';

type Message = OpenAI.Chat.ChatCompletionMessageParam;

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiProviderConfig {
  /** Sent as the bearer token. Local servers that need none accept any value (e.g. `ollama`). */
  apiKey: string;
  /** An OpenAI-compatible `/v1` endpoint: OpenAI (default), Ollama, vLLM, llama.cpp... */
  baseURL?: string;
  /** Used when a request names no model (default `gpt-4o-mini`). */
  textModel?: string;
  /** Used for `dalle` and when an image request names no model (default `dall-e-3`). */
  imageModel?: string;
  /** Used to describe images (default: the text model). */
  visionModel?: string;
  /** Makes the vectors knowledge bases are searched by (default `text-embedding-3-small`). */
  embeddingModel?: string;
  /** Maps the model names blocks use (`gpt-4`, `dalle`) to names the server offers. */
  modelAliases?: Record<string, string>;
  /** The image models offered to creators (default `['dalle']`). */
  imageModels?: string[];
  /** Per request, until the server starts answering (default 60 000). */
  timeoutMs?: number;
  /** Retries on 408/409/429/5xx, timeouts and connection errors (default 2). */
  maxRetries?: number;
  /** How JSON is asked for: a JSON Schema response format, or plain JSON mode (default `json_schema`). */
  jsonMode?: 'json_schema' | 'json_object';
  /** The fetch the SDK and image downloads use (default: the global one). */
  fetch?: typeof fetch;
}

/** The spec's text model names; requests naming them pass through unless an alias maps them. */
const SPEC_TEXT_MODELS = ['gpt-4', 'gpt-3.5-turbo'];

/** An `AiProvider` over any OpenAI-compatible server, through the `openai` SDK. */
export class OpenAiProvider implements AiProvider {
  readonly name = 'openai';
  readonly offline = false;
  readonly baseURL: string;
  readonly textModel: string;
  readonly imageModel: string;
  readonly visionModel: string;
  readonly embeddingModel: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly jsonMode: 'json_schema' | 'json_object';
  private readonly aliases: Record<string, string>;
  private readonly imageModels: string[];
  // True private fields: `console.log(provider)` must not print the key (the client holds it too).
  readonly #client: OpenAI;
  readonly #apiKey: string;
  private readonly fetch: typeof fetch;

  constructor(config: OpenAiProviderConfig) {
    this.#apiKey = config.apiKey;
    this.baseURL = (config.baseURL ?? OPENAI_BASE_URL).replace(/\/+$/, '');
    this.textModel = config.textModel ?? 'gpt-4o-mini';
    this.imageModel = config.imageModel ?? 'dall-e-3';
    this.visionModel = config.visionModel ?? this.textModel;
    this.embeddingModel = config.embeddingModel ?? 'text-embedding-3-small';
    this.aliases = { dalle: this.imageModel, ...config.modelAliases };
    this.imageModels = config.imageModels?.length ? [...config.imageModels] : ['dalle'];
    this.timeoutMs = config.timeoutMs ?? 60_000;
    this.maxRetries = config.maxRetries ?? 2;
    this.jsonMode = config.jsonMode ?? 'json_schema';
    this.fetch = withPlainAbortErrors(config.fetch ?? ((...args) => globalThis.fetch(...args)));
    this.#client = new (openAiSdk().default)({
      apiKey: this.#apiKey,
      baseURL: this.baseURL,
      timeout: this.timeoutMs,
      maxRetries: this.maxRetries,
      fetch: this.fetch,
    });
  }

  /** The server's name for a requested model: an alias if one is set, else the name itself. */
  resolveModel(requested: string | undefined, fallback: string): string {
    if (!requested) return fallback;
    return this.aliases[requested] ?? requested;
  }

  async *streamText(request: TextRequest, options: CallOptions): AsyncIterable<string> {
    // The SDK's timeout ends once the answer starts; a server that then stalls is cut here, by
    // aborting when no piece arrives for `timeoutMs` (time spent by the consumer does not count).
    const watch = new StallWatch(options.signal, this.timeoutMs);
    const model = this.resolveModel(request.model, this.textModel);
    // The last chunk carries the usage (with include_usage); every chunk names the model.
    let answered: { model?: string; usage?: TokenCounts | null } = {};
    try {
      const stream = await this.#client.chat.completions.create(
        {
          model,
          messages: messages(request.system, request.prompt),
          stream: true,
          stream_options: { include_usage: true },
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
        },
        { signal: watch.signal },
      );
      watch.arm();
      for await (const chunk of stream) {
        watch.pause();
        answered = { model: chunk.model || answered.model, usage: chunk.usage ?? answered.usage };
        const piece = chunk.choices[0]?.delta?.content;
        if (piece) yield piece;
        watch.arm();
      }
      watch.throwIfCut();
      options.onUsage?.(usageOf(answered.model || model, answered.usage));
    } catch (error) {
      throw watch.stalled ? this.stallError(error) : this.mapError(error, options.signal);
    } finally {
      watch.dispose();
    }
  }

  async completeJson(request: JsonRequest, options: CallOptions): Promise<string> {
    const schemaText = JSON.stringify(request.schema);
    const system = [
      request.system,
      `Answer with one JSON value only (no prose, no Markdown fence) that matches this JSON Schema:\n${schemaText}`,
    ]
      .filter(Boolean)
      .join('\n\n');
    const conversation = messages(system, request.prompt);
    if (request.previousAttempt) {
      conversation.push(
        { role: 'assistant', content: request.previousAttempt.output },
        {
          role: 'user',
          content: `That answer was refused: ${request.previousAttempt.error}. Reply again with corrected JSON only, matching the schema.`,
        },
      );
    }
    const response_format: OpenAI.Chat.ChatCompletionCreateParams['response_format'] =
      this.jsonMode === 'json_schema'
        ? {
            type: 'json_schema',
            json_schema: {
              name: schemaName(request.schemaName),
              schema: { ...request.schema },
              strict: false,
            },
          }
        : { type: 'json_object' };
    const conversationModel = this.resolveModel(request.model, this.textModel);
    try {
      const completion = await this.#client.chat.completions.create(
        {
          model: conversationModel,
          messages: conversation,
          response_format,
        },
        { signal: options.signal },
      );
      options.onUsage?.(usageOf(completion.model || conversationModel, completion.usage));
      const message = completion.choices[0]?.message;
      if (message?.refusal)
        throw new AiProviderError('rejected', `The AI declined to answer: ${message.refusal}`);
      return message?.content ?? '';
    } catch (error) {
      throw this.mapError(error, options.signal);
    }
  }

  async generateImage(request: ImageRequest, options: CallOptions): Promise<GeneratedImage> {
    const model = this.resolveModel(request.model, this.imageModel);
    try {
      const response = await this.#client.images.generate(
        {
          model,
          prompt: request.prompt,
          n: 1,
          // GPT image models always answer base64 and refuse the parameter.
          ...(model.startsWith('gpt-image') ? {} : { response_format: 'b64_json' as const }),
          ...(request.size ? { size: request.size as OpenAI.Images.ImageGenerateParams['size'] } : {}),
        },
        { signal: options.signal },
      );
      options.onUsage?.(
        usageOf(
          model,
          response.usage && {
            prompt_tokens: response.usage.input_tokens,
            completion_tokens: response.usage.output_tokens,
            total_tokens: response.usage.total_tokens,
          },
        ),
      );
      const image = response.data?.[0];
      if (image?.b64_json) {
        const data = Uint8Array.from(Buffer.from(image.b64_json, 'base64'));
        const format = imageDimensions(data).format;
        return { data, mime: format === 'jpeg' || format === 'gif' ? `image/${format}` : 'image/png' };
      }
      if (image?.url) return await this.download(image.url, options.signal);
      throw new AiProviderError('rejected', 'The image service answered without an image.');
    } catch (error) {
      throw this.mapError(error, options.signal);
    }
  }

  async describeImage(request: VisionRequest, options: CallOptions): Promise<string> {
    const dataUrl = `data:${request.image.mime};base64,${Buffer.from(request.image.data).toString('base64')}`;
    const model = this.resolveModel(request.model, this.visionModel);
    try {
      const completion = await this.#client.chat.completions.create(
        {
          model,
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: request.prompt },
                { type: 'image_url', image_url: { url: dataUrl } },
              ],
            },
          ],
        },
        { signal: options.signal },
      );
      options.onUsage?.(usageOf(completion.model || model, completion.usage));
      return completion.choices[0]?.message?.content ?? '';
    } catch (error) {
      throw this.mapError(error, options.signal);
    }
  }

  models(): ModelList {
    const defaultImage = this.imageModels.includes(this.imageModel) ? this.imageModel : this.imageModels[0]!;
    return {
      text: [...new Set([...SPEC_TEXT_MODELS, this.textModel])],
      image: [...this.imageModels],
      defaultText: 'gpt-4',
      defaultImage,
    };
  }

  /** Every model the server lists that a block can use, with what it can do (see `openAiModel`). */
  async listModels({ signal }: { signal: AbortSignal }): Promise<ProviderModel[]> {
    try {
      const models: ProviderModel[] = [];
      for await (const listed of this.#client.models.list({ signal })) {
        const model = openAiModel(listed.id);
        if (model) models.push(model);
      }
      return models.sort((a, b) => a.id.localeCompare(b.id));
    } catch (error) {
      throw this.mapError(error, signal);
    }
  }

  /**
   * Servers that answer with a link get it fetched only from their own host: a link elsewhere
   * is refused rather than letting a server make the gateway fetch arbitrary addresses.
   */
  private async download(url: string, signal: AbortSignal): Promise<GeneratedImage> {
    const expected = new URL(this.baseURL).host;
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      throw new AiProviderError('rejected', 'The image service answered with a link that is not a URL.');
    }
    if (host !== expected) {
      throw new AiProviderError(
        'rejected',
        `The image service answered with a link to ${host} instead of the image data; only links to ${expected} are fetched.`,
      );
    }
    const response = await this.fetch(url, { signal });
    if (!response.ok) {
      throw new AiProviderError(
        response.status >= 500 ? 'unavailable' : 'rejected',
        `The generated image could not be downloaded from ${host} (${response.status}).`,
      );
    }
    const mime = response.headers.get('content-type')?.split(';')[0]?.trim() || 'image/png';
    return { data: new Uint8Array(await response.arrayBuffer()), mime };
  }

  /**
   * One turn of a conversation with tools, through Chat Completions' function tools, streamed
   * (`openai-tools.ts`).
   */
  toolTurn(request: ToolTurnRequest, options: ToolTurnOptions): Promise<ToolTurn> {
    return openAiToolTurn(this.#client, request, options, {
      model: this.resolveModel(request.model, this.textModel),
      timeoutMs: this.timeoutMs,
      stallError: (error) => this.stallError(error),
      mapError: (error) => this.mapError(error, options.signal),
    });
  }

  /** Vectors from the embeddings API, in the order of the texts (`embeddingModel` unless one is named). */
  async embed(request: EmbedRequest, options: CallOptions): Promise<Embeddings> {
    const model = request.model ?? this.embeddingModel;
    try {
      const answer = await this.#client.embeddings.create(
        { model, input: [...request.texts], encoding_format: 'float' },
        { signal: options.signal },
      );
      options.onUsage?.({
        model: answer.model,
        promptTokens: answer.usage.prompt_tokens,
        totalTokens: answer.usage.total_tokens,
      });
      const vectors = [...answer.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
      return { model, vectors };
    } catch (error) {
      throw this.mapError(error, options.signal);
    }
  }

  /** A streamed answer that stopped arriving for `timeoutMs`. */
  private stallError(cause: unknown): AiProviderError {
    const message = `${openAiServiceName(new URL(this.baseURL).host)} stopped sending its answer for ${seconds(this.timeoutMs)} s.`;
    return new AiProviderError('timeout', message, { cause });
  }

  private mapError(error: unknown, signal: AbortSignal): AiProviderError {
    return mapOpenAiError(error, {
      signal,
      timeoutMs: this.timeoutMs,
      maxRetries: this.maxRetries,
      host: new URL(this.baseURL).host,
      apiKey: this.#apiKey,
    });
  }
}

/**
 * The SDK tells a timeout from a broken connection by the thrown error's name, but it first turns
 * anything that is not an `Error` of its own realm into a new `Error`, losing the name: a fetch from
 * another realm (a test sandbox, a polyfill) throws a `DOMException` that would then read as
 * "connection failed". Re-throwing abort errors as plain errors keeps timeouts reported as timeouts.
 */
function withPlainAbortErrors(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    try {
      return await base(input, init);
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name !== 'AbortError' || error instanceof Error) throw error;
      const plain = new Error((error as { message?: string }).message ?? 'The operation was aborted.');
      plain.name = 'AbortError';
      throw plain;
    }
  };
}

function messages(system: string | undefined, prompt: string): Message[] {
  return [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    { role: 'user', content: prompt },
  ];
}

/** Response-format names allow letters, digits, `_` and `-`, up to 64 characters. */
function schemaName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64) || 'answer';
}
