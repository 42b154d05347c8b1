import { geminiSdk } from './gemini-sdk';
import { AiProviderError } from '@blocksmith/block-sdk';
import { isAbortError, networkCode, providerErrorMaker, retriedText, seconds } from '../provider-errors';

/** How the provider names the service in every message. */
export const GEMINI = 'Google Gemini';

export interface GeminiErrorContext {
  signal: AbortSignal;
  timeoutMs: number;
  maxRetries: number;
  /** Where the service is, for messages (no credentials in it). */
  host: string;
  /** Removed from every message, in case a server echoes it back. */
  apiKey: string;
  /** The model the call asked for, named when the service does not have it. */
  model: string;
  /** The `retry-after` header of the service's last answer, when it sent one. */
  retryAfter?: string | null;
}

/** The error body the Gemini API sends: `{ error: { code, message, status, details } }`. */
interface GoogleError {
  code?: number;
  message?: string;
  status?: string;
  details?: { '@type'?: string; reason?: string; retryDelay?: string }[];
}

/**
 * Turns whatever the `@google/genai` SDK threw into an `AiProviderError` whose kind the gateway
 * can act on and whose message names the service and says what to do.
 */
export function mapGeminiError(error: unknown, context: GeminiErrorContext): AiProviderError {
  if (error instanceof AiProviderError) return error;
  const make = providerErrorMaker(error, context.apiKey);

  if (context.signal.aborted) return make('aborted', 'The run was stopped.');
  if (isAbortError(error, ['AbortError', 'TimeoutError'])) {
    return make(
      'timeout',
      `${GEMINI} did not answer within ${seconds(context.timeoutMs)} s${retriedText(context.maxRetries)}.`,
    );
  }
  const status = statusOf(error);
  if (status === undefined) {
    const code = networkCode(error);
    const text = error instanceof Error ? error.message : String(error);
    // The SDK may pass on fetch's own "fetch failed" without the system error under it.
    if (code || text === 'fetch failed') {
      return make(
        'unavailable',
        `${GEMINI} could not be reached at ${context.host}${code ? ` (${code})` : ''}${retriedText(context.maxRetries)}. Check GEMINI_BASE_URL and that the server is running.`,
      );
    }
    return make('unavailable', `${GEMINI} answered in a way that could not be read: ${text}`);
  }
  const body = googleError(error);
  const said = `${status}${body.message ? `: ${shorten(body.message)}` : ''}`;
  if (status === 401 || status === 403 || isKeyInvalid(body)) {
    return make(
      'rejected',
      `${GEMINI} refused the API key (${said}). Check GEMINI_API_KEY or the key on the admin page (Admin -> AI providers).`,
    );
  }
  if (status === 429) {
    const wait = retryAfterSeconds(context.retryAfter, body);
    const advice = wait !== undefined ? `retry after ${wait} s` : 'wait a minute and run again';
    return make(
      'rate_limited',
      `${GEMINI} is limiting requests (${said})${retriedText(context.maxRetries)}; ${advice}.`,
    );
  }
  if (status === 408 || status >= 500) {
    return make(
      'unavailable',
      `${GEMINI} is unavailable (${said})${retriedText(context.maxRetries)}. Try again later.`,
    );
  }
  if (status === 404 && /model/i.test(body.message ?? '')) {
    return make(
      'rejected',
      `${GEMINI} has no model "${context.model}" (${said}). Choose another model in the block's settings.`,
    );
  }
  return make('rejected', `${GEMINI} refused the request (${said}).`);
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof geminiSdk().ApiError) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return (error as { name?: unknown } | null)?.name === 'ApiError' && typeof status === 'number'
    ? status
    : undefined;
}

/**
 * The SDK's `ApiError` message is the service's JSON error body (or, for an error sent inside a
 * stream, `got status: X. {body}`).
 */
function googleError(error: unknown): GoogleError {
  const text = error instanceof Error ? error.message : '';
  const start = text.indexOf('{');
  if (start >= 0) {
    try {
      const parsed = JSON.parse(text.slice(start)) as { error?: GoogleError };
      if (parsed.error && typeof parsed.error === 'object') return parsed.error;
    } catch {
      // Not JSON: the text itself is the message.
    }
  }
  return { message: text };
}

/** The Gemini API answers a wrong key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID. */
function isKeyInvalid(body: GoogleError): boolean {
  return (
    (body.details ?? []).some((detail) => detail.reason === 'API_KEY_INVALID') ||
    /API key not valid/i.test(body.message ?? '')
  );
}

/** From the `retry-after` header, else the body's `RetryInfo` (`"retryDelay": "7s"`). */
function retryAfterSeconds(header: string | null | undefined, body: GoogleError): number | undefined {
  const fromHeader = header?.trim() ? Number(header.trim()) : NaN;
  if (Number.isFinite(fromHeader) && fromHeader >= 0) return Math.ceil(fromHeader);
  const delay = (body.details ?? []).find((detail) => typeof detail.retryDelay === 'string')?.retryDelay;
  const fromBody = delay ? Number(/^([\d.]+)s$/.exec(delay)?.[1]) : NaN;
  return Number.isFinite(fromBody) ? Math.ceil(fromBody) : undefined;
}

function shorten(message: string): string {
  const short = message.replace(/\s+/g, ' ').trim();
  return short.length > 300 ? `${short.slice(0, 299)}…` : short;
}
