import { generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Secret } from '../data/entities';
import { loadSealingKey } from '../services/user-secrets/sealing-key';
import { seal, unseal } from '../services/user-secrets/seal';

/** The `secrets` row holding the authorization server's keys, sealed. */
export const OAUTH_KEYS_NAME = 'oauth-keys';
/** What the sealed keys are bound to (additional data), besides their name. */
const SEALED_FOR = 'oauth';

export interface OAuthKeys {
  /** The private signing keys (JWKS) the authorization server signs with. */
  jwks: { keys: JsonWebKey[] };
  /** Keys its cookies are signed with. */
  cookieKeys: string[];
}

function generate(): OAuthKeys {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('base64url'),
    use: 'sig',
    alg: 'RS256',
  };
  return { jwks: { keys: [jwk] }, cookieKeys: [randomBytes(32).toString('base64url')] };
}

/**
 * The authorization server's keys: generated the first time, kept in `secrets` sealed with the
 * key people's secrets are sealed with (SECRETS_KEY, or the generated one), so a restart and every
 * other process sharing the database use the same ones (the first insert wins) and the tokens and
 * cookies they signed stay valid.
 */
export async function loadOAuthKeys(
  dataSource: DataSource,
  secretsKey: Buffer | undefined,
): Promise<OAuthKeys> {
  const kept = await openKeptOAuthKeys(dataSource, secretsKey);
  if (kept) return kept;
  await keep(dataSource, await loadSealingKey(dataSource, secretsKey));
  return (await openKeptOAuthKeys(dataSource, secretsKey))!;
}

/** The keys kept in `secrets`, opened; null when none are kept yet. */
export async function openKeptOAuthKeys(
  dataSource: DataSource,
  secretsKey: Buffer | undefined,
): Promise<OAuthKeys | null> {
  const row = await dataSource.getRepository(Secret).findOneBy({ name: OAUTH_KEYS_NAME });
  if (!row) return null;
  const opened = unseal(await loadSealingKey(dataSource, secretsKey), row.value, SEALED_FOR, OAUTH_KEYS_NAME);
  if (opened === null) {
    throw new Error(
      `The secret "${OAUTH_KEYS_NAME}" does not open with this server's SECRETS_KEY. Restore the key it was ` +
        'sealed with, or delete that row and restart (connected AI assistants will need to connect again).',
    );
  }
  return JSON.parse(opened) as OAuthKeys;
}

/** Generates and keeps the keys; when another process kept its own first, theirs stay. */
async function keep(dataSource: DataSource, sealingKey: Buffer): Promise<void> {
  await dataSource
    .createQueryBuilder()
    .insert()
    .into(Secret)
    .values({
      name: OAUTH_KEYS_NAME,
      value: seal(sealingKey, JSON.stringify(generate()), SEALED_FOR, OAUTH_KEYS_NAME),
    })
    .orIgnore()
    .execute();
}
