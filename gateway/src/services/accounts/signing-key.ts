import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Secret } from '../../data/entities';

/** The `secrets` row holding the access-token signing key (32 random bytes, base64url). */
export const SIGNING_KEY_NAME = 'token-signing-key';

/**
 * Reads the signing key, generating it the first time. Every gateway process sharing the database
 * ends up with the same key: the first insert wins and everyone reads the winner.
 */
export async function loadSigningKey(dataSource: DataSource): Promise<Buffer> {
  await dataSource
    .createQueryBuilder()
    .insert()
    .into(Secret)
    .values({ name: SIGNING_KEY_NAME, value: randomBytes(32).toString('base64url') })
    .orIgnore()
    .execute();
  const { value } = await dataSource.getRepository(Secret).findOneByOrFail({ name: SIGNING_KEY_NAME });
  const key = Buffer.from(value, 'base64url');
  if (key.length < 32) {
    throw new Error(
      `The secret "${SIGNING_KEY_NAME}" is shorter than 32 bytes. Delete that row from the secrets table ` +
        'and restart to generate a new key (everyone will need to sign in again).',
    );
  }
  return key;
}

/** The `secrets` row naming the issuer of access tokens. */
export const TOKEN_ISSUER_NAME = 'token-issuer';

export interface TokenSigning {
  key: Buffer;
  /** The `iss` of every access token: one per database, so every process accepts the others' tokens. */
  issuer: string;
}

/**
 * The signing key and the issuer, both kept in the database. The first process to start names the
 * issuer after its own address (`<PUBLIC_URL>/auth`) and every later one, whatever its PUBLIC_URL,
 * reads that name: replicas that see themselves at different addresses still accept each other's
 * tokens, and a change of PUBLIC_URL does not sign everyone out.
 */
export async function loadTokenSigning(dataSource: DataSource, defaultIssuer: string): Promise<TokenSigning> {
  await dataSource
    .createQueryBuilder()
    .insert()
    .into(Secret)
    .values({ name: TOKEN_ISSUER_NAME, value: defaultIssuer })
    .orIgnore()
    .execute();
  const { value: issuer } = await dataSource
    .getRepository(Secret)
    .findOneByOrFail({ name: TOKEN_ISSUER_NAME });
  return { key: await loadSigningKey(dataSource), issuer };
}
