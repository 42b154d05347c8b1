import type { ProviderModel } from '@blocksmith/schema';

/** JSON Schema (draft 2020-12 subset) describing a structured answer. */
export type JsonSchema = Readonly<Record<string, unknown>>;

export interface TextRequest {
  prompt: string;
  system?: string;
  /** A model name or alias (`gpt-4`); the provider maps it to what its server offers. */
  model?: string;
  temperature?: number;
  maxTokens?: number;
}

export interface JsonRequest {
  prompt: string;
  system?: string;
  model?: string;
  schema: JsonSchema;
  /** Short identifier for the shape, e.g. `classification`. */
  schemaName: string;
  /** Set on the corrective retry: what came back last time and why it was refused. */
  previousAttempt?: { output: string; error: string };
}

export interface ImageRequest {
  prompt: string;
  model?: string;
  /** `WIDTHxHEIGHT`, e.g. `512x512`. */
  size?: string;
}

export interface GeneratedImage {
  data: Uint8Array;
  mime: string;
}

export interface VisionRequest {
  prompt: string;
  image: { data: Uint8Array; mime: string };
  model?: string;
}

/** What one AI call used, as the service reports it (token counts only when it gives them). */
export interface AiUsage {
  /** The model that answered, as the service names it. */
  model: string;
  promptTokens?: number;
  completionTokens?: number;
  totalTokens?: number;
}

/** A tool a model may call: its name, what it does, and its arguments as a JSON Schema (an object). */
export interface ToolSpec {
  /** Letters, digits, `_` and `-`, at most 64 characters (every vendor accepts these). */
  name: string;
  description: string;
  parameters: JsonSchema;
}

/** A call the model asked for, with the id the vendor gave it (or one made up where it gives none). */
export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /**
   * Set when the model's arguments were not a JSON object (`arguments` is then `{}`): what was
   * wrong, so the caller refuses the call and tells the model instead of running the tool.
   */
  argumentsError?: string;
}

/** What a tool answered (or why it failed), sent back to the model for the call with `callId`. */
export interface ToolResult {
  callId: string;
  name: string;
  content: string;
  isError?: boolean;
}

/** One message of a conversation with tools. */
export type ToolMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: ToolCall[] }
  | { role: 'tool'; results: ToolResult[] };

export interface ToolTurnRequest {
  system?: string;
  /** The conversation so far: starts with the user's message; each assistant turn that called tools is followed by their results. */
  messages: ToolMessage[];
  tools: ToolSpec[];
  model?: string;
  maxTokens?: number;
  /**
   * The final answer (the turn without tool calls) must be JSON matching this schema; the caller
   * says so in its messages too and checks the answer. Providers that can constrain output may use it.
   */
  answerSchema?: JsonSchema;
}

/** The model's next turn: text (possibly empty) and the tools it calls (none: it has answered). */
export interface ToolTurn {
  text: string;
  toolCalls: ToolCall[];
}

export interface ToolTurnOptions extends CallOptions {
  /** Told each piece of the turn's text as it streams in. */
  onText?(piece: string): void;
}

/**
 * A text stream whose whole answer is already in memory (the offline provider's): `Ai.text` reads
 * it in one call instead of a promise and a turn of the event loop per piece. Optional on the
 * stream `streamText` returns; a stream without it is read piece by piece.
 */
export interface TextAtHand {
  /**
   * Hands every piece to `onPiece` (when given), in order, refusing as the stream's reads would
   * (the run stopped before a piece: `AiProviderError` `aborted`), reports usage as the stream's
   * end would, and returns the whole text. Returns undefined, having read nothing, when the text
   * is not in memory after all (the stream is then read as any other).
   */
  readAtOnce(onPiece?: (piece: string) => void): string | undefined;
}

export interface CallOptions {
  signal: AbortSignal;
  /**
   * Told what the call used, once it is known (at most once per call). Optional: providers that
   * cannot say leave it uncalled, and callers that do not care leave it out.
   */
  onUsage?(usage: AiUsage): void;
}

/** Texts to turn into vectors for search (a knowledge base's passages, a question). */
export interface EmbedRequest {
  texts: readonly string[];
  /** An embedding model the provider offers; absent: its default one. */
  model?: string;
}

/** One vector per text, in the order given, all of the same length, from `model`. */
export interface Embeddings {
  /** The model that made them, as the provider names it (vectors of different models do not compare). */
  model: string;
  vectors: number[][];
}

export interface ModelList {
  text: string[];
  image: string[];
  defaultText: string;
  defaultImage: string;
}

/**
 * The swappable AI edge. Providers answer raw material; the SDK's `Ai` facade adds JSON parsing,
 * schema validation with one corrective retry, and progress streaming.
 */
export interface AiProvider {
  /** `openai`, `offline`, `scripted`... */
  readonly name: string;
  /** True when answers are produced locally without any AI service. */
  readonly offline: boolean;
  streamText(request: TextRequest, options: CallOptions): AsyncIterable<string>;
  /** Returns the raw text of an answer that should be JSON matching `request.schema`. */
  completeJson(request: JsonRequest, options: CallOptions): Promise<string>;
  generateImage(request: ImageRequest, options: CallOptions): Promise<GeneratedImage>;
  describeImage(request: VisionRequest, options: CallOptions): Promise<string>;
  models(): ModelList;
  /**
   * The models the service offers, as it lists them (with what each can do). Optional: a provider
   * that cannot list offers the models of `models()`. Rejects with an `AiProviderError` when the
   * service cannot be asked.
   */
  listModels?(options: { signal: AbortSignal }): Promise<ProviderModel[]>;
  /**
   * One turn of a conversation in which the model may call `request.tools`, through the vendor's
   * own tool calling. Optional: a provider without it offers no model with the `tools` capability.
   */
  toolTurn?(request: ToolTurnRequest, options: ToolTurnOptions): Promise<ToolTurn>;
  /**
   * Vectors of texts for similarity search, from the provider's embedding model. Optional: a
   * server whose providers have none searches knowledge bases by their text alone.
   */
  embed?(request: EmbedRequest, options: CallOptions): Promise<Embeddings>;
}
