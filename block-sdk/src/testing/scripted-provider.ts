import type {
  AiProvider,
  CallOptions,
  GeneratedImage,
  ImageRequest,
  JsonRequest,
  ModelList,
  TextRequest,
  VisionRequest,
} from '@blocksmith/block-sdk';
import { AiProviderError } from '@blocksmith/block-sdk';

type Answer<R, T> = T | ((request: R) => T | Promise<T>);

export interface Script {
  /** Answers for text calls, used in order (the last one repeats). A string is streamed in word-sized pieces. */
  text?: Answer<TextRequest, string>[];
  /** Answers for JSON calls: a value is serialised; a string is sent as is (to script broken answers). */
  json?: Answer<JsonRequest, unknown>[];
  image?: Answer<ImageRequest, GeneratedImage>[];
  vision?: Answer<VisionRequest, string>[];
}

export interface RecordedCall {
  method: 'text' | 'json' | 'image' | 'vision';
  request: TextRequest | JsonRequest | ImageRequest | VisionRequest;
}

const TINY_PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/**
 * A provider that answers from a script and records every call, so block tests are exact.
 * Unscripted calls fail loudly rather than inventing an answer.
 */
export class ScriptedProvider implements AiProvider {
  readonly name = 'scripted';
  readonly offline = true;
  readonly calls: RecordedCall[] = [];
  private readonly used = { text: 0, json: 0, image: 0, vision: 0 };

  constructor(private readonly script: Script = {}) {}

  private async next<R, T>(method: keyof typeof this.used, answers: Answer<R, T>[] | undefined, request: R) {
    this.calls.push({ method, request: request as RecordedCall['request'] });
    if (!answers || answers.length === 0) {
      throw new AiProviderError('rejected', `The scripted provider has no ${method} answer scripted.`);
    }
    const answer = answers[Math.min(this.used[method]++, answers.length - 1)]!;
    return typeof answer === 'function' ? (answer as (r: R) => T | Promise<T>)(request) : answer;
  }

  async *streamText(request: TextRequest, options: CallOptions): AsyncIterable<string> {
    const answer = await this.next('text', this.script.text, request);
    for (const piece of answer.match(/\S+\s*|\s+/g) ?? []) {
      if (options.signal.aborted) throw new AiProviderError('aborted', 'The run was stopped.');
      yield piece;
    }
  }

  async completeJson(request: JsonRequest): Promise<string> {
    const answer = await this.next('json', this.script.json, request);
    return typeof answer === 'string' ? answer : JSON.stringify(answer);
  }

  async generateImage(request: ImageRequest): Promise<GeneratedImage> {
    const answers = this.script.image ?? [{ data: TINY_PNG, mime: 'image/png' }];
    return this.next('image', answers, request);
  }

  async describeImage(request: VisionRequest): Promise<string> {
    return this.next('vision', this.script.vision, request);
  }

  models(): ModelList {
    return {
      text: ['gpt-4', 'gpt-3.5-turbo'],
      image: ['dalle'],
      defaultText: 'gpt-4',
      defaultImage: 'dalle',
    };
  }
}
