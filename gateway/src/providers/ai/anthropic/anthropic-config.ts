import { checkUrl, integer, read, type Env } from '../env-values';
import type { AnthropicProviderConfig } from './anthropic-provider';

/**
 * The Anthropic provider's configuration from the environment, or undefined when it is not
 * switched on (no `ANTHROPIC_API_KEY`). The variables are the ones the vendor's SDK reads
 * (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`) plus `ANTHROPIC_TEXT_MODEL`, `ANTHROPIC_TIMEOUT_MS`,
 * `ANTHROPIC_MAX_RETRIES` and `ANTHROPIC_MAX_TOKENS`. Every one is checked even without a key, so a
 * mistake is reported before the key is added; a bad value throws naming the variable.
 */
export function anthropicConfigFrom(env: Env): AnthropicProviderConfig | undefined {
  const baseURL = read(env, 'ANTHROPIC_BASE_URL');
  if (baseURL !== undefined) {
    checkUrl('ANTHROPIC_BASE_URL', baseURL);
    if (/\/v1\/*$/.test(baseURL)) {
      throw new Error(
        `ANTHROPIC_BASE_URL is the API's root without /v1 (the SDK adds it), such as https://api.anthropic.com, got "${baseURL}".`,
      );
    }
  }
  const textModel = read(env, 'ANTHROPIC_TEXT_MODEL');
  if (textModel !== undefined && /\s/.test(textModel)) {
    throw new Error(`ANTHROPIC_TEXT_MODEL must be a model id such as claude-sonnet-4-6, got "${textModel}".`);
  }
  const timeoutMs = integer(env, 'ANTHROPIC_TIMEOUT_MS', 1);
  const maxRetries = integer(env, 'ANTHROPIC_MAX_RETRIES', 0);
  const maxTokens = integer(env, 'ANTHROPIC_MAX_TOKENS', 1);

  const apiKey = read(env, 'ANTHROPIC_API_KEY');
  if (apiKey === undefined) return undefined;
  const config: AnthropicProviderConfig = { apiKey };
  const set = <K extends keyof AnthropicProviderConfig>(
    key: K,
    value: AnthropicProviderConfig[K] | undefined,
  ) => {
    if (value !== undefined) config[key] = value;
  };
  set('baseURL', baseURL);
  set('textModel', textModel);
  set('timeoutMs', timeoutMs);
  set('maxRetries', maxRetries);
  set('maxTokens', maxTokens);
  return config;
}
