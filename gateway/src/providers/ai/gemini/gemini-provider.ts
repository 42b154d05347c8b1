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
import { seconds } from '../provider-errors';
import { StallWatch } from '../stall-watch';
import { aspectRatioOf, imageOf, textOf, throwIfBlocked, usageOf, userTurn } from './gemini-answer';
import {
  GEMINI_BASE_URL,
  GEMINI_EMBEDDING_MODEL,
  GEMINI_IMAGE_MODEL,
  GEMINI_TEXT_MODEL,
  type GeminiProviderConfig,
} from './gemini-config';
import { geminiModelList, toProviderModel } from './gemini-models';
import { FunctionCallCollector, toolConfig, toolContents } from './gemini-tools';
import { GEMINI, mapGeminiError } from './map-gemini-error';
import {
  geminiSdk,
  type GoogleGenAI,
  type Content,
  type GenerateContentConfig,
  type GenerateContentResponse,
  type HttpOptions,
} from './gemini-sdk';

/** One call's plumbing: the SDK options it sends, and how its failures read. */
interface Call {
  httpOptions: HttpOptions;
  fail(error: unknown): AiProviderError;
}

/** An `AiProvider` over Google's Gemini API, through the `@google/genai` SDK. */
export class GeminiProvider implements AiProvider {
  readonly name = 'gemini';
  readonly offline = false;
  readonly baseUrl: string;
  readonly textModel: string;
  readonly imageModel: string;
  readonly embeddingModel: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  // True private fields: `console.log(provider)` must not print the key (the client holds it too).
  readonly #client: GoogleGenAI;
  readonly #apiKey: string;

