import { checkUrl, integer, read, type Env } from '../env-values';

/** Where Ollama listens unless told otherwise. */
export const OLLAMA_DEFAULT_PORT = '11434';

export interface OllamaProviderConfig {
  /** The server's root, e.g. `http://localhost:11434` (the native API is under `/api`). */
  host: string;
  /** Sent as a bearer token, for a server behind a proxy that wants one (Ollama itself needs none). */
  apiKey?: string;
  /** Used when a request names no model (default: the first model the server lists). */
  textModel?: string;
  /** Until the server starts answering, and, while it answers, between two pieces (default 120 000). */
  timeoutMs?: number;
  /** Retries on 429, 5xx and refused connections, before any of the answer arrived (default 2). */
  maxRetries?: number;
  /** The fetch the SDK uses (default: the global one). */
  fetch?: typeof fetch;
  /**
   * A pulled embedding model (`nomic-embed-text`) that makes the vectors knowledge bases are
   * searched by; without it this provider makes none.
   */
  embeddingModel?: string;
}

/**
 * The provider's settings from `OLLAMA_*` variables, or undefined when `OLLAMA_HOST` is not set (the
 * provider is then off). A bad value throws naming the variable.
 */
export function ollamaConfigFrom(env: Env): OllamaProviderConfig | undefined {
  const raw = read(env, 'OLLAMA_HOST');
  if (raw === undefined) return undefined;
  const config: OllamaProviderConfig = { host: ollamaHost(raw) };
  const apiKey = read(env, 'OLLAMA_API_KEY');
  if (apiKey !== undefined) config.apiKey = apiKey;
  const textModel = read(env, 'OLLAMA_TEXT_MODEL');
  if (textModel !== undefined) config.textModel = textModel;
  const embeddingModel = read(env, 'OLLAMA_EMBEDDING_MODEL');
  if (embeddingModel !== undefined) config.embeddingModel = embeddingModel;
  const timeoutMs = integer(env, 'OLLAMA_TIMEOUT_MS', 1);
  if (timeoutMs !== undefined) config.timeoutMs = timeoutMs;
  const maxRetries = integer(env, 'OLLAMA_MAX_RETRIES', 0);
  if (maxRetries !== undefined) config.maxRetries = maxRetries;
  return config;
}

/**
 * `OLLAMA_HOST` as Ollama's own command line reads it: `http://host:port`, or `host:port`, `host`
 * (port 11434) and `:port` (this machine) without a scheme. Answers a full URL without a trailing slash.
 */
export function ollamaHost(raw: string): string {
  const name = 'OLLAMA_HOST';
  let value = raw.startsWith(':') ? `127.0.0.1${raw}` : raw;
  if (!value.includes('://')) {
    const slash = value.indexOf('/');
    const address = slash === -1 ? value : value.slice(0, slash);
    const rest = slash === -1 ? '' : value.slice(slash);
    value = `http://${/:\d+$/.test(address) ? address : `${address}:${OLLAMA_DEFAULT_PORT}`}${rest}`;
  }
  try {
    checkUrl(name, value);
  } catch (error) {
    if ((error as Error).message.includes('http:// or https://')) throw error;
    throw new Error(
      `${name} must be the Ollama server's address such as http://localhost:11434, got "${raw}".`,
      { cause: error },
    );
  }
  const url = new URL(value);
  if (url.username || url.password) {
    throw new Error(`${name} must not carry a user name or password; put a proxy's key in OLLAMA_API_KEY.`);
  }
  if (url.search || url.hash) {
    throw new Error(`${name} must be the Ollama server's address without a query, got "${raw}".`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  const api = /^(.*)\/(v1|api)$/.exec(path);
  if (api) {
    throw new Error(
      `${name} is the server's root, without /${api[2]} (the provider adds /api itself): use ${url.origin}${api[1]}, got "${raw}".`,
    );
  }
  return `${url.origin}${path}`;
}
