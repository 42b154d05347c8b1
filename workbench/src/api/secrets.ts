import type { SecretsQuery } from './generated/graphql';

/** One of the person's secrets as they see it listed: never its value. */
export type SecretInfo = SecretsQuery['secrets'][number];
