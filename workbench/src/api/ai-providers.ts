import type { AiProviderId } from '@blocksmith/schema';
import type { AiProviderFieldsFragment } from './generated/graphql';

/** One AI provider as the admin page shows it: never its key, only whether one is set. */
export type AiProviderStatus = AiProviderFieldsFragment;

/** What the AI providers page asks the gateway (admins only; everyone else is refused). */
export interface AiProvidersApi {
  aiProviders(): Promise<AiProviderStatus[]>;
  /** `apiKey` null keeps the key saved before; `baseUrl` null is the vendor's own address. */
  setAiProvider(
    provider: AiProviderId,
    apiKey: string | null,
    baseUrl: string | null,
  ): Promise<AiProviderStatus>;
  clearAiProvider(provider: AiProviderId): Promise<AiProviderStatus>;
}
