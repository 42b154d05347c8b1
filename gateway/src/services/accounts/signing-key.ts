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
