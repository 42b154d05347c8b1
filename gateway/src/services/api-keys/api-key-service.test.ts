import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { openDatabase, type Database } from '../../data/database';
import { User } from '../../data/entities';
import { RateLimiter } from '../../data/rate-limiter';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { RateLimitedError } from '../../errors';
import { API_KEY_RUNS_PER_MINUTE, ApiKeyService } from './api-key-service';

describe.each(databaseTargets)('ApiKeyService on %s', (_name, databaseUrl) => {
  let db: Database;
  let other: Database;
  let now = Date.parse('2026-11-01T10:00:00Z');
  const clock = () => now;

  beforeAll(async () => {
    const opened = await openTestDatabase(databaseUrl);
    db = opened;
    // A second process on the same database: its own connections, its own services.
    other = opened.url ? await openDatabase({ dataDir: tmpdir(), databaseUrl: opened.url }) : db;
  });
  afterAll(async () => {
    if (other !== db) await other.close();
    await db.close();
  });

  const service = (database: Database) =>
    new ApiKeyService(database.dataSource, new RateLimiter(database.dataSource, clock), clock);

  async function starter(): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com`, plan: 'starter' });
    return id;
  }

  it('keeps only a hash, and knows the key afterwards', async () => {
    const owner = await starter();
    const keys = service(db);
    const created = await keys.create(owner, '  Nightly job ');
    expect(created.name).toBe('Nightly job');
    const [row] = (await db.dataSource.query('SELECT key_hash, prefix FROM api_keys WHERE id = $1', [
      created.id,
    ])) as { key_hash: string; prefix: string }[];
    expect(row!.key_hash).not.toContain(created.key.slice(4));
    expect(created.key.startsWith(row!.prefix)).toBe(true);
    expect(await keys.authenticate(created.key)).toEqual({
      userId: owner,
      keyId: created.id,
      plan: 'starter',
    });
    expect(await keys.authenticate(`${created.key}x`)).toBeNull();
    expect(await keys.authenticate('bsk_')).toBeNull();
  });

  it('limits runs per key across processes, with the seconds to wait, and starts again after a minute', async () => {
    const owner = await starter();
    const created = await service(db).create(owner, 'Busy');
    const caller = { userId: owner, keyId: created.id };
    const [here, there] = [service(db), service(other)];
    const attempts = await Promise.allSettled(
      Array.from({ length: API_KEY_RUNS_PER_MINUTE + 5 }, (_, i) =>
        (i % 2 ? here : there).consumeRun(caller),
      ),
    );
    const refused = attempts.filter((a) => a.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(5);
    expect(refused[0]!.reason).toBeInstanceOf(RateLimitedError);
    expect((refused[0]!.reason as RateLimitedError).details).toEqual({ retryAfterSeconds: 60 });
    // Another key of the same person has its own count.
    const second = await here.create(owner, 'Quiet');
    await expect(here.consumeRun({ userId: owner, keyId: second.id })).resolves.toBeUndefined();
    now += 60_001;
    await expect(there.consumeRun(caller)).resolves.toBeUndefined();
  });

  it('refuses blank names and other people’s keys', async () => {
    const owner = await starter();
    const keys = service(db);
    await expect(keys.create(owner, '  ')).rejects.toThrow('Give the key a name.');
    const created = await keys.create(owner, 'Mine');
    await expect(keys.revoke(await starter(), created.id)).rejects.toThrow('There is no such key.');
    expect(await keys.list(owner)).toHaveLength(1);
  });
});
