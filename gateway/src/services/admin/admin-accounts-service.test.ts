import { randomUUID } from 'node:crypto';
import { MemoryFileStore, ScriptedProvider } from '@blocksmith/block-sdk/testing';
import { ACCOUNT_SUSPENDED_MESSAGE, type AppConfig } from '@blocksmith/schema';
import type { Database } from '../../data/database';
import { AppRecord } from '../../data/entities';
import { RateLimiter } from '../../data/rate-limiter';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '../../errors';
import { BlockRegistry } from '../../kernel';
import { echoInput, probeApp, probePlugin, templateBlock } from '../../testing/probe-blocks';
import { AccountService, AccountSuspendedError, InvalidTokenError, OutboxMailer } from '../accounts';
import { ApiKeyService } from '../api-keys/api-key-service';
import { AppService } from '../apps/app-service';
import { CreditLedger } from '../credits';
import { RunEventHub } from '../runs/run-event-hub';
import { RunService } from '../runs/run-service';
import { AdminAccountsService, type AdminCaller } from './admin-accounts-service';

const registry = new BlockRegistry();
registry.register(echoInput, 'test');
registry.register(templateBlock, 'test');
const config: AppConfig = probeApp(
  [probePlugin('in', 'echoInput'), probePlugin('gen', 'template', { template: 'Hi {{input_text}}' })],
  [['in', 'gen']],
);
const PASSWORD = 'correct horse battery staple';
const ADMIN_EMAIL = 'root@example.com';

