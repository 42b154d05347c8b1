import type { APIError } from '@anthropic-ai/sdk';
import { AiProviderError } from '@blocksmith/block-sdk';
import { causeText } from '../map-openai-error';
import { isAbortError, providerErrorMaker, retriedText, seconds } from '../provider-errors';
import { anthropicSdk } from '../../../libraries';

export interface AnthropicErrorContext {
  signal: AbortSignal;
  timeoutMs: number;
  maxRetries: number;
  /** Where the service is, for messages (no credentials in it). */
  host: string;
  /** Removed from every message, in case a server echoes it back. */
  apiKey: string;
  /** The model the request named, for a "no such model" message. */
  model?: string;
}

/** The vendor's error types (`error.type` of its error body) that mean "try again later". */
const UNAVAILABLE_TYPES = new Set(['overloaded_error', 'api_error', 'timeout_error']);

/**
 * Turns whatever `@anthropic-ai/sdk` threw (before or while streaming) into an `AiProviderError`
 * whose kind the gateway can act on and whose message names Anthropic and says what to do.
 */
export function mapAnthropicError(error: unknown, context: AnthropicErrorContext): AiProviderError {
  if (error instanceof AiProviderError) return error;
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = anthropicSdk();
  const make = providerErrorMaker(error, context.apiKey);

  if (context.signal.aborted || error instanceof APIUserAbortError || isAbortError(error)) {
    return make('aborted', 'The run was stopped.');
  }
  if (error instanceof APIConnectionTimeoutError) {
    return make(
      'timeout',
      `Anthropic did not answer within ${seconds(context.timeoutMs)} s${retriedText(context.maxRetries)}. Try again later, or raise ANTHROPIC_TIMEOUT_MS.`,
    );
  }
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? ` (${causeText(error.cause)})` : '';
    return make(
      'unavailable',
      `Anthropic could not be reached at ${context.host}${cause}${retriedText(context.maxRetries)}. Check ANTHROPIC_BASE_URL and that the server is running.`,
    );
  }
  if (error instanceof APIError) {
    const status = typeof error.status === 'number' ? error.status : undefined;
    const detail = serverMessage(error);
    const said = `${status ?? error.type ?? 'error'}${detail ? `: ${detail}` : ''}`;
    if (
      status === 401 ||
      status === 403 ||
      error.type === 'authentication_error' ||
      error.type === 'permission_error'
    ) {
      return make(
        'rejected',
        `Anthropic refused the API key (${said}). Check ANTHROPIC_API_KEY or the key on the admin page (Admin -> AI providers).`,
      );
    }
    if (status === 429 || error.type === 'rate_limit_error') {
      const after = retryAfter(error.headers);
      return make(
        'rate_limited',
        `Anthropic is limiting requests (${said})${retriedText(context.maxRetries)}; ${after !== undefined ? `retry after ${after} s` : 'wait a minute and run again'}.`,
      );
    }
    if ((status === 404 || error.type === 'not_found_error') && context.model && /model/i.test(detail)) {
      return make(
        'rejected',
        `Anthropic has no model "${context.model}" (${said}). Choose another model in the block's settings.`,
      );
    }
    if ((status !== undefined && status >= 500) || UNAVAILABLE_TYPES.has(error.type ?? '')) {
      return make(
        'unavailable',
        `Anthropic is unavailable or overloaded (${said})${retriedText(context.maxRetries)}. Try again later.`,
      );
    }
    if (status !== undefined) {
      return make('rejected', `Anthropic refused the request (${said}).`);
    }
  }
  const text = error instanceof Error ? error.message : String(error);
  return make('unavailable', `Anthropic answered in a way that could not be read: ${text}. Try again later.`);
}

/** Seconds from a `retry-after` header (seconds or an HTTP date), when the server gave one. */
function retryAfter(headers: Headers | undefined): number | undefined {
  const raw = headers?.get('retry-after')?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.ceil(Number(raw));
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** The server's own explanation: `error.message` of its error body, else the SDK's text. */
function serverMessage(error: APIError): string {
  const text = error.apiMessage ?? error.message.replace(/^\d{3}\s*/, '');
  const short = text.replace(/\s+/g, ' ').trim();
  if (short === 'status code (no body)') return '';
  return short.length > 300 ? `${short.slice(0, 299)}…` : short;
}
