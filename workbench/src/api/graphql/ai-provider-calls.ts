import type { AiProviderId } from '@blocksmith/schema';
import type { AiProvidersApi, AiProviderStatus } from '../ai-providers';
import { AiProvidersDocument, ClearAiProviderDocument, SetAiProviderDocument } from '../generated/graphql';
import type { GraphQLTransport } from './graphql-transport';

/** The AI providers page: each provider's status, and the key and address saved for it. */
export class AiProviderCalls implements AiProvidersApi {
  constructor(private readonly transport: GraphQLTransport) {}

  async aiProviders(): Promise<AiProviderStatus[]> {
    return (await this.transport.query(AiProvidersDocument, {})).aiProviders;
  }

  async setAiProvider(
    provider: AiProviderId,
    apiKey: string | null,
    baseUrl: string | null,
  ): Promise<AiProviderStatus> {
    const variables = { provider, apiKey, baseUrl };
    return (await this.transport.mutate(SetAiProviderDocument, variables)).setAiProvider;
  }

  async clearAiProvider(provider: AiProviderId): Promise<AiProviderStatus> {
    return (await this.transport.mutate(ClearAiProviderDocument, { provider })).clearAiProvider;
  }
}
