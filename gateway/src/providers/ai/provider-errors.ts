import { AiProviderError } from '@blocksmith/block-sdk';

/** Makes the `AiProviderError`s of one failure, with the API key removed from every message. */
export function providerErrorMaker(
  cause: unknown,
  apiKey: string | undefined,
): (kind: AiProviderError['kind'], message: string) => AiProviderError {
  const redact = (text: string) =>
    apiKey !== undefined && apiKey.length >= 4 ? text.split(apiKey).join('[API key]') : text;
  return (kind, message) => new AiProviderError(kind, redact(message), { cause });
}

/** `60000` to `60`, `300` to `0.3`. */
export function seconds(ms: number): string {
  return ms % 1000 === 0 ? String(ms / 1000) : (ms / 1000).toFixed(1).replace(/\.0$/, '');
}

/** `, also after 2 retries` when the SDK retried, else nothing. */
export function retriedText(retries: number): string {
  return retries > 0 ? `, also after ${retries} ${retries === 1 ? 'retry' : 'retries'}` : '';
}

/** The failure, or one of its causes, is named one of `names` (the run was stopped: `AbortError`). */
export function isAbortError(error: unknown, names: readonly string[] = ['AbortError']): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { name?: unknown }).name;
    if (typeof name === 'string' && names.includes(name)) return true;
  }
  return false;
}

/** The system's code for a network failure (`ECONNREFUSED`, `UND_ERR_SOCKET`...) in the failure or its causes. */
export function networkCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(E[A-Z_]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
  }
  return undefined;
}
