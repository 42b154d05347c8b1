import type { DataSource } from 'typeorm';
import type { OidcAdapter, OidcPayload } from './oidc-provider-types';

/**
 * oidc-provider's storage in the `oauth_models` table, one adapter per model kind (Client, Grant,
 * AccessToken, RefreshToken, AuthorizationCode, Interaction, Session...). Every process sharing the
 * database sees the same records: a token one process issued works on the others, a revoked one
 * stops on all of them at once. An expired record is never found; `pruneExpired` deletes them.
 */
export class OAuthAdapter implements OidcAdapter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly kind: string,
  ) {}

  async upsert(id: string, payload: OidcPayload, expiresIn: number | undefined): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;
    await this.dataSource.query(
      `INSERT INTO oauth_models (kind, id, payload, grant_id, uid, user_code, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
         uid = EXCLUDED.uid, user_code = EXCLUDED.user_code, expires_at = EXCLUDED.expires_at`,
      [
        this.kind,
        id,
        JSON.stringify(payload),
        payload.grantId ?? null,
        payload.uid ?? null,
        payload.userCode ?? null,
        expiresAt,
      ],
    );
  }

  /** An id a client made up (with U+0000, which PostgreSQL cannot compare) is no record here. */
  find(id: string): Promise<OidcPayload | undefined> {
    return this.findWhere('id = $2', id);
  }

  findByUid(uid: string): Promise<OidcPayload | undefined> {
    return this.findWhere('uid = $2', uid);
  }

  findByUserCode(userCode: string): Promise<OidcPayload | undefined> {
    return this.findWhere('user_code = $2', userCode);
  }

  async consume(id: string): Promise<void> {
    if (!storable(id)) return;
    await this.dataSource.query(
      'UPDATE oauth_models SET consumed_at = now() WHERE kind = $1 AND id = $2 AND consumed_at IS NULL',
      [this.kind, id],
    );
  }

  async destroy(id: string): Promise<void> {
    if (!storable(id)) return;
    await this.dataSource.query('DELETE FROM oauth_models WHERE kind = $1 AND id = $2', [this.kind, id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (!storable(grantId)) return;
    await this.dataSource.query('DELETE FROM oauth_models WHERE kind = $1 AND grant_id = $2', [
      this.kind,
      grantId,
    ]);
  }

  private async findWhere(condition: string, value: string): Promise<OidcPayload | undefined> {
    if (!storable(value)) return undefined;
    const rows = (await this.dataSource.query(
      `SELECT payload, consumed_at FROM oauth_models
       WHERE kind = $1 AND ${condition} AND (expires_at IS NULL OR expires_at > now())`,
      [this.kind, value],
    )) as { payload: string; consumed_at: Date | string | null }[];
    const row = rows[0];
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as OidcPayload;
    return row.consumed_at === null ? payload : { ...payload, consumed: true };
  }
}

/** Whether a value can be a key here: a string without U+0000 (which PostgreSQL text cannot hold). */
function storable(value: unknown): value is string {
  return typeof value === 'string' && !value.includes('\u0000');
}

/**
 * Deletes expired OAuth records (codes, tokens, interactions, sessions) and lapsed allowance holds
 * (scheduled work); answers how many records went.
 */
export async function pruneExpiredOAuthModels(dataSource: DataSource): Promise<number> {
  // TypeORM answers a DELETE with [rows, count].
  const [, count] = (await dataSource.query(
    'DELETE FROM oauth_models WHERE expires_at IS NOT NULL AND expires_at <= now()',
  )) as [unknown[], number];
  await dataSource.query('DELETE FROM oauth_allowance_holds WHERE expires_at <= now()');
  return count;
}
