import { AiProviderError } from '@blocksmith/block-sdk';
import {
  isAbortError,
  networkCode as systemCode,
  providerErrorMaker,
  retriedText,
  seconds,
} from '../provider-errors';

export interface OllamaErrorContext {
  signal: AbortSignal;
  timeoutMs: number;
  /** How many times the call was retried before this failure. */
  retries: number;
  /** Where the server is, for messages (no credentials in it): `localhost:11434`. */
  host: string;
  /** The model the call named, for "no model" messages. */
  model?: string;
  /** Seconds the server asked to wait (`retry-after`), when it said. */
  retryAfterSeconds?: number;
  /** Removed from every message, in case a server or proxy echoes it back. */
  apiKey?: string;
}

/** What the `ollama` SDK throws for an answer with an error status (its class is not exported). */
interface ResponseError extends Error {
  error: string;
  status_code: number;
}

/**
 * Turns whatever the `ollama` SDK (or the fetch under it) threw into an `AiProviderError` whose kind
 * the gateway can act on and whose message names Ollama and says what to do.
 */
export function mapOllamaError(error: unknown, context: OllamaErrorContext): AiProviderError {
  if (error instanceof AiProviderError) return error;
  const make = providerErrorMaker(error, context.apiKey);
  const retried = retriedText(context.retries);

  if (context.signal.aborted || isAbortError(error)) return make('aborted', 'The run was stopped.');
  if (isResponseError(error)) {
    const status = error.status_code;
    const detail = `${status}${serverText(error.error) ? `: ${serverText(error.error)}` : ''}`;
    if (status === 401 || status === 403) {
      return make(
        'rejected',
        `Ollama refused the API key (${detail}). Check OLLAMA_API_KEY or the key on the admin page (Admin -> AI providers).`,
      );
    }
    if (status === 429) {
      const wait =
        context.retryAfterSeconds !== undefined
          ? `retry after ${context.retryAfterSeconds} s`
          : 'wait a minute and run again';
      return make('rate_limited', `Ollama is limiting requests (${detail})${retried}; ${wait}.`);
    }
    if (status >= 500) {
      return make('unavailable', `Ollama is overloaded or failing (${detail})${retried}. Try again later.`);
    }
    if (status === 404 && /model/i.test(error.error)) {
      const name = context.model ?? /model ['"]([^'"]+)['"]/.exec(error.error)?.[1] ?? '';
      return make(
        'rejected',
        `Ollama has no model "${name}" (${detail}). Choose another model in the block's settings.`,
      );
    }
    if (status === 408) {
      return make('timeout', `Ollama gave up waiting (${detail})${retried}. Try again later.`);
    }
    return make('rejected', `Ollama refused the request (${detail}).`);
  }
  const code = networkCode(error);
  if (code) {
    return make(
      'unavailable',
      `Ollama could not be reached at ${context.host} (${code})${retried}. Check OLLAMA_HOST and that the server is running.`,
    );
  }
  const text = error instanceof Error ? error.message : String(error);
  if (text === 'Did not receive done or success response in stream.') {
    return make('unavailable', `Ollama ended its answer before finishing${retried}. Try again later.`);
  }
  // The SDK throws an error line of a stream (`{"error": "..."}`) as a plain Error with its text.
  return make(
    'unavailable',
    `Ollama could not answer: ${serverText(text) || 'no reason given'}. Try again later.`,
  );
}

/** Whether a failure may pass if the call is made again: rate limits, 5xx, broken connections. */
export function isRetryable(error: unknown): boolean {
  if (isResponseError(error))
    return error.status_code === 408 || error.status_code === 429 || error.status_code >= 500;
  return networkCode(error) !== undefined;
}

/** The message for a stream that stopped sending. */
export function stalledMessage(timeoutMs: number): string {
  return `Ollama stopped sending its answer for ${seconds(timeoutMs)} s. Try again, or raise OLLAMA_TIMEOUT_MS if the model is slow to load.`;
}

/** The message for a server that did not start answering in time. */
export function notAnsweredMessage(timeoutMs: number, retries: number): string {
  return `Ollama did not answer within ${seconds(timeoutMs)} s${retriedText(retries)}. Try again, or raise OLLAMA_TIMEOUT_MS if the model is slow to load.`;
}

function isResponseError(error: unknown): error is ResponseError {
  return (
    error instanceof Error &&
    error.name === 'ResponseError' &&
    typeof (error as Partial<ResponseError>).status_code === 'number'
  );
}

/** `ECONNREFUSED`, `ENOTFOUND`...: what a failed connection's cause says, if it is one. */
function networkCode(error: unknown): string | undefined {
  const code = systemCode(error);
  if (code !== undefined) return code;
  if (error instanceof TypeError && error.message === 'fetch failed') return 'connection failed';
  return undefined;
}

/** The server's own explanation, on one line and not too long. */
function serverText(text: string): string {
  const short = text.replace(/\s+/g, ' ').trim();
  return short.length > 300 ? `${short.slice(0, 299)}…` : short;
}
