import { AI_PROVIDERS, type AiProviderId } from '@blocksmith/schema';
import { aiSettingsFrom, type AiSettings } from '../../providers/ai';
import type { Env } from '../../providers/ai/env-values';
import { aiVariables } from '../../providers/ai/ai-variables';

export { aiVariables };
import { ANTHROPIC_BASE_URL } from '../../providers/ai/anthropic';
import { GEMINI_BASE_URL } from '../../providers/ai/gemini';
import { OPENAI_BASE_URL } from '../../providers/ai/openai-provider';

/** A provider's settings as the admin page keeps them, the key opened (or absent). */
export interface PageSetting {
  provider: AiProviderId;
  apiKey: string | null;
  baseUrl: string | null;
}

/**
 * The environment with the page's settings in place of each saved provider's key and address
 * (its other variables, such as its text model or timeout, still apply): a page setting
 * replaces both, so an address left empty on the page is the vendor's own, not the environment's.
 */
export function withPageSettings(env: Env, settings: readonly PageSetting[]): Env {
  const merged: Env = { ...env };
  for (const { provider, apiKey, baseUrl } of settings) {
    const { keyVariable, urlVariable } = AI_PROVIDERS[provider];
    delete merged[keyVariable];
    delete merged[urlVariable];
    if (apiKey !== null) merged[keyVariable] = apiKey;
    if (baseUrl !== null) merged[urlVariable] = baseUrl;
  }
  return merged;
}

/** The AI settings `env` gives with the page's settings over it; a value a reader refuses throws, naming it. */
export function aiSettingsWith(env: Env, settings: readonly PageSetting[]): AiSettings {
  return aiSettingsFrom(withPageSettings(env, settings));
}

/** What the server uses for one provider: off, or its address and whether a key goes with it. */
export interface ProviderUse {
  configured: boolean;
  baseUrl: string | null;
  keySet: boolean;
}

/** Each provider as `settings` configure it. */
export function providerUses(settings: AiSettings): Record<AiProviderId, ProviderUse> {
  const use = (config: { apiKey?: string | undefined } | undefined, address: string | undefined) =>
    config
      ? { configured: true, baseUrl: withoutCredentials(address!), keySet: Boolean(config.apiKey) }
      : { configured: false, baseUrl: null, keySet: false };
  return {
    openai: use(settings.openAi, settings.openAi?.baseURL ?? OPENAI_BASE_URL),
    anthropic: use(settings.anthropic, settings.anthropic?.baseURL ?? ANTHROPIC_BASE_URL),
    gemini: use(settings.gemini, settings.gemini?.baseUrl ?? GEMINI_BASE_URL),
    ollama: use(settings.ollama, settings.ollama?.host),
  };
}

function withoutCredentials(address: string): string {
  try {
    const url = new URL(address);
    if (!url.username && !url.password) return address;
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/+$/, '');
  } catch {
    return address;
  }
}
