import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Secret } from '../../data/entities';

/** The `secrets` row holding the key people's secrets are sealed with, when SECRETS_KEY is unset. */
export const SEALING_KEY_NAME = 'user-secrets-key';

/**
 * The key people's secrets are sealed with: SECRETS_KEY when the operator set one (kept outside
 * the database, so a copy of the database alone does not open them), else 32 random bytes
 * generated the first time and kept in the `secrets` table (every process sharing the database
 * reads the same one: the first insert wins).
 */
export async function loadSealingKey(
  dataSource: DataSource,
  configured: Buffer | undefined,
): Promise<Buffer> {
  if (configured) return configured;
  await dataSource
    .createQueryBuilder()
    .insert()
    .into(Secret)
    .values({ name: SEALING_KEY_NAME, value: randomBytes(32).toString('base64url') })
    .orIgnore()
    .execute();
  const { value } = await dataSource.getRepository(Secret).findOneByOrFail({ name: SEALING_KEY_NAME });
  return Buffer.from(value, 'base64url');
}
