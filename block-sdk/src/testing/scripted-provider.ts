import type {
  AiProvider,
  CallOptions,
  GeneratedImage,
  ImageRequest,
  JsonRequest,
  ModelList,
  TextRequest,
  ToolCall,
  ToolTurn,
  ToolTurnOptions,
  ToolTurnRequest,
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
  /**
   * Tool turns, used in order (the last one repeats). A string is a final answer (no calls); calls
   * without an id get `call_<n>`, counted over the whole script. The text is streamed in word-sized
   * pieces.
   */
  tools?: Answer<ToolTurnRequest, ScriptedToolTurn>[];
}

/** A scripted tool turn: a final answer, or text and calls (ids optional). */
export type ScriptedToolTurn =
  string | { text?: string; toolCalls?: (Omit<ToolCall, 'id'> & { id?: string })[] };

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
  /** Every tool turn asked for, as it was sent (kept apart: these requests have no prompt). */
  readonly toolRequests: ToolTurnRequest[] = [];
  private readonly used = { text: 0, json: 0, image: 0, vision: 0, tools: 0 };
  private callCount = 0;

  constructor(private readonly script: Script = {}) {}

  private async next<R, T>(method: keyof typeof this.used, answers: Answer<R, T>[] | undefined, request: R) {
    if (method === 'tools') this.toolRequests.push(request as ToolTurnRequest);
    else this.calls.push({ method, request: request as RecordedCall['request'] });
    if (!answers || answers.length === 0) {
      throw new AiProviderError('rejected', `The scripted provider has no ${method} answer scripted.`);
    }
    const answer = answers[Math.min(this.used[method]++, answers.length - 1)]!;
    return typeof answer === 'function' ? (answer as (r: R) => T | Promise<T>)(request) : answer;
  }

  async *streamText(request: TextRequest, options: CallOptions): AsyncIterable<string> {
    const answer = await this.next('text', this.script.text, request);
    for (const piece of wordPieces(answer)) {
      throwIfAborted(options.signal);
      yield piece;
    }
  }

  async toolTurn(request: ToolTurnRequest, options: ToolTurnOptions): Promise<ToolTurn> {
    // Recorded as sent: a caller that later adds to its conversation does not change the record.
    const answer = await this.next('tools', this.script.tools, structuredClone(request));
    const scripted = typeof answer === 'string' ? { text: answer } : answer;
    const text = scripted.text ?? '';
    for (const piece of wordPieces(text)) {
      throwIfAborted(options.signal);
      options.onText?.(piece);
    }
    throwIfAborted(options.signal);
    const toolCalls = (scripted.toolCalls ?? []).map((call) => ({
      ...call,
      id: call.id ?? `call_${++this.callCount}`,
    }));
    return { text, toolCalls };
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

function wordPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AiProviderError('aborted', 'The run was stopped.');
}
