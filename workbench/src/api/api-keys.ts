import type { ApiKeyFieldsFragment, CreateApiKeyMutation } from './generated/graphql';

/** An API key as its owner lists it: never the secret. */
export type ApiKey = ApiKeyFieldsFragment;

/** A new key with its secret, which the server shows this once and never again. */
export type CreatedApiKey = CreateApiKeyMutation['createApiKey'];
