import { ApiError } from '../blocksmith-api';
import type { ApiKey, CreatedApiKey } from '../api-keys';
import {
  ApiKeysDocument,
  CreateApiKeyDocument,
  DeleteSecretDocument,
  RevokeApiKeyDocument,
  SecretsDocument,
  SetSecretDocument,
} from '../generated/graphql';
import type { SecretInfo } from '../secrets';
import type { GraphQLTransport } from './graphql-transport';
import { toApiError } from './to-api-error';

/** What developers use the product with: API keys, secrets and the API's OpenAPI description. */
export class DeveloperCalls {
  constructor(private readonly transport: GraphQLTransport) {}

  async apiKeys(): Promise<ApiKey[]> {
    return (await this.transport.query(ApiKeysDocument, {})).apiKeys;
  }

  async createApiKey(name: string): Promise<CreatedApiKey> {
    return (await this.transport.mutate(CreateApiKeyDocument, { name })).createApiKey;
  }

  async revokeApiKey(id: string): Promise<void> {
    await this.transport.mutate(RevokeApiKeyDocument, { id });
  }

  async secrets(): Promise<SecretInfo[]> {
    return (await this.transport.query(SecretsDocument, {})).secrets;
  }

  async setSecret(name: string, value: string): Promise<SecretInfo> {
    return (await this.transport.mutate(SetSecretDocument, { name, value })).setSecret;
  }

  async deleteSecret(name: string): Promise<void> {
    await this.transport.mutate(DeleteSecretDocument, { name });
  }

  async openApiDocument(): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetch(`${this.transport.origin}/api/openapi.json`, {
        headers: { accept: 'application/json' },
      });
    } catch (error) {
      throw toApiError(error);
    }
    if (!response.ok) throw new ApiError(`HTTP error! status: ${response.status}`);
    const document = (await response.json()) as unknown;
    if (!document || typeof document !== 'object' || Array.isArray(document))
      throw new ApiError('The API description is not a JSON object.');
    return document as Record<string, unknown>;
  }
}
