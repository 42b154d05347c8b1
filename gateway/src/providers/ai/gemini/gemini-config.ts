import { checkUrl, integer, read, type Env } from '../env-values';

/** Google's Gemini API (the Gemini Developer API the `@google/genai` SDK calls by default). */
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';
export const GEMINI_TEXT_MODEL = 'gemini-2.5-flash';
/** A Gemini image model: the SDK reaches Imagen models only through Vertex AI, not this API. */
export const GEMINI_IMAGE_MODEL = 'gemini-2.5-flash-image';
/** Makes the vectors knowledge bases are searched by. */
export const GEMINI_EMBEDDING_MODEL = 'gemini-embedding-001';

export interface GeminiProviderConfig {
  /** Sent in the `x-goog-api-key` header. */
  apiKey: string;
  /** The API's root, without the version (default `https://generativelanguage.googleapis.com`). */
  baseUrl?: string;
  /** Used when a request names no model (default `gemini-2.5-flash`). */
  textModel?: string;
  /** Used when an image request names no model (default `gemini-2.5-flash-image`). */
  imageModel?: string;
  /** Makes the vectors knowledge bases are searched by (default `gemini-embedding-001`). */
  embeddingModel?: string;
  /** Until the service answers, and, while streaming, between two pieces (default 60 000). */
  timeoutMs?: number;
  /** Retries on 408, 429 and 5xx answers and broken connections (default 2). */
  maxRetries?: number;
}

/**
 * The provider's settings from `GEMINI_*` variables, or undefined when `GEMINI_API_KEY` is not
 * set (the provider is then off). A bad value throws naming the variable.
 */
export function geminiConfigFrom(env: Env): GeminiProviderConfig | undefined {
  const apiKey = read(env, 'GEMINI_API_KEY');
  if (!apiKey) return undefined;
  const config: GeminiProviderConfig = { apiKey };
  const baseUrl = read(env, 'GEMINI_BASE_URL');
  if (baseUrl !== undefined) {
    checkUrl('GEMINI_BASE_URL', baseUrl);
    config.baseUrl = baseUrl;
  }
  const textModel = read(env, 'GEMINI_TEXT_MODEL');
  if (textModel !== undefined) config.textModel = textModel;
  const imageModel = read(env, 'GEMINI_IMAGE_MODEL');
  if (imageModel !== undefined) {
    if (imageModel.startsWith('imagen-')) {
      throw new Error(
        `GEMINI_IMAGE_MODEL must be a Gemini image model such as ${GEMINI_IMAGE_MODEL}, got "${imageModel}" (Imagen models are offered through Vertex AI only).`,
      );
    }
    config.imageModel = imageModel;
  }
  const embeddingModel = read(env, 'GEMINI_EMBEDDING_MODEL');
  if (embeddingModel !== undefined) config.embeddingModel = embeddingModel;
  const timeoutMs = integer(env, 'GEMINI_TIMEOUT_MS', 1);
  if (timeoutMs !== undefined) config.timeoutMs = timeoutMs;
  const maxRetries = integer(env, 'GEMINI_MAX_RETRIES', 0);
  if (maxRetries !== undefined) config.maxRetries = maxRetries;
  return config;
}
