import { randomUUID } from 'node:crypto';
import type { Database } from '../data/database';
import { OAuthModel, User } from '../data/entities';
import { databaseTargets, openTestDatabase } from '../testing/database';
import { ClientDailyLimitError, ConnectedClientService } from './connected-client-service';
import { pruneExpiredOAuthModels } from './oauth-adapter';

const NOON = new Date('2026-11-15T12:00:00Z').getTime();
const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseTargets)('ConnectedClientService on %s', (_name, databaseUrl) => {
  let db: Database;
  let now = NOON;
  let clients: ConnectedClientService;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    clients = new ConnectedClientService(db.dataSource, () => now);
  });

  afterAll(async () => {
    await db.close();
  });

  beforeEach(() => {
    now = NOON;
  });

  async function person(): Promise<string> {
    const id = randomUUID();
    await db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com` });
    return id;
  }

  /** A client connected by `userId`, with an access token of its grant. */
  async function connected(userId: string, limit = 20, name = 'Claude') {
    const clientId = randomUUID();
    const grantId = randomUUID();
    await clients.connect({
      userId,
      clientId,
      clientName: name,
      redirectHost: 'claude.ai',
      grantId,
      dailyCreditLimit: limit,
    });
    const token = randomUUID();
    await db.dataSource.getRepository(OAuthModel).insert({
      kind: 'AccessToken',
      id: token,
      grantId,
      payload: JSON.stringify({ accountId: userId, clientId, grantId, exp: Math.floor(now / 1000) + 3600 }),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const [view] = (await clients.list(userId)).filter((c) => c.clientId === clientId);
    return { clientId, grantId, token, id: view!.id };
  }

  /** A run by `userId` through the client, charged `credits` at `at` (refunded `refund` later). */
  async function chargedRun(userId: string, clientId: string, credits: number, at: number, refund = 0) {
    const appId = randomUUID();
    await db.dataSource.query(
      `INSERT INTO apps (id, owner_id, name, slug, config) VALUES ($1, $2, 'App', $3, '{}')`,
      [appId, userId, `app-${appId}`],
    );
    const runId = randomUUID();
    await db.dataSource.query(
      `INSERT INTO runs (id, app_id, user_id, action_type, source, status, cost, inputs)
       VALUES ($1, $2, $3, 'published', 'mcp', 'succeeded', $4, '{}')`,
      [runId, appId, userId, credits],
    );
    const debit = randomUUID();
    await db.dataSource.query(
      `INSERT INTO credit_ledger (id, user_id, delta, kind, run_id, created_at) VALUES ($1, $2, $3, 'debit', $4, $5)`,
      [debit, userId, -credits, runId, new Date(at).toISOString()],
    );
    if (refund > 0) {
      await db.dataSource.query(
        `INSERT INTO credit_ledger (id, user_id, delta, kind, run_id, reverses, created_at)
         VALUES ($1, $2, $3, 'refund', $4, $5, $6)`,
        [randomUUID(), userId, refund, runId, debit, new Date(at).toISOString()],
      );
    }
    await clients.recordRun(clientId, userId, runId);
    return runId;
  }

  it('lists a person’s clients with what they spent today and in total, refunds taken off', async () => {
    const userId = await person();
    const client = await connected(userId, 20);
    await chargedRun(userId, client.clientId, 7, NOON - DAY);
    await chargedRun(userId, client.clientId, 5, NOON - 60_000);
    await chargedRun(userId, client.clientId, 4, NOON - 30_000, 4);
    // Someone else's run through their own connection of the same client is not this person's spend.
    const other = await person();
    const theirs = await clients.connect({
      userId: other,
      clientId: client.clientId,
      clientName: 'Claude',
      redirectHost: 'claude.ai',
      grantId: randomUUID(),
      dailyCreditLimit: 5,
    });
    expect(theirs).toBeUndefined();
    await chargedRun(other, client.clientId, 3, NOON);
    expect(await clients.list(userId)).toEqual([
      {
        id: client.id,
        clientId: client.clientId,
        name: 'Claude',
        redirectHost: 'claude.ai',
        connectedAt: expect.any(String),
        lastUsedAt: null,
        dailyCreditLimit: 20,
        spentToday: 5,
        spentTotal: 12,
      },
    ]);
  });

  it('verifies an access token: its person, client and limit, and notes when it was last used', async () => {
    const userId = await person();
    const client = await connected(userId, 12);
    expect(await clients.verifyOAuthAccessToken(client.token)).toEqual({
      userId,
      clientId: client.clientId,
      dailyCreditLimit: 12,
    });
    expect((await clients.list(userId))[0]!.lastUsedAt).toBe(new Date(NOON).toISOString());
    expect(await clients.verifyOAuthAccessToken('nope')).toBeNull();
    expect(await clients.verifyOAuthAccessToken('')).toBeNull();
    expect(await clients.verifyOAuthAccessToken(`${client.token}\u0000`)).toBeNull();
    // Past its expiry (by the token's own exp), it is refused.
    now = NOON + 2 * 3_600_000;
    expect(await clients.verifyOAuthAccessToken(client.token)).toBeNull();
  });

  it('refuses a paid call that could pass the client’s daily limit, and allows it again the next day', async () => {
    const userId = await person();
    const client = await connected(userId, 10, 'Cursor');
    await clients.assertClientAllowance(client.clientId, userId, 10);
    await chargedRun(userId, client.clientId, 6, NOON);
    await clients.assertClientAllowance(client.clientId, userId, 4);
    const refused = clients.assertClientAllowance(client.clientId, userId, 5);
    await expect(refused).rejects.toBeInstanceOf(ClientDailyLimitError);
    await expect(refused).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringMatching(
        /^Cursor may spend 10 credits a day on your account and has spent 6 today/,
      ),
      details: { dailyCreditLimit: 10, spentToday: 6 },
    });
    now = NOON + DAY;
    await clients.assertClientAllowance(client.clientId, userId, 10);
    // A free call always passes; a limit of 0 allows only free calls.
    await clients.setDailyCreditLimit(userId, client.id, 0);
    await clients.assertClientAllowance(client.clientId, userId, 0);
    await expect(clients.assertClientAllowance(client.clientId, userId, 1)).rejects.toBeInstanceOf(
      ClientDailyLimitError,
    );
  });

  it('sets credits aside for calls under way: calls made at once cannot pass the limit together', async () => {
    const userId = await person();
    const client = await connected(userId, 10, 'Claude');
    const attempts = await Promise.allSettled(
      Array.from({ length: 8 }, () => clients.reserveClientAllowance(client.clientId, userId, 3)),
    );
    const holds = attempts.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : []));
    const refusals = attempts.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []));
    expect(holds).toHaveLength(3);
    expect(refusals).toHaveLength(5);
    for (const refusal of refusals) expect(refusal).toBeInstanceOf(ClientDailyLimitError);
    expect((refusals[0] as ClientDailyLimitError).message).toMatch(
      /9 more are set aside for calls under way/,
    );

    // A call ends: its run's charge counts instead of what it set aside.
    const runId = await chargedRun(userId, client.clientId, 2, NOON);
    await holds[0]!.recordRun(runId);
    await holds[0]!.release();
    // 2 spent + 6 held: 2 more fit, 3 do not.
    await expect(clients.reserveClientAllowance(client.clientId, userId, 3)).rejects.toBeInstanceOf(
      ClientDailyLimitError,
    );
    const fits = await clients.reserveClientAllowance(client.clientId, userId, 2);
    await fits.release();

    // A hold a dead process left behind stops counting once it lapses.
    now = NOON + 31 * 60_000;
    const later = await clients.reserveClientAllowance(client.clientId, userId, 8);
    await later.release();
    // The scheduled work deletes lapsed holds.
    await db.dataSource.query("UPDATE oauth_allowance_holds SET expires_at = now() - interval '1 second'");
    await pruneExpiredOAuthModels(db.dataSource);
    expect(await db.dataSource.query('SELECT 1 FROM oauth_allowance_holds')).toEqual([]);
    for (const hold of holds.slice(1)) await hold.release();
  });

  it('changes the daily limit of the person’s own client only, and checks it', async () => {
    const userId = await person();
    const client = await connected(userId, 10);
    expect((await clients.setDailyCreditLimit(userId, client.id, 40)).dailyCreditLimit).toBe(40);
    expect((await clients.verifyOAuthAccessToken(client.token))?.dailyCreditLimit).toBe(40);
    const stranger = await person();
    await expect(clients.setDailyCreditLimit(stranger, client.id, 1)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(clients.setDailyCreditLimit(userId, 'not-an-id', 1)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    for (const bad of [-1, 2.5, '3', null, 1_000_001, Number.NaN]) {
      await expect(clients.setDailyCreditLimit(userId, client.id, bad)).rejects.toMatchObject({
        code: 'BAD_USER_INPUT',
      });
    }
  });

  it('revokes: the client leaves the list and its tokens stop at once; another account’s is not found', async () => {
    const userId = await person();
    const client = await connected(userId);
    const stranger = await person();
    await expect(clients.revoke(stranger, client.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await clients.verifyOAuthAccessToken(client.token)).not.toBeNull();
    await clients.revoke(userId, client.id);
    expect(await clients.verifyOAuthAccessToken(client.token)).toBeNull();
    expect(await clients.list(userId)).toEqual([]);
    expect(await db.dataSource.getRepository(OAuthModel).countBy({ grantId: client.grantId })).toBe(0);
    await expect(clients.revoke(userId, client.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('connecting the same client again replaces its limit and grant: the old grant’s tokens stop', async () => {
    const userId = await person();
    const first = await connected(userId, 10);
    await clients.connect({
      userId,
      clientId: first.clientId,
      clientName: 'Claude',
      redirectHost: 'claude.ai',
      grantId: randomUUID(),
      dailyCreditLimit: 30,
    });
    expect(await clients.verifyOAuthAccessToken(first.token)).toBeNull();
    const listed = await clients.list(userId);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: first.id, dailyCreditLimit: 30 });
  });
});
