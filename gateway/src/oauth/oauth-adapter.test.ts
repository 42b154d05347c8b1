import type { Database } from '../data/database';
import { Secret } from '../data/entities';
import { databaseTargets, openTestDatabase } from '../testing/database';
import { OAuthAdapter, pruneExpiredOAuthModels } from './oauth-adapter';
import { OAUTH_KEYS_NAME, loadOAuthKeys } from './oauth-keys';

describe.each(databaseTargets)('OAuth storage on %s', (_name, databaseUrl) => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
  });

  afterAll(async () => {
    await db.close();
  });

  it('keeps, finds, consumes and destroys records of one kind', async () => {
    const codes = new OAuthAdapter(db.dataSource, 'AuthorizationCode');
    const tokens = new OAuthAdapter(db.dataSource, 'AccessToken');
    await codes.upsert('c1', { grantId: 'g1', uid: 'u1', note: 'with \u0000 inside' }, 60);
    expect(await codes.find('c1')).toEqual({ grantId: 'g1', uid: 'u1', note: 'with \u0000 inside' });
    expect(await codes.findByUid('u1')).toMatchObject({ grantId: 'g1' });
    // Another kind with the same id is another record.
    expect(await tokens.find('c1')).toBeUndefined();
    await codes.consume('c1');
    expect(await codes.find('c1')).toMatchObject({ consumed: true });
    await codes.upsert('c1', { grantId: 'g1', uid: 'u1', again: true }, 60);
    expect(await codes.find('c1')).toMatchObject({ again: true });
    await codes.destroy('c1');
    expect(await codes.find('c1')).toBeUndefined();
  });

  it('finds nothing for an id with U+0000 (a client’s made-up code or token), without a database error', async () => {
    const tokens = new OAuthAdapter(db.dataSource, 'AccessToken');
    expect(await tokens.find('a\u0000b')).toBeUndefined();
    expect(await tokens.findByUid('\u0000')).toBeUndefined();
    await tokens.consume('\u0000');
    await tokens.destroy('\u0000');
    await tokens.revokeByGrantId('\u0000');
  });

  it('revokes every record of a grant, of its kind only', async () => {
    const codes = new OAuthAdapter(db.dataSource, 'AuthorizationCode');
    const tokens = new OAuthAdapter(db.dataSource, 'AccessToken');
    await codes.upsert('c2', { grantId: 'g2' }, 60);
    await tokens.upsert('t2', { grantId: 'g2' }, 60);
    await tokens.upsert('t3', { grantId: 'g3' }, 60);
    await tokens.revokeByGrantId('g2');
    expect(await tokens.find('t2')).toBeUndefined();
    expect(await tokens.find('t3')).toBeDefined();
    expect(await codes.find('c2')).toBeDefined();
  });

  it('never finds an expired record, and prunes them', async () => {
    const sessions = new OAuthAdapter(db.dataSource, 'Session');
    await sessions.upsert('s1', { uid: 's1' }, 60);
    await db.dataSource.query(
      "UPDATE oauth_models SET expires_at = now() - interval '1 second' WHERE kind = 'Session' AND id = 's1'",
    );
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await sessions.findByUid('s1')).toBeUndefined();
    expect(await pruneExpiredOAuthModels(db.dataSource)).toBeGreaterThanOrEqual(1);
    const rows = (await db.dataSource.query(
      "SELECT 1 FROM oauth_models WHERE kind = 'Session' AND id = 's1'",
    )) as unknown[];
    expect(rows).toEqual([]);
  });

  it('generates the server’s keys once, sealed, and opens them only with the key they were sealed with', async () => {
    const first = await loadOAuthKeys(db.dataSource, undefined);
    const again = await loadOAuthKeys(db.dataSource, undefined);
    expect(again).toEqual(first);
    expect(first.jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', d: expect.any(String) });
    const stored = await db.dataSource.getRepository(Secret).findOneByOrFail({ name: OAUTH_KEYS_NAME });
    expect(stored.value.startsWith('v1.')).toBe(true);
    expect(stored.value).not.toContain(first.jwks.keys[0]!.d);
    await expect(loadOAuthKeys(db.dataSource, Buffer.alloc(32, 7))).rejects.toThrow(
      /does not open with this server's SECRETS_KEY/,
    );
  });
});
