import type { APIError } from 'openai';
import { AiProviderError } from '@blocksmith/block-sdk';
import { isAbortError, providerErrorMaker, retriedText, seconds } from './provider-errors';
import { openAiSdk } from '../../libraries';

export interface ErrorContext {
  signal: AbortSignal;
  timeoutMs: number;
  maxRetries: number;
  /** Where the service is, for messages (no credentials in it). */
  host: string;
  /** Removed from every message, in case a server echoes it back. */
  apiKey: string;
}

/**
 * Turns whatever the `openai` SDK (or a download) threw into an `AiProviderError` whose kind the
 * gateway can act on and whose message a person can act on.
 */
export function mapOpenAiError(error: unknown, context: ErrorContext): AiProviderError {
  if (error instanceof AiProviderError) return error;
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = openAiSdk();
  const service = openAiServiceName(context.host);
  const make = providerErrorMaker(error, context.apiKey);

  if (context.signal.aborted || error instanceof APIUserAbortError || isAbortError(error)) {
    return make('aborted', 'The run was stopped.');
  }
  if (error instanceof APIConnectionTimeoutError) {
    return make(
      'timeout',
      `${service} did not answer within ${seconds(context.timeoutMs)} s${retriedText(context.maxRetries)}.`,
    );
  }
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? ` (${causeText(error.cause)})` : '';
    return make(
      'unavailable',
      `${service} at ${context.host} could not be reached${cause}${retriedText(context.maxRetries)}. Check OPENAI_BASE_URL and that the server is running.`,
    );
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const detail = serverMessage(error);
    const status = error.status;
    if (status === 429) {
      return make(
        'rate_limited',
        `${service} is limiting requests (429${detail ? `: ${detail}` : ''})${retriedText(context.maxRetries)}. Wait a minute and run again.`,
      );
    }
    if (status >= 500) {
      return make(
        'unavailable',
        `${service} had a problem (${status}${detail ? `: ${detail}` : ''})${retriedText(context.maxRetries)}. Try again later.`,
      );
    }
    if (status === 401 || status === 403) {
      return make(
        'rejected',
        `${service} refused the credentials (${status}${detail ? `: ${detail}` : ''}). Check OPENAI_API_KEY or the key on the admin page (Admin -> AI providers).`,
      );
    }
    const modelHint =
      status === 404 && /model/i.test(detail)
        ? ' Map the model to one your server offers with OPENAI_MODEL_ALIASES (for example gpt-4=llama3.1).'
        : '';
    return make(
      'rejected',
      `${service} refused the request (${status}${detail ? `: ${detail}` : ''}).${modelHint}`,
    );
  }
  const text = error instanceof Error ? error.message : String(error);
  return make('unavailable', `${service} answered in a way that could not be read: ${text}`);
}

/** The server's own explanation: `error.message` of the JSON body, else the SDK's text. */
function serverMessage(error: APIError): string {
  const body = error.error as { message?: unknown } | undefined;
  const text =
    typeof body?.message === 'string' ? body.message : error.message.replace(/^\d{3}\s*/, '').trim();
  const short = text.replace(/\s+/g, ' ').trim();
  return short.length > 300 ? `${short.slice(0, 299)}…` : short === 'status code (no body)' ? '' : short;
}

/** The most telling part of a network failure: `ECONNREFUSED`, `ENOTFOUND`, `bad port`... */
export function causeText(cause: Error): string {
  const own = (cause as { code?: unknown }).code;
  if (typeof own === 'string') return own;
  const inner = (cause as { cause?: unknown }).cause as { code?: unknown; message?: unknown } | undefined;
  if (typeof inner?.code === 'string') return inner.code;
  if (typeof inner?.message === 'string' && inner.message) return inner.message;
  return cause.message;
}

/**
 * How messages name the service: OpenAI itself, or the OpenAI-compatible server (Ollama, vLLM...)
 * the base URL points at, which is not OpenAI.
 */
export function openAiServiceName(host: string): string {
  return host === 'api.openai.com' ? 'OpenAI' : 'The OpenAI-compatible AI service';
}