describe.each(databaseTargets)('AdminAccountsService on %s', (_name, databaseUrl) => {
  let db: Database;
  let accounts: AccountService;
  let apps: AppService;
  let ledger: CreditLedger;
  let runs: RunService;
  let keys: ApiKeyService;
  let admin: AdminAccountsService;
  let root: AdminCaller;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    accounts = new AccountService({
      dataSource: db.dataSource,
      adminEmails: new Set([ADMIN_EMAIL]),
      mailer: new OutboxMailer({ dataSource: db.dataSource, log: () => undefined }),
      publicUrl: 'http://localhost:4000',
      passwordCost: { logN: 10, r: 8, p: 1 },
      sessionCheckTtlMs: 0,
    });
    apps = new AppService(db.dataSource, registry);
    ledger = new CreditLedger(db.dataSource);
    runs = new RunService({
      dataSource: db.dataSource,
      registry,
      apps,
      ledger,
      provider: new ScriptedProvider(),
      files: new MemoryFileStore(),
      hub: new RunEventHub(),
    });
    keys = new ApiKeyService(db.dataSource, new RateLimiter(db.dataSource));
    admin = new AdminAccountsService({
      dataSource: db.dataSource,
      ledger,
      adminEmails: new Set([ADMIN_EMAIL]),
      accounts,
      apps,
    });
    const { user } = await accounts.signUp({ email: ADMIN_EMAIL, password: PASSWORD, fullName: 'Root' });
    await db.dataSource.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [user.id]);
    root = { userId: user.id, email: ADMIN_EMAIL, isAdmin: true };
  });

  afterAll(async () => {
    await runs.drain();
    await db.close();
  });

  /** A signed-up account with the monthly credits of its plan. */
  async function person(fullName: string, email = `${randomUUID()}@example.com`) {
    const { user, session } = await accounts.signUp({ email, password: PASSWORD, fullName });
    await ledger.initialize(user.id, 'free');
    return { id: user.id, email, session };
  }

  /** An app of `owner`'s, published and approved behind the service's back. */
  async function liveApp(ownerId: string, name = 'Greeter') {
    const app = await apps.create(ownerId, { name, category: 'Content', config });
    const repo = db.dataSource.getRepository(AppRecord);
    const record = await repo.findOneByOrFail({ id: app.id! });
    Object.assign(record, {
      isPublished: true,
      verificationStatus: 'approved',
      liveVersionId: record.draftVersionId,
      live: { name, description: '', category: 'Content', config },
    });
    await repo.save(record);
    apps.storeChanged();
    return app;
  }

  it('refuses every operation to people who are not admins', async () => {
    const ann = await person('Ann');
    const notAdmin: AdminCaller = { userId: ann.id, email: ann.email, isAdmin: false };
    const refusals = [
      admin.listUsers(notAdmin),
      admin.user(notAdmin, ann.id),
      admin.actions(notAdmin),
      admin.setPlan(notAdmin, ann.id, 'enterprise'),
      admin.adjustCredits(notAdmin, ann.id, 100, 'gift'),
      admin.suspend(notAdmin, root.userId),
      admin.unsuspend(notAdmin, ann.id),
    ];
    for (const refusal of refusals) await expect(refusal).rejects.toBeInstanceOf(ForbiddenError);
    expect((await ledger.audit(ann.id)).balance).toBe(50);
    expect((await admin.actions(root, { userId: ann.id })).actions).toEqual([]);
  });

  it('finds accounts by e-mail or name, newest first, a page at a time', async () => {
    const tag = randomUUID().slice(0, 8);
    const made = [];
    for (const name of ['Grace Hopper', 'Grace Kelly', 'Alan Turing']) {
      made.push(await person(`${name} ${tag}`, `${name.split(' ')[1]!.toLowerCase()}-${tag}@example.com`));
    }
    await apps.create(made[0]!.id, { name: 'One', config });
    const graces = await admin.listUsers(root, { query: `grace` });
    expect(graces.users.map((user) => user.fullName)).toEqual(
      expect.arrayContaining([`Grace Kelly ${tag}`, `Grace Hopper ${tag}`]),
    );
    const byEmail = await admin.listUsers(root, { query: `turing-${tag}` });
    expect(byEmail.users).toHaveLength(1);
    expect(byEmail.users[0]).toMatchObject({
      email: `turing-${tag}@example.com`,
      plan: 'free',
      credits: 50,
      unlimited: false,
      apps: 0,
      isAdmin: false,
      suspendedAt: null,
    });
    expect(byEmail.users[0]!.lastSignInAt).not.toBeNull();
    // Pattern characters are matched as written.
    expect((await admin.listUsers(root, { query: '%' })).users).toEqual([]);
    expect((await admin.listUsers(root, { query: `_${tag}` })).users).toEqual([]);

    const first = await admin.listUsers(root, { query: tag, limit: 2 });
    expect(first.users.map((user) => user.fullName)).toEqual([`Alan Turing ${tag}`, `Grace Kelly ${tag}`]);
    expect(first.nextCursor).not.toBeNull();
    const second = await admin.listUsers(root, { query: tag, limit: 2, cursor: first.nextCursor });
    expect(second.users).toMatchObject([{ fullName: `Grace Hopper ${tag}`, apps: 1, publishedApps: 0 }]);
    expect(second.nextCursor).toBeNull();
    await expect(admin.listUsers(root, { cursor: 'made-up' })).rejects.toBeInstanceOf(InputError);
    await expect(admin.listUsers(root, { limit: 0 })).rejects.toBeInstanceOf(InputError);
    await expect(admin.listUsers(root, { query: 'x'.repeat(201) })).rejects.toBeInstanceOf(InputError);
    expect((await admin.listUsers(root, { query: ADMIN_EMAIL })).users[0]!.isAdmin).toBe(true);
  });

  it('moves an account to Enterprise after a sales contact, and records who did it, before and after', async () => {
    const ann = await person('Ann');
    const moved = await admin.setPlan(root, ann.id, 'enterprise');
    expect(moved).toMatchObject({ plan: 'enterprise', unlimited: true });
    await expect(admin.setPlan(root, ann.id, 'enterprise')).rejects.toThrow(
      new ConflictError('This account is already on the Enterprise plan.'),
    );
    await expect(admin.setPlan(root, ann.id, 'gold')).rejects.toBeInstanceOf(InputError);
    await expect(admin.setPlan(root, randomUUID(), 'starter')).rejects.toBeInstanceOf(NotFoundError);
    const { actions } = await admin.actions(root, { userId: ann.id });
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      action: 'plan',
      adminId: root.userId,
      adminEmail: ADMIN_EMAIL,
      userId: ann.id,
      userEmail: ann.email,
      before: { plan: 'free', credits: 50 },
      after: { plan: 'enterprise', credits: 50 },
      reason: null,
    });
  });

  it('brings the Starter credits at once when an admin moves a Free account up, as a payment would', async () => {
    const bob = await person('Bob');
    const moved = await admin.setPlan(root, bob.id, 'starter');
    expect(moved).toMatchObject({ plan: 'starter', credits: 500 });
    expect((await ledger.audit(bob.id)).consistent).toBe(true);
    // A cancelled subscription's end date no longer takes the chosen plan away.
    await db.dataSource.query("UPDATE users SET plan_ends_at = now() + interval '1 day' WHERE id = $1", [
      bob.id,
    ]);
    await admin.setPlan(root, bob.id, 'enterprise');
    const [row] = (await db.dataSource.query('SELECT plan_ends_at FROM users WHERE id = $1', [bob.id])) as {
      plan_ends_at: Date | null;
    }[];
    expect(row!.plan_ends_at).toBeNull();
  });

  it('gives and takes credits as ledger entries with a reason, never below zero', async () => {
    const cy = await person('Cy');
    expect((await admin.adjustCredits(root, cy.id, 100, ' Refund for an outage ')).credits).toBe(150);
    expect((await admin.adjustCredits(root, cy.id, -30, 'Goodwill taken back')).credits).toBe(120);
    await expect(admin.adjustCredits(root, cy.id, -121, 'Too much')).rejects.toThrow(
      'This would take the balance below zero: it holds 120 credits, so at most 120 can be taken.',
    );
    await expect(admin.adjustCredits(root, cy.id, 10, '  ')).rejects.toBeInstanceOf(InputError);
    await expect(admin.adjustCredits(root, cy.id, 0, 'nothing')).rejects.toBeInstanceOf(InputError);
    await expect(admin.adjustCredits(root, cy.id, 1.5, 'half')).rejects.toBeInstanceOf(InputError);
    const audit = await ledger.audit(cy.id);
    expect(audit).toEqual({ balance: 120, ledgerTotal: 120, consistent: true });
    const entries = (await db.dataSource.query(
      `SELECT delta FROM credit_ledger WHERE user_id = $1 AND kind = 'adjustment' ORDER BY created_at, delta DESC`,
      [cy.id],
    )) as { delta: number }[];
    expect(entries.map((entry) => entry.delta)).toEqual([100, -30]);
    const { actions } = await admin.actions(root, { userId: cy.id });
    expect(actions.map((a) => [a.before, a.after, a.reason])).toEqual([
      [{ credits: 150 }, { credits: 120 }, 'Goodwill taken back'],
      [{ credits: 50 }, { credits: 150 }, 'Refund for an outage'],
    ]);
  });

  it('keeps the balance exact when admins give and take credits at the same moment', async () => {
    const dee = await person('Dee');
    const changes = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? -20 : 10));
    const outcomes = await Promise.allSettled(
      changes.map((amount) => admin.adjustCredits(root, dee.id, amount, 'parallel')),
    );
    const applied = changes.filter((_, i) => outcomes[i]!.status === 'fulfilled');
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    for (const outcome of refused)
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(InputError);
    const audit = await ledger.audit(dee.id);
    expect(audit.balance).toBe(50 + applied.reduce((sum, amount) => sum + amount, 0));
    expect(audit.consistent).toBe(true);
    expect((await admin.actions(root, { userId: dee.id, limit: 100 })).actions).toHaveLength(applied.length);
  });

  it('suspends an account everywhere: sign-in, refresh, sessions, keys and runs of its apps; then lifts it', async () => {
    const eve = await person('Eve', `eve-${randomUUID()}@example.com`);
    const runner = await person('Runner');
    await db.dataSource.query("UPDATE users SET plan = 'starter' WHERE id = $1", [eve.id]);
    const key = await keys.create(eve.id, 'server');
    const app = await liveApp(eve.id, `Eve's greeter ${randomUUID().slice(0, 6)}`);
    expect((await apps.listStore()).some((listed) => listed.id === app.id)).toBe(true);

    const suspended = await admin.suspend(root, eve.id, 'Spam apps');
    expect(suspended.suspendedAt).not.toBeNull();
    await expect(admin.suspend(root, eve.id)).rejects.toBeInstanceOf(ConflictError);
    await expect(admin.suspend(root, root.userId)).rejects.toThrow('You cannot suspend your own account.');

    // Sign-in, the old session's access token, its refresh token and the API key all stop.
    await expect(accounts.signIn({ email: eve.email, password: PASSWORD })).rejects.toThrow(
      new AccountSuspendedError(),
    );
    await expect(
      accounts.signIn({ email: eve.email, password: 'wrong password!' }),
    ).rejects.not.toBeInstanceOf(AccountSuspendedError);
    expect(await accounts.authenticate(eve.session.access_token)).toBeNull();
    await expect(accounts.refresh(eve.session.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(await keys.authenticate(key.key)).toMatchObject({ userId: eve.id, suspended: true });

    // Her published app leaves the store, its page and other people's runs.
    expect((await apps.listStore()).some((listed) => listed.id === app.id)).toBe(false);
    expect(await apps.listByUser(eve.id)).toEqual([]);
    await expect(apps.getPublishedBySlug({ userId: null, isAdmin: false }, app.slug)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(
      runs.start({ userId: runner.id, appId: app.id!, inputs: { input_text: 'Ann' } }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      runs.start({ userId: runner.id, appId: app.id!, inputs: { input_text: 'Ann' }, live: true }),
    ).rejects.toBeInstanceOf(NotFoundError);
    // Admins still see it.
    expect((await apps.get({ userId: root.userId, isAdmin: true }, app.id!)).id).toBe(app.id);
    expect((await admin.user(root, eve.id)).actions[0]).toMatchObject({
      action: 'suspend',
      before: { suspended: false },
      after: { suspended: true },
      reason: 'Spam apps',
    });

    // Lifted: she signs in again (old sessions stay ended), the key works, the app is back.
    const lifted = await admin.unsuspend(root, eve.id);
    expect(lifted.suspendedAt).toBeNull();
    await expect(admin.unsuspend(root, eve.id)).rejects.toBeInstanceOf(ConflictError);
    expect(await accounts.authenticate(eve.session.access_token)).toBeNull();
    const again = await accounts.signIn({ email: eve.email, password: PASSWORD });
    expect(await accounts.authenticate(again.session.access_token)).toMatchObject({ userId: eve.id });
    expect(await keys.authenticate(key.key)).toEqual({ userId: eve.id, keyId: key.id, plan: 'starter' });
    expect((await apps.listStore()).some((listed) => listed.id === app.id)).toBe(true);
    const run = await runs.runToEnd({ userId: runner.id, appId: app.id!, inputs: { input_text: 'Ann' } });
    expect(run.status).toBe('succeeded');
  });

  it('refuses a refresh of a suspended account even when its session was not ended', async () => {
    const fay = await person('Fay');
    // Suspended behind the service's back: the session stays, the refresh still says why.
    await db.dataSource.query('UPDATE users SET suspended_at = now() WHERE id = $1', [fay.id]);
    await expect(accounts.refresh(fay.session.refresh_token)).rejects.toThrow(ACCOUNT_SUSPENDED_MESSAGE);
    expect(await accounts.authenticate(fay.session.access_token)).toBeNull();
  });

  it('shows one account with its recent runs and lists every action newest first, a page at a time', async () => {
    const gus = await person('Gus');
    const app = await apps.create(gus.id, { name: 'Gus app', config });
    const run = await runs.runToEnd({ userId: gus.id, appId: app.id!, inputs: { input_text: 'x' } });
    await admin.adjustCredits(root, gus.id, 5, 'one');
    await admin.adjustCredits(root, gus.id, 6, 'two');
    await admin.adjustCredits(root, gus.id, 7, 'three');
    const detail = await admin.user(root, gus.id);
    expect(run.cost).toBeGreaterThan(0);
    expect(detail).toMatchObject({ id: gus.id, apps: 1, credits: 50 - run.cost + 18 });
    expect(detail.recentRuns).toMatchObject([
      { id: run.id, appId: app.id, appName: 'Gus app', status: 'succeeded', cost: run.cost },
    ]);
    expect(detail.earnings).toEqual({ balance: 0, total: 0, paidOut: 0 });
    expect(detail.actions.map((a) => a.reason)).toEqual(['three', 'two', 'one']);
    const page = await admin.actions(root, { userId: gus.id, limit: 2 });
    expect(page.actions.map((a) => a.reason)).toEqual(['three', 'two']);
    const rest = await admin.actions(root, { userId: gus.id, limit: 2, cursor: page.nextCursor });
    expect(rest).toMatchObject({ actions: [{ reason: 'one' }], nextCursor: null });
    const everyone = await admin.actions(root, { limit: 100 });
    expect(everyone.actions.length).toBeGreaterThanOrEqual(3);
    await expect(admin.user(root, 'not-an-id')).rejects.toBeInstanceOf(NotFoundError);
  });
});
