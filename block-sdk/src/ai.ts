import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type {
  AiProvider,
  AiUsage,
  CallOptions,
  GeneratedImage,
  ImageRequest,
  JsonRequest,
  JsonSchema,
  TextAtHand,
  TextRequest,
  ToolTurn,
  ToolTurnRequest,
  VisionRequest,
} from './ai-provider';
import { AiOutputError, AiProviderError } from './errors';
import { checkedToolCall, checkToolSpecs } from './tool-calls';

/**
 * String formats (`email`, `uri`, `date-time`, `uuid`...) are checked. ajv-formats' extra keywords
 * (formatMinimum, formatMaximum...) are not added: they stay ignored like any unknown keyword, so
 * schemas that use them compile and validate as before.
 */
const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }), { keywords: false });
const validators = new WeakMap<JsonSchema, ValidateFunction>();

function validatorFor(schema: JsonSchema): ValidateFunction {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema as object);
    validators.set(schema, validate);
  }
  return validate;
}

/** Checks a raw answer against a schema; returns the parsed value or a sentence saying what is wrong. */
export function checkJsonAnswer(
  raw: string,
  schema: JsonSchema,
): { ok: true; value: unknown } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(stripFence(raw));
  } catch (error) {
    return { ok: false, error: `the answer is not valid JSON (${(error as Error).message})` };
  }
  const validate = validatorFor(schema);
  if (validate(value)) return { ok: true, value };
  const problems = (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '(root)'} ${e.message ?? 'is invalid'}`);
  return { ok: false, error: problems.join('; ') };
}

/** Models often wrap JSON in a Markdown fence; accept that. */
function stripFence(raw: string): string {
  const trimmed = raw.trim();
  const fence = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(trimmed);
  return fence ? fence[1]! : trimmed;
}

export interface TextOptions {
  /** Stream partial text to the run's progress (on by default). */
  stream?: boolean;
}

/** What a block uses to talk to AI: a provider plus validation and streaming. */
export class Ai {
  constructor(
    private readonly provider: AiProvider,
    private readonly signal: AbortSignal,
    private readonly onPartial: (text: string) => void = () => {},
    /** Told what each call used, when the provider reports it (the run records it per block). */
    private readonly onUsage?: (usage: AiUsage) => void,
    /** The run gathers the progress (inside a loop): an answer in memory goes to `onPartial` whole. */
    private readonly progressGathered = false,
  ) {}

  /** What every provider call is given: the run's stop signal, and where usage goes. */
  private get call(): CallOptions {
    return this.onUsage ? { signal: this.signal, onUsage: this.onUsage } : { signal: this.signal };
  }

  get providerName(): string {
    return this.provider.name;
  }

  get offline(): boolean {
    return this.provider.offline;
  }

  /**
   * Generates text, streaming each piece to the run's progress as it arrives. An answer already in
   * memory (`TextAtHand`) is read in one call, its pieces still streamed one by one, or whole
   * where the run gathers the progress anyway.
   */
  async text(request: TextRequest, options: TextOptions = {}): Promise<string> {
    const stream = options.stream ?? true;
    const pieces = this.provider.streamText(request, this.call);
    const { readAtOnce } = pieces as Partial<TextAtHand>;
    if (readAtOnce) {
      const whole = stream && this.progressGathered;
      const atHand = readAtOnce.call(pieces, stream && !whole ? this.streamPiece : undefined);
      if (atHand !== undefined) {
        if (whole) this.streamPiece(atHand);
        return atHand;
      }
    }
    let text = '';
    for await (const piece of pieces) {
      this.throwIfAborted();
      text += piece;
      if (stream && piece.length > 0) this.onPartial(piece);
    }
    return text;
  }

  /**
   * Asks for JSON matching `schema`. An answer that does not parse or validate is sent back once
   * with the validation error; a second failure raises an `AiOutputError` naming the problem.
   */
  async json<T>(request: Omit<JsonRequest, 'previousAttempt'>): Promise<T> {
    let previousAttempt: JsonRequest['previousAttempt'];
    for (let attempt = 1; attempt <= 2; attempt++) {
      const raw = await this.provider.completeJson(
        previousAttempt ? { ...request, previousAttempt } : request,
        this.call,
      );
      this.throwIfAborted();
      const checked = checkJsonAnswer(raw, request.schema);
      if (checked.ok) return checked.value as T;
      previousAttempt = { output: raw.slice(0, 4000), error: checked.error };
    }
    throw new AiOutputError(
      `The AI answer for ${request.schemaName} did not have the expected shape: ${previousAttempt!.error}.`,
    );
  }

  async image(request: ImageRequest): Promise<GeneratedImage> {
    return this.provider.generateImage(request, this.call);
  }

  async vision(request: VisionRequest): Promise<string> {
    return this.provider.describeImage(request, this.call);
  }

  /**
   * One turn of a conversation in which the model may call `request.tools`: its text (streamed to
   * the run's progress) and the calls it makes (none: it has answered). Tools a vendor would refuse
   * (bad or repeated names) are refused before any call; a call whose arguments are not a JSON
   * object comes back with `{}` and `argumentsError` set, for the caller to refuse.
   */
  async toolTurn(request: ToolTurnRequest): Promise<ToolTurn> {
    checkToolSpecs(request.tools);
    if (!this.provider.toolTurn) {
      throw new AiProviderError(
        'rejected',
        `The AI provider "${this.provider.name}" cannot call tools; choose a model that can call tools.`,
      );
    }
    const turn = await this.provider.toolTurn(request, {
      ...this.call,
      onText: (piece) => {
        if (piece.length > 0) this.onPartial(piece);
      },
    });
    this.throwIfAborted();
    return { text: turn.text, toolCalls: turn.toolCalls.map(checkedToolCall) };
  }

  /** A piece of streamed text to the run's progress (an empty one says nothing). */
  private readonly streamPiece = (piece: string): void => {
    if (piece.length > 0) this.onPartial(piece);
  };

  private throwIfAborted(): void {
    if (this.signal.aborted) throw new AiProviderError('aborted', 'The run was stopped.');
  }
}
