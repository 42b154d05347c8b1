import { Ollama } from 'ollama';
import { AiProviderError } from '@blocksmith/block-sdk';
import { isRetryable, mapOllamaError, notAnsweredMessage, stalledMessage } from './map-ollama-error';

export interface OllamaConnectionSettings {
  host: string;
  apiKey: string | undefined;
  timeoutMs: number;
  maxRetries: number;
  fetch: typeof fetch;
}

/** A `retry-after` longer than this is not waited for: the call fails and says when to come back. */
const MAX_RETRY_WAIT_S = 60;

/**
 * One attempt of a call: an SDK client whose requests stop when the run stops or the watchdog
 * fires (the SDK itself takes no signal for most calls and has no timeout), and what its answer's
 * headers said.
 */
export class OllamaAttempt {
  readonly client: Ollama;
  /** Set when the watchdog cut the call: before the server answered, or while it was sending. */
  cutBy: 'not answered' | 'stalled' | undefined;
  retryAfterSeconds: number | undefined;
  private answered = false;
  private readonly cut = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly stop = () => this.cut.abort();

  constructor(
    settings: OllamaConnectionSettings,
    private readonly signal: AbortSignal,
    private readonly timeoutMs: number,
  ) {
    if (signal.aborted) this.cut.abort();
    signal.addEventListener('abort', this.stop, { once: true });
    const base = settings.fetch;
    const attemptFetch: typeof fetch = async (input, init) => {
      const signals = init?.signal ? [this.cut.signal, init.signal] : [this.cut.signal];
      const response = await base(input, { ...init, signal: AbortSignal.any(signals) });
      this.answered = true;
      this.retryAfterSeconds = retryAfter(response.headers.get('retry-after'));
      return response;
    };
    this.client = new Ollama({
      host: settings.host,
      fetch: attemptFetch,
      ...(settings.apiKey ? { headers: { Authorization: `Bearer ${settings.apiKey}` } } : {}),
    });
  }

  /** (Re)starts the watchdog: the server must answer, or send its next piece, within the timeout. */
  arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.cutBy = this.answered ? 'stalled' : 'not answered';
      this.cut.abort();
    }, this.timeoutMs);
  }

  /** Stops the watchdog (while the caller holds a piece, its time does not count). */
  disarm(): void {
    clearTimeout(this.timer);
  }

  /** Ends the attempt: the watchdog, the link to the run's signal, and any request still open. */
  close(): void {
    clearTimeout(this.timer);
    this.signal.removeEventListener('abort', this.stop);
    this.cut.abort();
  }
}

/** Calls to one Ollama server, each with its watchdog, its retries and its errors mapped. */
export class OllamaConnection {
  readonly #settings: OllamaConnectionSettings;
  readonly displayHost: string;

  constructor(settings: OllamaConnectionSettings) {
    this.#settings = settings;
    this.displayHost = new URL(settings.host).host;
  }

  get timeoutMs(): number {
    return this.#settings.timeoutMs;
  }

  /** A new attempt for a call made under `signal`. */
  attempt(signal: AbortSignal): OllamaAttempt {
    return new OllamaAttempt(this.#settings, signal, this.#settings.timeoutMs);
  }

  /** Runs `work` (one answer, not streamed) with the watchdog over all of it, retrying what may pass. */
  async run<T>(
    signal: AbortSignal,
    model: string | undefined,
    work: (attempt: OllamaAttempt) => Promise<T>,
  ): Promise<T> {
    for (let retries = 0; ; retries++) {
      const attempt = this.attempt(signal);
      try {
        attempt.arm();
        return await work(attempt);
      } catch (error) {
        await this.afterFailure(error, attempt, { signal, model, retries, mayRetry: true });
      } finally {
        attempt.close();
      }
    }
  }

  /**
   * What to do after an attempt failed: resolves (after the back-off) when the call should be made
   * again, else throws the failure as an `AiProviderError`.
   */
  async afterFailure(
    error: unknown,
    attempt: OllamaAttempt,
    call: { signal: AbortSignal; model: string | undefined; retries: number; mayRetry: boolean },
  ): Promise<void> {
    if (call.signal.aborted) throw new AiProviderError('aborted', 'The run was stopped.', { cause: error });
    if (attempt.cutBy === 'stalled') {
      throw new AiProviderError('timeout', stalledMessage(this.timeoutMs), { cause: error });
    }
    if (attempt.cutBy === 'not answered') {
      throw new AiProviderError('timeout', notAnsweredMessage(this.timeoutMs, call.retries), {
        cause: error,
      });
    }
    const wait = attempt.retryAfterSeconds ?? 0.5 * 2 ** call.retries;
    if (
      call.mayRetry &&
      call.retries < this.#settings.maxRetries &&
      isRetryable(error) &&
      wait <= MAX_RETRY_WAIT_S
    ) {
      await sleep(wait * 1000, call.signal);
      return;
    }
    throw mapOllamaError(error, {
      signal: call.signal,
      timeoutMs: this.timeoutMs,
      retries: call.retries,
      host: this.displayHost,
      ...(call.model !== undefined ? { model: call.model } : {}),
      ...(attempt.retryAfterSeconds !== undefined ? { retryAfterSeconds: attempt.retryAfterSeconds } : {}),
      ...(this.#settings.apiKey ? { apiKey: this.#settings.apiKey } : {}),
    });
  }
}

/** `retry-after` as seconds (a number of seconds, or an HTTP date), when given and readable. */
export function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Waits `ms`, or rejects as soon as the run is stopped. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new AiProviderError('aborted', 'The run was stopped.'));
    const stopped = () => {
      clearTimeout(timer);
      reject(new AiProviderError('aborted', 'The run was stopped.'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stopped);
      resolve();
    }, ms);
    signal.addEventListener('abort', stopped, { once: true });
  });
}
