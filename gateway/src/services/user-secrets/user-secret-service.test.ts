import { randomUUID } from 'node:crypto';
import type { Database } from '../../data/database';
import { AppRecord, Secret, User, UserSecret } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { InputError, NotFoundError } from '../../errors';
import { parseSealingKey } from '../../config';
import { UserSecretService } from './user-secret-service';

describe.each(databaseTargets)('UserSecretService on %s', (_name, databaseUrl) => {
  let db: Database;
  let secrets: UserSecretService;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    secrets = new UserSecretService(db.dataSource, undefined);
  });

  afterAll(() => db.close());

  async function person(): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com` });
    return id;
  }

  async function appOf(ownerId: string): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(AppRecord).insert({
      id,
      ownerId,
      name: 'Calls an API',
      slug: `calls-${id}`,
      config: { plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
    });
    return id;
  }

  it('saves a secret sealed, lists it by name only, replaces and deletes it', async () => {
    const ada = await person();
    const saved = await secrets.set(ada, 'GITHUB_TOKEN', 'ghp_first');
    expect(saved).toEqual({ name: 'GITHUB_TOKEN', createdAt: expect.any(Date), updatedAt: expect.any(Date) });
    const row = await db.dataSource
      .getRepository(UserSecret)
      .findOneByOrFail({ userId: ada, name: 'GITHUB_TOKEN' });
    expect(row.sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row.sealed).not.toContain('ghp_first');
    await secrets.set(ada, 'GITHUB_TOKEN', 'ghp_second');
    await secrets.set(ada, 'A_KEY', 'a');
    const listed = await secrets.list(ada);
    expect(listed.map((s) => s.name)).toEqual(['A_KEY', 'GITHUB_TOKEN']);
    expect(JSON.stringify(listed)).not.toContain('ghp_');
    const read = secrets.forApp(await appOf(ada));
    expect(await read('GITHUB_TOKEN')).toBe('ghp_second');
    await secrets.delete(ada, 'GITHUB_TOKEN');
    expect((await secrets.list(ada)).map((s) => s.name)).toEqual(['A_KEY']);
    await expect(secrets.delete(ada, 'GITHUB_TOKEN')).rejects.toThrow(
      new NotFoundError('You have no secret named GITHUB_TOKEN.'),
    );
  });

  it('refuses bad names and values with what to fix, and more than 50 secrets', async () => {
    const bob = await person();
    await expect(secrets.set(bob, 'github token', 'x')).rejects.toBeInstanceOf(InputError);
    await expect(secrets.set(bob, 'TOKEN', '')).rejects.toThrow('Give the secret a value.');
    await expect(secrets.set(bob, 'TOKEN', 'a\nb')).rejects.toThrow('one line');
    await expect(secrets.set(bob, 42, 'x')).rejects.toThrow('Give the secret a name.');
    await expect(secrets.set(bob, 'TOKEN', { value: 'x' })).rejects.toThrow('Give the secret a value.');
    for (let i = 0; i < 50; i++) await secrets.set(bob, `KEY_${i}`, `value ${i}`);
    await expect(secrets.set(bob, 'ONE_MORE', 'x')).rejects.toThrow(
      'You have 50 secrets already; delete one you no longer use first.',
    );
    // Replacing one already saved is still fine.
    await expect(secrets.set(bob, 'KEY_7', 'new')).resolves.toMatchObject({ name: 'KEY_7' });
  });

  it('opens a run’s secrets from the app owner’s, whoever runs it, and only when a block asks', async () => {
    const owner = await person();
    const stranger = await person();
    await secrets.set(owner, 'API_TOKEN', 'owner-token');
    await secrets.set(stranger, 'API_TOKEN', 'stranger-token');
    const read = secrets.forApp(await appOf(owner));
    expect(await read('API_TOKEN')).toBe('owner-token');
    expect(await read('NOT_SAVED')).toBeUndefined();
    expect(await secrets.forApp(randomUUID())('API_TOKEN')).toBeUndefined();
    expect(await secrets.forApp('not-an-id')('API_TOKEN')).toBeUndefined();
  });

  it('does not open a sealed value moved to another person, or under another key', async () => {
    const owner = await person();
    const thief = await person();
    await secrets.set(owner, 'API_TOKEN', 'owner-token');
    const repo = db.dataSource.getRepository(UserSecret);
    const { sealed } = await repo.findOneByOrFail({ userId: owner, name: 'API_TOKEN' });
    await repo.insert({ userId: thief, name: 'API_TOKEN', sealed });
    await expect(secrets.forApp(await appOf(thief))('API_TOKEN')).rejects.toThrow(
      'the secret API_TOKEN could not be opened',
    );
    const otherKey = new UserSecretService(db.dataSource, parseSealingKey('ab'.repeat(32)));
    await expect(otherKey.forApp(await appOf(owner))('API_TOKEN')).rejects.toThrow(
      "the server's SECRETS_KEY has changed since it was saved",
    );
    // Without SECRETS_KEY the generated key is kept with the database, one for every process.
    expect(await db.dataSource.getRepository(Secret).countBy({ name: 'user-secrets-key' })).toBe(1);
  });

  it('reads SECRETS_KEY as 64 hex digits or base64 of 32 bytes, and refuses anything else', () => {
    expect(parseSealingKey(undefined)).toBeUndefined();
    expect(parseSealingKey('  ')).toBeUndefined();
    expect(parseSealingKey('00'.repeat(32))).toHaveLength(32);
    expect(parseSealingKey(Buffer.alloc(32, 7).toString('base64'))).toHaveLength(32);
    expect(() => parseSealingKey('too short')).toThrow('SECRETS_KEY must be 32 bytes');
  });
});
