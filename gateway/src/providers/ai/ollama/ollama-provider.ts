import type { ChatRequest, ChatResponse, Message } from 'ollama';
import type {
  AiProvider,
  AiUsage,
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
import { OllamaConnection } from './ollama-call';
import type { OllamaProviderConfig } from './ollama-config';
import { mapLimited, providerModelFrom } from './ollama-models';
import { noToolsMessage, toolChatMessages, toolParams, ToolCallCollector } from './ollama-tools';

/** How many `show` requests a listing makes at once. */
const SHOW_CONCURRENCY = 4;

/**
 * An `AiProvider` over Ollama's native API (`/api/chat`, `/api/tags`, `/api/show`), through the
 * `ollama` SDK: streamed text, structured answers with `format: <JSON Schema>`, images read by
 * vision models. Ollama makes no images here.
 */
export class OllamaProvider implements AiProvider {
  readonly name = 'ollama';
  readonly offline = false;
  readonly host: string;
  /** The model for requests that name none; undefined until the server lists one, when not configured. */
  readonly configuredTextModel: string | undefined;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  // A true private field: `console.log(provider)` must not print the key the connection holds.
  readonly #connection: OllamaConnection;
  /** Vectors from the configured embedding model (`/api/embed`); absent without one. */
  readonly embed?: (request: EmbedRequest, options: CallOptions) => Promise<Embeddings>;
  /** The server's models as last listed (text-capable only). */
  private listed: ProviderModel[] | undefined;

  constructor(config: OllamaProviderConfig) {
    this.host = config.host.replace(/\/+$/, '');
    this.configuredTextModel = config.textModel;
    this.timeoutMs = config.timeoutMs ?? 120_000;
    this.maxRetries = config.maxRetries ?? 2;
    this.#connection = new OllamaConnection({
      host: this.host,
      apiKey: config.apiKey,
      timeoutMs: this.timeoutMs,
      maxRetries: this.maxRetries,
      fetch: config.fetch ?? ((...args) => globalThis.fetch(...args)),
    });
    const embeddingModel = config.embeddingModel;
    if (embeddingModel) {
      this.embed = async (request, options) => {
        const model = request.model ?? embeddingModel;
        const answer = await this.#connection.run(options.signal, model, ({ client }) =>
          client.embed({ model, input: [...request.texts] }),
        );
        options.onUsage?.({ model, promptTokens: answer.prompt_eval_count });
        return { model, vectors: answer.embeddings };
      };
    }
  }

  /** The model for requests naming none: the configured one, else the first the server lists. */
  get textModel(): string | undefined {
    return this.configuredTextModel ?? this.listed?.[0]?.id;
  }

  async *streamText(request: TextRequest, options: CallOptions): AsyncIterable<string> {
    const model = request.model || (await this.defaultModel('text', options.signal));
    const settings: ChatRequest['options'] = {};
    if (request.temperature !== undefined) settings.temperature = request.temperature;
    if (request.maxTokens !== undefined) settings.num_predict = request.maxTokens;
    yield* this.chat(
      () => ({
        model,
        messages: conversation(request.system, request.prompt),
        ...(Object.keys(settings).length > 0 ? { options: settings } : {}),
      }),
      options,
    );
  }

  async completeJson(request: JsonRequest, options: CallOptions): Promise<string> {
    const model = request.model || (await this.defaultModel('text', options.signal));
    const system = [
      request.system,
      `Answer with one JSON value only (no prose, no Markdown fence) that matches this JSON Schema:\n${JSON.stringify(request.schema)}`,
    ]
      .filter(Boolean)
      .join('\n\n');
    const messages = conversation(system, request.prompt);
    if (request.previousAttempt) {
      messages.push(
        { role: 'assistant', content: request.previousAttempt.output },
        {
          role: 'user',
          content: `That answer was refused: ${request.previousAttempt.error}. Reply again with corrected JSON only, matching the schema.`,
        },
      );
    }
    // Ollama's own structured output: the schema as `format` constrains what the model can write.
    return collect(this.chat(() => ({ model, messages, format: { ...request.schema } }), options));
  }

  async describeImage(request: VisionRequest, options: CallOptions): Promise<string> {
    const model = request.model || (await this.defaultModel('vision', options.signal));
    // Bytes, not text: the SDK base64-encodes them (a string it would first try as a file path).
    const image = Uint8Array.from(request.image.data);
    return collect(
      this.chat(
        () => ({ model, messages: [{ role: 'user', content: request.prompt, images: [image] }] }),
        options,
      ),
    );
  }

  /**
   * One turn of a conversation with tools through `/api/chat`'s own tool calling: the tools as
   * functions, the text told to `onText` as it streams, the `tool_calls` the model makes (Ollama
   * gives them no ids: `call_<n>`, counted over the conversation). A model that cannot call tools
   * is refused saying so.
   */
  async toolTurn(request: ToolTurnRequest, options: ToolTurnOptions): Promise<ToolTurn> {
    const model = request.model || (await this.defaultModel('text', options.signal));
    const messages = toolChatMessages(request);
    const tools = toolParams(request.tools);
    const settings = request.maxTokens !== undefined ? { options: { num_predict: request.maxTokens } } : {};
    const collector = new ToolCallCollector(request.messages);
    let text = '';
    try {
      for await (const part of this.parts(() => ({ model, messages, tools, ...settings }), options)) {
        collector.add(part);
        const piece = part.message?.content;
        if (piece) {
          text += piece;
          options.onText?.(piece);
        }
      }
    } catch (error) {
      const refusal = noToolsMessage(error, model);
      if (refusal) throw new AiProviderError('rejected', refusal, { cause: error });
      throw error;
    }
    return { text, toolCalls: collector.calls() };
  }

  generateImage(_request: ImageRequest, _options: CallOptions): Promise<GeneratedImage> {
    return Promise.reject(
      new AiProviderError(
        'rejected',
        "Ollama does not make images here. Choose an image model of another provider (such as OpenAI's dall-e-3 or a Gemini image model) in the block's settings.",
      ),
    );
  }

  models(): ModelList {
    const text = [this.configuredTextModel, ...(this.listed ?? []).map((m) => m.id)].filter(
      (id): id is string => Boolean(id),
    );
    return { text: [...new Set(text)], image: [], defaultText: this.textModel ?? '', defaultImage: '' };
  }

  async listModels({ signal }: { signal: AbortSignal }): Promise<ProviderModel[]> {
    const models = await this.#connection.run(signal, undefined, async ({ client }) => {
      const { models } = await client.list();
      const shown = await mapLimited(models, SHOW_CONCURRENCY, async (listed) => {
        const id = listed.model || listed.name;
        try {
          return providerModelFrom(id, await client.show({ model: id }));
        } catch (error) {
          // Removed between the list and the show: leave it out.
          if ((error as { status_code?: unknown }).status_code === 404) return undefined;
          throw error;
        }
      });
      return shown.filter((model): model is ProviderModel => model !== undefined);
    });
    this.listed = models;
    return models.map((model) => ({ ...model, capabilities: [...model.capabilities] }));
  }

  /** Streams one chat answer's text (see `parts`). */
  private async *chat(build: () => ChatRequest, options: CallOptions): AsyncGenerator<string> {
    for await (const part of this.parts(build, options)) {
      const piece = part.message?.content;
      if (piece) yield piece;
    }
  }

  /**
   * Streams one chat answer's lines, with the watchdog (the server must start, and keep, sending
   * within the timeout), retries while nothing has arrived yet, and the usage of its last line.
   * `build` makes the request afresh for each attempt (the SDK rewrites images in place).
   */
  private async *parts(build: () => ChatRequest, options: CallOptions): AsyncGenerator<ChatResponse> {
    const connection = this.#connection;
    let yielded = false;
    for (let retries = 0; ; retries++) {
      const request = build();
      const attempt = connection.attempt(options.signal);
      let last: ChatResponse | undefined;
      try {
        attempt.arm();
        const stream = await attempt.client.chat({ ...request, stream: true });
        for await (const part of stream) {
          attempt.disarm();
          last = part;
          if (part.message?.content || part.message?.tool_calls?.length) {
            yielded = true;
            yield part;
          }
          attempt.arm();
        }
        // A cut stream must not look finished, whether the SDK threw or ended quietly.
        if (attempt.cutBy || options.signal.aborted) throw new Error('The answer was cut.');
        options.onUsage?.(usageOf(request.model, last));
        return;
      } catch (error) {
        await connection.afterFailure(error, attempt, {
          signal: options.signal,
          model: request.model,
          retries,
          mayRetry: !yielded,
        });
      } finally {
        attempt.close();
      }
    }
  }

  /** The model for a request naming none; asks the server for its list when it must. */
  private async defaultModel(need: 'text' | 'vision', signal: AbortSignal): Promise<string> {
    if (need === 'text' && this.configuredTextModel) return this.configuredTextModel;
    const listed = this.listed?.length ? this.listed : await this.listModels({ signal });
    const model = (need === 'vision' ? listed.find((m) => m.capabilities.includes('vision')) : undefined) ?? {
      id: this.textModel,
    };
    if (model.id) return model.id;
    throw new AiProviderError(
      'rejected',
      `Ollama has no models pulled at ${this.#connection.displayHost}. Run \`ollama pull llama3.2\`.`,
    );
  }
}

function conversation(system: string | undefined, prompt: string): Message[] {
  return [...(system ? [{ role: 'system', content: system }] : []), { role: 'user', content: prompt }];
}

async function collect(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}

/** The usage the last line of an answer reports: the model, and the token counts it gives. */
function usageOf(model: string, last: ChatResponse | undefined): AiUsage {
  const usage: AiUsage = { model: last?.model || model };
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const prompt = count(last?.prompt_eval_count);
  const completion = count(last?.eval_count);
  if (prompt !== undefined) usage.promptTokens = prompt;
  if (completion !== undefined) usage.completionTokens = completion;
  if (prompt !== undefined || completion !== undefined) usage.totalTokens = (prompt ?? 0) + (completion ?? 0);
  return usage;
}