  constructor(config: GeminiProviderConfig) {
    this.#apiKey = config.apiKey;
    this.baseUrl = (config.baseUrl ?? GEMINI_BASE_URL).replace(/\/+$/, '');
    this.textModel = config.textModel ?? GEMINI_TEXT_MODEL;
    this.imageModel = config.imageModel ?? GEMINI_IMAGE_MODEL;
    this.embeddingModel = config.embeddingModel ?? GEMINI_EMBEDDING_MODEL;
    this.timeoutMs = config.timeoutMs ?? 60_000;
    this.maxRetries = config.maxRetries ?? 2;
    this.#client = new (geminiSdk().GoogleGenAI)({
      apiKey: this.#apiKey,
      httpOptions: {
        baseUrl: this.baseUrl,
        ...(this.maxRetries > 0 ? { retryOptions: { attempts: this.maxRetries + 1 } } : {}),
      },
    });
  }

  async *streamText(request: TextRequest, options: CallOptions): AsyncIterable<string> {
    const config: GenerateContentConfig = {
      ...(request.system ? { systemInstruction: request.system } : {}),
      ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      ...(request.maxTokens !== undefined ? { maxOutputTokens: request.maxTokens } : {}),
    };
    const model = request.model || this.textModel;
    for await (const chunk of this.chunks(model, [userTurn(request.prompt)], config, options)) {
      const piece = textOf(chunk);
      if (piece) yield piece;
    }
  }

  /**
   * One turn of a conversation with tools through Gemini's function calling: the tools as function
   * declarations, the text told to `onText` as it streams, and the `functionCall` parts the model
   * answers with.
   */
  async toolTurn(request: ToolTurnRequest, options: ToolTurnOptions): Promise<ToolTurn> {
    const config: GenerateContentConfig = {
      ...toolConfig(request.tools),
      ...(request.system ? { systemInstruction: request.system } : {}),
      ...(request.maxTokens !== undefined ? { maxOutputTokens: request.maxTokens } : {}),
    };
    const model = request.model || this.textModel;
    const collector = new FunctionCallCollector(request.messages);
    let text = '';
    for await (const chunk of this.chunks(model, toolContents(request, model), config, options)) {
      collector.add(chunk);
      const piece = textOf(chunk);
      if (piece) {
        text += piece;
        options.onText?.(piece);
      }
    }
    return { text, toolCalls: collector.calls() };
  }

  /**
   * A streamed answer, chunk by chunk. The SDK's timeout would keep running while the answer
   * streams in; instead the answer is cut when nothing arrives for `timeoutMs`: before the first
   * chunk, or between two. Usage is reported once, from the last chunk (every chunk may carry the
   * counts so far).
   */
  private async *chunks(
    model: string,
    contents: Content[],
    config: GenerateContentConfig,
    options: CallOptions,
  ): AsyncGenerator<GenerateContentResponse> {
    const watch = new StallWatch(options.signal, this.timeoutMs);
    let started = false;
    const call = this.call(model, options.signal, false);
    let last: GenerateContentResponse | undefined;
    let said = false;
    try {
      watch.arm();
      const stream = await this.#client.models.generateContentStream({
        model,
        contents,
        config: { ...config, abortSignal: watch.signal, httpOptions: call.httpOptions },
      });
      for await (const chunk of stream) {
        watch.pause();
        started = true;
        last = chunk;
        // Content of earlier chunks only: a first chunk stopped for safety is refused.
        throwIfBlocked(chunk, said);
        said ||= textOf(chunk).length > 0 || hasFunctionCall(chunk);
        yield chunk;
        watch.arm();
      }
      watch.throwIfCut();
      options.onUsage?.(usageOf(last, model));
    } catch (error) {
      if (!watch.stalled) throw call.fail(error);
      const message = started
        ? `${GEMINI} stopped sending its answer for ${seconds(this.timeoutMs)} s.`
        : `${GEMINI} did not answer within ${seconds(this.timeoutMs)} s.`;
      throw new AiProviderError('timeout', message, { cause: error });
    } finally {
      watch.dispose();
    }
  }

  /** Structured output the vendor's way: a JSON answer constrained by `responseJsonSchema`. */
  async completeJson(request: JsonRequest, options: CallOptions): Promise<string> {
    const contents: Content[] = [userTurn(request.prompt)];
    if (request.previousAttempt) {
      contents.push(
        { role: 'model', parts: [{ text: request.previousAttempt.output }] },
        userTurn(
          `That answer was refused: ${request.previousAttempt.error}. Reply again with corrected JSON only, matching the schema.`,
        ),
      );
    }
    const response = await this.generate(request.model || this.textModel, contents, options, {
      responseMimeType: 'application/json',
      responseJsonSchema: { ...request.schema },
      ...(request.system ? { systemInstruction: request.system } : {}),
    });
    return textOf(response);
  }

  async describeImage(request: VisionRequest, options: CallOptions): Promise<string> {
    const image = {
      inlineData: { mimeType: request.image.mime, data: Buffer.from(request.image.data).toString('base64') },
    };
    const contents: Content[] = [{ role: 'user', parts: [image, { text: request.prompt }] }];
    return textOf(await this.generate(request.model || this.textModel, contents, options, {}));
  }

  /** Through a Gemini image model (`generateContent` answering an `inlineData` image). */
  async generateImage(request: ImageRequest, options: CallOptions): Promise<GeneratedImage> {
    const model = request.model || this.imageModel;
    if (model.startsWith('imagen-')) {
      throw new AiProviderError(
        'rejected',
        `${GEMINI} offers Imagen models such as "${model}" through Vertex AI only. Choose a Gemini image model such as ${GEMINI_IMAGE_MODEL} in the block's settings.`,
      );
    }
    const aspectRatio = aspectRatioOf(request.size);
    const response = await this.generate(model, [userTurn(request.prompt)], options, {
      responseModalities: ['IMAGE'],
      ...(aspectRatio ? { imageConfig: { aspectRatio } } : {}),
    });
    const image = imageOf(response);
    if (image) return image;
    const said = textOf(response).replace(/\s+/g, ' ').trim().slice(0, 200);
    throw new AiProviderError(
      'rejected',
      `${GEMINI} answered without an image${said ? `: "${said}"` : ''}. Check that "${model}" is an image model.`,
    );
  }

  models(): ModelList {
    return geminiModelList(this.textModel, this.imageModel);
  }

  /** Vectors of the texts from the embedding model (`batchEmbedContents`), in order. */
  async embed(request: EmbedRequest, options: CallOptions): Promise<Embeddings> {
    const model = request.model ?? this.embeddingModel;
    const call = this.call(model, options.signal, true);
    try {
      const response = await this.#client.models.embedContent({
        model,
        contents: [...request.texts],
        config: { abortSignal: options.signal, httpOptions: call.httpOptions },
      });
      const vectors = (response.embeddings ?? []).map((embedding) => embedding.values ?? []);
      options.onUsage?.({ model });
      return { model, vectors };
    } catch (error) {
      throw call.fail(error);
    }
  }

  /** Every page of the service's model list, as the catalogue takes them. */
  async listModels(options: { signal: AbortSignal }): Promise<ProviderModel[]> {
    const call = this.call('', options.signal, true);
    try {
      const pager = await this.#client.models.list({
        config: { pageSize: 100, abortSignal: options.signal, httpOptions: call.httpOptions },
      });
      const models: ProviderModel[] = [];
      for await (const model of pager) {
        const listed = toProviderModel(model);
        if (listed) models.push(listed);
      }
      return models;
    } catch (error) {
      throw call.fail(error);
    }
  }

  /** One `generateContent` call, reporting its usage and refusing a blocked answer. */
  private async generate(
    model: string,
    contents: Content[],
    options: CallOptions,
    config: GenerateContentConfig,
  ): Promise<GenerateContentResponse> {
    const call = this.call(model, options.signal, true);
    try {
      const response = await this.#client.models.generateContent({
        model,
        contents,
        config: { ...config, abortSignal: options.signal, httpOptions: call.httpOptions },
      });
      options.onUsage?.(usageOf(response, model));
      throwIfBlocked(response, textOf(response).length > 0 || imageOf(response) !== undefined);
      return response;
    } catch (error) {
      throw call.fail(error);
    }
  }

  /**
   * The SDK's errors carry the body, not the headers: each call's fetch keeps the `retry-after`
   * of a refused answer so that its message can say when to retry.
   */
  private call(model: string, signal: AbortSignal, timeout: boolean): Call {
    let retryAfter: string | null = null;
    const fetchAndNote = async (...[input, init]: Parameters<typeof fetch>): Promise<Response> => {
      const response = await withPlainAbortErrors(input, init);
      if (!response.ok) retryAfter = response.headers.get('retry-after');
      return response;
    };
    return {
      httpOptions: { fetch: fetchAndNote, ...(timeout ? { timeout: this.timeoutMs } : {}) },
      fail: (error) =>
        mapGeminiError(error, {
          signal,
          timeoutMs: this.timeoutMs,
          maxRetries: this.maxRetries,
          host: new URL(this.baseUrl).host,
          apiKey: this.#apiKey,
          model,
          retryAfter,
        }),
    };
  }
}

function hasFunctionCall(chunk: GenerateContentResponse): boolean {
  return (chunk.candidates?.[0]?.content?.parts ?? []).some((part) => part.functionCall);
}

/**
 * A fetch from another realm (a test sandbox, a polyfill) throws a `DOMException` the SDK would
 * wrap into a plain `Error`, losing the name that says it was aborted: re-thrown as an `Error`
 * named `AbortError`, a timeout stays a timeout.
 */
async function withPlainAbortErrors(...[input, init]: Parameters<typeof fetch>): Promise<Response> {
  try {
    return await globalThis.fetch(input, init);
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name !== 'AbortError' || error instanceof Error) throw error;
    const plain = new Error((error as { message?: string }).message ?? 'The operation was aborted.');
    plain.name = 'AbortError';
    throw plain;
  }
}
