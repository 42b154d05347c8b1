/**
 * What a model can do. An AI block's model setting names the capability it needs, and only models
 * that have it are offered for (and accepted by) that block.
 * - `text`: answers text, streamed piece by piece where `streaming` is listed too;
 * - `structured`: answers JSON matching a JSON Schema through the vendor's own mechanism;
 * - `vision`: reads images given with the prompt;
 * - `image`: generates images;
 * - `tools`: calls tools (function calling);
 * - `streaming`: streams its text answers.
 */
export type ModelCapability = 'text' | 'structured' | 'vision' | 'image' | 'tools' | 'streaming';

export const MODEL_CAPABILITIES: readonly ModelCapability[] = [
  'text',
  'structured',
  'vision',
  'image',
  'tools',
  'streaming',
];

/** A model as its provider lists it. */
export interface ProviderModel {
  /** The vendor's id, as a block's `model` setting takes it: `claude-sonnet-4-5`, `llama3.2:1b`. */
  id: string;
  /** A name for people (`Claude Sonnet 4.5`); the id when the vendor gives none. */
  label: string;
  capabilities: ModelCapability[];
  /** The most tokens the model reads at once, when the vendor says. */
  contextTokens?: number;
}

/** One model of the server's catalogue. */
export interface ModelInfo extends ProviderModel {
  /** The provider that answers for it: `openai`, `anthropic`, `gemini`, `ollama` or `offline`. */
  provider: string;
  /** Answers come from the offline stand-in, marked `[Offline preview]`. */
  offline: boolean;
  /** Credits an AI block using this model costs on top of the block's own price (0 for most). */
  credits: number;
}

/** The spec's model names, which every server answers with its default model for what they do. */
export const SPEC_MODEL_NAMES: Readonly<Record<string, ModelCapability>> = {
  'gpt-4': 'text',
  'gpt-3.5-turbo': 'text',
  dalle: 'image',
};

/** Why a run naming `model` is refused when the server's catalogue lacks it, as the server says it. */
export function modelNotAvailableMessage(model: string): string {
  return `Model "${model}" is not available on this server; choose another.`;
}

/** What a model with each capability can do, as a refusal says it. */
export const MODEL_CAPABILITY_WORDS: Readonly<Record<ModelCapability, string>> = {
  text: 'write text',
  structured: 'answer in a set structure (JSON)',
  vision: 'read images',
  image: 'make images',
  tools: 'call tools',
  streaming: 'stream its answer',
};

/** Why a block needing `capability` cannot use `model`, which the server has, as the server says it. */
export function modelCannotMessage(model: string, capability: ModelCapability): string {
  return `Model "${model}" cannot ${MODEL_CAPABILITY_WORDS[capability]}; choose another.`;
}
