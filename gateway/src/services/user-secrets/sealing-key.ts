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

/** SECRETS_KEY: 32 bytes as 64 hex digits or base64; anything else is refused at start-up. */
export function parseSealingKey(value: string | undefined): Buffer | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) {
    throw new Error(
      'SECRETS_KEY must be 32 bytes, written as 64 hex digits or in base64 (e.g. the output of `openssl rand -hex 32`).',
    );
  }
  return key;
}
