import type Anthropic from '@anthropic-ai/sdk';
import type {
  AiProvider,
  CallOptions,
  GeneratedImage,
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
import { seconds } from '../provider-errors';
import { StallWatch } from '../stall-watch';
import { EMPTY_ANSWER, foldEvent, textPiece, usageOf, type AnswerSoFar } from './anthropic-answer';
import { DEFAULT_ANTHROPIC_TEXT_MODEL, toProviderModel } from './anthropic-models';
import { answerFromToolInput, jsonBody, textBody, visionBody, type MessageBody } from './anthropic-requests';
import { toolTurnBody, ToolUseCollector } from './anthropic-tools';
import { anthropicSdk } from '../../../libraries';
import { mapAnthropicError } from './map-anthropic-error';

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

export interface AnthropicProviderConfig {
  /** Sent as `x-api-key`. */
  apiKey: string;
  /** The API's root, without `/v1` (default `https://api.anthropic.com`). */
  baseURL?: string;
  /** Used when a request names no model (default `claude-sonnet-4-6`). */
  textModel?: string;
  /** Per request until the answer starts, and while streaming between two events (default 60 000). */
  timeoutMs?: number;
  /** Retries on 408, 409, 429, 5xx (529 overloaded too), timeouts and connection errors (default 2). */
  maxRetries?: number;
  /** `max_tokens` when a request sets none (default 4096). */
  maxTokens?: number;
}

/** An `AiProvider` over Anthropic's Messages API, through `@anthropic-ai/sdk`. Every call streams. */
export class AnthropicProvider implements AiProvider {
  readonly name = 'anthropic';
  readonly offline = false;
  readonly baseURL: string;
  readonly textModel: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxTokens: number;
  // True private fields: `console.log(provider)` must not print the key (the client holds it too).
  readonly #client: Anthropic;
  readonly #apiKey: string;
  /** The text models the service listed last time it was asked. */
  #listed: string[] = [];

  constructor(config: AnthropicProviderConfig) {
    this.#apiKey = config.apiKey;
    this.baseURL = (config.baseURL ?? ANTHROPIC_BASE_URL).replace(/\/+$/, '');
    this.textModel = config.textModel ?? DEFAULT_ANTHROPIC_TEXT_MODEL;
    this.timeoutMs = config.timeoutMs ?? 60_000;
    this.maxRetries = config.maxRetries ?? 2;
    this.maxTokens = config.maxTokens ?? 4096;
    this.#client = new (anthropicSdk().default)({
      apiKey: this.#apiKey,
      baseURL: this.baseURL,
      timeout: this.timeoutMs,
      maxRetries: this.maxRetries,
    });
  }

  async *streamText(request: TextRequest, options: CallOptions): AsyncIterable<string> {
    for await (const event of this.events(textBody(request), request.model, options, request.maxTokens)) {
      const piece = textPiece(event);
      if (piece) yield piece;
    }
  }

  async completeJson(request: JsonRequest, options: CallOptions): Promise<string> {
    const body = jsonBody(request);
    const answer = await this.answer(body, request.model, options);
    if (!answer.usedTool) {
      const said = answer.text.trim();
      throw new AiProviderError(
        'rejected',
        `Anthropic answered without the structured answer it was asked for${said ? `: ${said.slice(0, 300)}` : ''}.`,
      );
    }
    if (answer.stopReason === 'max_tokens') {
      throw new AiProviderError(
        'rejected',
        `Anthropic's structured answer was cut off at ${this.maxTokens} tokens. Raise ANTHROPIC_MAX_TOKENS, or ask for a shorter answer.`,
      );
    }
    let input: unknown;
    try {
      input = answer.toolInput.trim() ? JSON.parse(answer.toolInput) : {};
    } catch {
      // Handed on as it came: the facade sends it back once with what is wrong.
      return answer.toolInput;
    }
    return answerFromToolInput(input, request.schema);
  }

  /**
   * One turn of a conversation with tools, through the Messages API's own tool use: the text as it
   * streams (told to `onText`), and the `tool_use` blocks the model ends its turn with.
   */
  async toolTurn(request: ToolTurnRequest, options: ToolTurnOptions): Promise<ToolTurn> {
    const body = toolTurnBody(request);
    const collector = new ToolUseCollector();
    let answer = EMPTY_ANSWER;
    let text = '';
    for await (const event of this.events(body, request.model, options, request.maxTokens)) {
      answer = foldEvent(answer, event);
      collector.add(event);
      const piece = textPiece(event);
      if (piece) {
        text += piece;
        options.onText?.(piece);
      }
    }
    if (answer.stopReason === 'max_tokens' && answer.usedTool) {
      throw new AiProviderError(
        'rejected',
        `Anthropic's tool call was cut off at ${request.maxTokens ?? this.maxTokens} tokens. Raise ANTHROPIC_MAX_TOKENS, or ask for less at once.`,
      );
    }
    return { text, toolCalls: collector.calls() };
  }

  generateImage(): Promise<GeneratedImage> {
    return Promise.reject(
      new AiProviderError(
        'rejected',
        "Anthropic models do not generate images. Choose an image model (for example one of OpenAI or Gemini) in the block's settings.",
      ),
    );
  }

  async describeImage(request: VisionRequest, options: CallOptions): Promise<string> {
    return (await this.answer(visionBody(request), request.model, options)).text;
  }

  models(): ModelList {
    return {
      text: [...new Set([this.textModel, ...this.#listed])],
      image: [],
      defaultText: this.textModel,
      defaultImage: '',
    };
  }

  async listModels(options: { signal: AbortSignal }): Promise<ProviderModel[]> {
    const models: ProviderModel[] = [];
    try {
      for await (const model of this.#client.models.list({ limit: 100 }, { signal: options.signal })) {
        models.push(toProviderModel(model));
      }
    } catch (error) {
      throw this.mapError(error, options.signal);
    }
    this.#listed = models.map((m) => m.id);
    return models;
  }

  /** A whole answer, read from the stream (usage reported once it is complete). */
  private async answer(
    body: MessageBody,
    requested: string | undefined,
    options: CallOptions,
  ): Promise<AnswerSoFar> {
    let answer = EMPTY_ANSWER;
    for await (const event of this.events(body, requested, options)) answer = foldEvent(answer, event);
    return answer;
  }

  /**
   * The answer's events. The SDK's timeout ends once the answer starts; a server that then stalls
   * is cut here, by aborting when no event arrives for `timeoutMs` (time the consumer spends does
   * not count). Usage is reported once the answer is complete; an answer that ends early, is
   * stopped or stalls is an error, never a quiet short answer.
   */
  private async *events(
    body: MessageBody,
    requested: string | undefined,
    options: CallOptions,
    maxTokens?: number,
  ): AsyncGenerator<Anthropic.RawMessageStreamEvent> {
    const model = requested || this.textModel;
    const watch = new StallWatch(options.signal, this.timeoutMs);
    let answer = EMPTY_ANSWER;
    try {
      const stream = await this.#client.messages.create(
        { ...body, model, max_tokens: maxTokens ?? this.maxTokens, stream: true },
        { signal: watch.signal },
      );
      watch.arm();
      for await (const event of stream) {
        watch.pause();
        answer = foldEvent(answer, event);
        yield event;
        watch.arm();
      }
      watch.throwIfCut();
      if (!answer.complete) {
        throw new AiProviderError(
          'unavailable',
          'Anthropic ended its answer before it was complete. Try again later.',
        );
      }
      if (answer.stopReason === 'refusal') {
        throw new AiProviderError('rejected', 'Anthropic declined to answer this request (refusal).');
      }
      options.onUsage?.(usageOf(answer, model));
    } catch (error) {
      if (!watch.stalled) throw this.mapError(error, options.signal, model);
      const message = `Anthropic stopped sending its answer for ${seconds(this.timeoutMs)} s. Try again later, or raise ANTHROPIC_TIMEOUT_MS.`;
      throw new AiProviderError('timeout', message, { cause: error });
    } finally {
      watch.dispose();
    }
  }

  private mapError(error: unknown, signal: AbortSignal, model?: string): AiProviderError {
    return mapAnthropicError(error, {
      signal,
      timeoutMs: this.timeoutMs,
      maxRetries: this.maxRetries,
      host: new URL(this.baseURL).host,
      apiKey: this.#apiKey,
      ...(model !== undefined ? { model } : {}),
    });
  }
}
