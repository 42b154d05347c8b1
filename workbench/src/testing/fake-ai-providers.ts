/* The AI providers page's part of the fake API (not used by the app). */
import { AI_PROVIDERS, AI_PROVIDER_IDS, type AiProviderId } from '@blocksmith/schema';
import type { AiProvidersApi, AiProviderStatus } from '../api/ai-providers';
import { ApiError } from '../api/blocksmith-api';

/** A provider as the gateway would show it, off unless `overrides` say otherwise. */
export function aiProvider(
  provider: AiProviderId,
  overrides: Partial<AiProviderStatus> = {},
): AiProviderStatus {
  const facts = AI_PROVIDERS[provider];
  return {
    provider,
    label: facts.label,
    configured: false,
    source: 'none',
    baseUrl: null,
    keySet: false,
    modelCount: 0,
    problem: null,
    working: false,
    updatedAt: null,
    updatedBy: null,
    keyVariable: facts.keyVariable,
    urlVariable: facts.urlVariable,
    ...overrides,
  };
}

/**
 * Providers kept in memory: a saved key `good-key-123` works, any other is refused as Anthropic
 * refuses it; `failNext` makes the next call fail.
 */
export class FakeAiProviders implements AiProvidersApi {
  providers: AiProviderStatus[] = AI_PROVIDER_IDS.map((id) => aiProvider(id));
  calls: unknown[][] = [];
  failNext: ApiError | null = null;

  private fail(): void {
    const error = this.failNext;
    this.failNext = null;
    if (error) throw error;
  }

  async aiProviders(): Promise<AiProviderStatus[]> {
    this.calls.push(['aiProviders']);
    this.fail();
    return this.providers.map((p) => ({ ...p }));
  }

  async setAiProvider(provider: AiProviderId, apiKey: string | null, baseUrl: string | null) {
    this.calls.push(['setAiProvider', provider, apiKey, baseUrl]);
    this.fail();
    const before = this.providers.find((p) => p.provider === provider)!;
    if (apiKey === null && !before.keySet)
      throw new ApiError(`Paste ${before.label}'s API key.`, 'BAD_USER_INPUT');
    const working = apiKey === null ? before.working : apiKey === 'good-key-123';
    const after = aiProvider(provider, {
      configured: true,
      source: 'page',
      baseUrl: baseUrl ?? AI_PROVIDERS[provider].urlExample,
      keySet: true,
      working,
      modelCount: working ? 3 : 0,
      problem: working ? null : `${before.label} refused the API key (401: invalid x-api-key).`,
      updatedAt: '2026-11-30T10:00:00.000Z',
      updatedBy: 'admin@example.com',
    });
    this.providers = this.providers.map((p) => (p.provider === provider ? after : p));
    return { ...after };
  }

  async clearAiProvider(provider: AiProviderId) {
    this.calls.push(['clearAiProvider', provider]);
    this.fail();
    const after = aiProvider(provider);
    this.providers = this.providers.map((p) => (p.provider === provider ? after : p));
    return { ...after };
  }
}
