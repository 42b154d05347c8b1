import { randomUUID } from 'node:crypto';
import type { PlanId } from '@blocksmith/schema';
import { databaseTargets } from '../../testing/database';
import { useLedgerFixture } from '../../testing/ledger-fixture';
import { countStatements } from '../../bench/statement-count';
import { CreditLedger } from './credit-ledger';
import { CreditLedgerEntry } from '../../data/entities';
import { ConflictError, InputError, InsufficientCreditsError, NotFoundError } from '../../errors';
import { blockCost } from './block-cost';
import { creditPeriod, isCreditPeriod } from './credit-period';

/** Runs against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL is set (CI). */

describe.each(databaseTargets)('CreditLedger on %s', (_name, databaseUrl) => {
  const t = useLedgerFixture(databaseUrl);
  const { newUser } = t;

  async function entries(userId: string): Promise<CreditLedgerEntry[]> {
    return t.db.dataSource.getRepository(CreditLedgerEntry).findBy({ userId });
  }

  async function expectConsistent(userId: string): Promise<void> {
    const audit = await t.ledger.audit(userId);
    expect(audit.ledgerTotal).toBe(audit.balance);
    expect(audit.consistent).toBe(true);
  }

  function run(userId: string, ...credits: number[]) {
    return {
      userId,
      runId: randomUUID(),
      actionType: 'test_execution' as const,
      items: credits.map((c, i) => ({
        blockType: i === 0 ? 'text_generation' : 'image_generation',
        credits: c,
      })),
    };
  }

  describe('initialize', () => {
    it('creates the balance and grants the plan once however often it is called', async () => {
      const userId = await newUser('free');
      expect(await t.ledger.balance(userId)).toBe(0);
      expect(await t.ledger.initialize(userId, 'free')).toBe(50);
      expect(await t.ledger.initialize(userId, 'free')).toBe(50);
      const grants = (await entries(userId)).filter((e) => e.kind === 'grant');
      expect(grants).toEqual([expect.objectContaining({ delta: 50, grantPeriod: '2026-11', runId: null })]);
      await expectConsistent(userId);
    });

    it('grants once when called 10 times at the same moment', async () => {
      const userId = await newUser('starter');
      const balances = await Promise.all(
        Array.from({ length: 10 }, () => t.ledger.initialize(userId, 'starter')),
      );
      expect(balances).toEqual(Array(10).fill(500));
      expect(await t.ledger.balance(userId)).toBe(500);
      expect((await entries(userId)).filter((e) => e.kind === 'grant')).toHaveLength(1);
      await expectConsistent(userId);
    });

    it('refuses a user that does not exist and a bad plan', async () => {
      await expect(t.ledger.initialize(randomUUID(), 'free')).rejects.toBeInstanceOf(NotFoundError);
      const userId = await newUser();
      await expect(t.ledger.initialize(userId, 'gold' as PlanId)).rejects.toBeInstanceOf(InputError);
      await expect(t.ledger.initialize('not-a-uuid', 'free')).rejects.toBeInstanceOf(InputError);
    });
  });

  describe('grantMonthly', () => {
    it('tops the balance up to the plan amount for a new period, once', async () => {
      const userId = await newUser('free');
      await t.ledger.initialize(userId, 'free');
      await t.ledger.debit(run(userId, 20));
      expect(await t.ledger.balance(userId)).toBe(30);

      t.now = new Date('2026-12-01T00:00:00Z');
      expect(await t.ledger.grantMonthly(userId, 'free')).toEqual({
        period: '2026-12',
        granted: true,
        credits: 20,
        balance: 50,
      });
      expect(await t.ledger.grantMonthly(userId, 'free')).toMatchObject({
        granted: false,
        credits: 0,
        balance: 50,
      });
      expect(await t.ledger.initialize(userId, 'free')).toBe(50);
      await expectConsistent(userId);
    });

    it('never takes credits away, and still marks the period as granted', async () => {
      const userId = await newUser('starter');
      await t.ledger.initialize(userId, 'starter');
      const december = await t.ledger.grantMonthly(userId, 'free', '2026-12');
      expect(december).toEqual({ period: '2026-12', granted: true, credits: 0, balance: 500 });
      await t.ledger.debit(run(userId, 480));
      expect(await t.ledger.grantMonthly(userId, 'free', '2026-12')).toMatchObject({
        granted: false,
        balance: 20,
      });
      expect(await t.ledger.grantMonthly(userId, 'free', '2027-01')).toMatchObject({
        credits: 30,
        balance: 50,
      });
      await expectConsistent(userId);
    });

    it('keys the period by the UTC month and refuses a malformed one', async () => {
      const userId = await newUser('free');
      t.now = new Date('2026-11-30T23:30:00-05:00');
      expect(await t.ledger.grantMonthly(userId, 'free')).toMatchObject({ period: '2026-12', credits: 50 });
      await expect(t.ledger.grantMonthly(userId, 'free', '2026-13')).rejects.toBeInstanceOf(InputError);
      await expect(t.ledger.grantMonthly(userId, 'free', '2026-1')).rejects.toBeInstanceOf(InputError);
    });

    it('grants every user on their plan in the monthly job, and re-running grants nothing', async () => {
      const free = await newUser('free');
      const starter = await newUser('starter');
      const first = await t.ledger.grantMonthlyToAll('2030-01');
      expect(first.users).toBeGreaterThanOrEqual(2);
      expect(first.granted).toBeGreaterThanOrEqual(2);
      await t.ledger.grantMonthlyToAll('2030-01');
      expect(await t.ledger.balance(free)).toBe(50);
      expect(await t.ledger.balance(starter)).toBe(500);
      for (const userId of [free, starter]) {
        expect((await entries(userId)).filter((e) => e.kind === 'grant')).toHaveLength(1);
      }
    });
  });

  describe('debit', () => {
    it('takes the total and records one entry per item', async () => {
      const userId = await newUser('free');
      await t.ledger.initialize(userId, 'free');
      const request = { ...run(userId, 2, 5), actionType: 'published' as const };
      expect(await t.ledger.debit(request)).toEqual({ charged: 7, balance: 43, unlimited: false });
      const debits = (await entries(userId)).filter((e) => e.kind === 'debit');
      expect(debits.map((e) => [e.delta, e.blockType, e.actionType, e.runId]).sort()).toEqual([
        [-2, 'text_generation', 'published', request.runId],
        [-5, 'image_generation', 'published', request.runId],
      ]);
      await expectConsistent(userId);
    });

    it('lets exactly 10 of 50 concurrent 1-credit runs through on a balance of 10', async () => {
      const userId = await newUser('free');
      await t.ledger.initialize(userId, 'free');
      await t.ledger.debit(run(userId, 40));
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () => t.ledger.debit(run(userId, 1))),
      );
      const succeeded = results.filter((r) => r.status === 'fulfilled');
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(succeeded).toHaveLength(10);
      expect(failed).toHaveLength(40);
      for (const f of failed) expect(f.reason).toBeInstanceOf(InsufficientCreditsError);
      expect(await t.ledger.balance(userId)).toBe(0);
      expect((await entries(userId)).filter((e) => e.kind === 'debit')).toHaveLength(11);
      await expectConsistent(userId);
    }, 20_000);

    it('refuses a run the balance does not cover with a message a person can act on', async () => {
      const userId = await newUser('free');
      await t.ledger.initialize(userId, 'free');
      await t.ledger.debit(run(userId, 49));
      const error = await t.ledger.debit(run(userId, 1, 2)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InsufficientCreditsError);
      expect(error).toMatchObject({
        code: 'INSUFFICIENT_CREDITS',
        message:
          'This run costs 3 credits and you have 1. Upgrade your plan or wait for your monthly credits.',
        details: { required: 3, balance: 1 },
      });
      expect(await t.ledger.balance(userId)).toBe(1);
      await expectConsistent(userId);
    });

    it('refuses a user who was never initialized', async () => {
      const userId = await newUser('free');
      await expect(t.ledger.debit(run(userId, 1))).rejects.toMatchObject({
        details: { required: 1, balance: 0 },
      });
    });

    it('records nothing for a total of 0, and skips free items', async () => {
      const userId = await newUser('free');
      expect(await t.ledger.debit(run(userId, 0))).toEqual({ charged: 0, balance: 0, unlimited: false });
      expect(await t.ledger.debit(run(userId))).toMatchObject({ charged: 0 });
      await t.ledger.initialize(userId, 'free');
      await t.ledger.debit(run(userId, 0, 3));
      expect((await entries(userId)).filter((e) => e.kind === 'debit').map((e) => e.delta)).toEqual([-3]);
    });

    it('charges a run once', async () => {
      const userId = await newUser('free');
      await t.ledger.initialize(userId, 'free');
      const request = run(userId, 1);
      await t.ledger.debit(request);
      await expect(t.ledger.debit(request)).rejects.toBeInstanceOf(ConflictError);
      expect(await t.ledger.balance(userId)).toBe(49);
    });

    it('refuses malformed requests before touching the database', async () => {
      const userId = await newUser('free');
      const bad = [
        { ...run(userId, 1), runId: 'run-1' },
        { ...run(userId, 1), actionType: 'preview' as 'published' },
        run(userId, -1),
        run(userId, 1.5),
        { ...run(userId, 1), items: [{ blockType: '', credits: 1 }] },
      ];
      for (const request of bad) await expect(t.ledger.debit(request)).rejects.toBeInstanceOf(InputError);
    });

    it('joins the caller transaction, so rolling it back undoes the charge', async () => {
      const userId = await newUser('free');
      await t.ledger.initialize(userId, 'free');
      await expect(
        t.db.dataSource.transaction(async (manager) => {
          await t.ledger.debit(run(userId, 5), { manager });
          throw new Error('the run could not be queued');
        }),
      ).rejects.toThrow('queued');
      expect(await t.ledger.balance(userId)).toBe(50);
      await t.db.dataSource.transaction(async (manager) => {
        await expect(t.ledger.debit(run(userId, 51), { manager })).rejects.toBeInstanceOf(
          InsufficientCreditsError,
        );
        await t.ledger.debit(run(userId, 5), { manager });
      });
      expect(await t.ledger.balance(userId)).toBe(45);
      await expectConsistent(userId);
    });
  });

  describe('chargeNewRun', () => {
    async function newApp(ownerId: string): Promise<string> {
      const appId = randomUUID();
      await t.db.dataSource.query(
        `INSERT INTO apps (id, owner_id, name, slug, config) VALUES ($1, $2, 'App', $3, '{}'::jsonb)`,
        [appId, ownerId, `app-${appId}`],
      );
      return appId;
    }
    const newRun = (userId: string, appId: string) => ({
      id: randomUUID(),
      appId,
      userId,
      actionType: 'published' as const,
      inputs: { input_text: 'x' },
    });
    const items = [
      { blockType: 'text_generation', credits: 1 },
      { blockType: 'image_generation', credits: 5 },
    ];
    const runCount = async (userId: string) =>
      Number(
        (await t.db.dataSource.query('SELECT count(*) AS n FROM runs WHERE user_id = $1', [userId]))[0].n,
      );

    it('writes the run and its debits and lowers the balance, in one go', async () => {
      const userId = await newUser();
      await t.ledger.initializeForUser(userId);
      const appId = await newApp(userId);
      const charged = await t.ledger.chargeNewRun(newRun(userId, appId), items);
      expect(charged).toEqual({ charged: 6, balance: 44, unlimited: false });
      expect(await runCount(userId)).toBe(1);
      expect(
        (await entries(userId))
          .filter((e) => e.kind === 'debit')
          .map((e) => e.delta)
          .sort(),
      ).toEqual([-1, -5]);
      await expectConsistent(userId);
    });

    it('writes nothing when the balance is short', async () => {
      const userId = await newUser();
      await t.ledger.initializeForUser(userId);
      const appId = await newApp(userId);
      await t.db.dataSource.query('UPDATE credit_balances SET balance = 5 WHERE user_id = $1', [userId]);
      await expect(t.ledger.chargeNewRun(newRun(userId, appId), items)).rejects.toThrow(
        'This run costs 6 credits and you have 5.',
      );
      expect(await runCount(userId)).toBe(0);
      expect((await entries(userId)).filter((e) => e.kind === 'debit')).toHaveLength(0);
    });

    it('never lets concurrent runs take the balance below zero', async () => {
      const userId = await newUser();
      await t.ledger.initializeForUser(userId);
      const appId = await newApp(userId);
      const outcomes = await Promise.allSettled(
        Array.from({ length: 30 }, () => t.ledger.chargeNewRun(newRun(userId, appId), [items[1]!])),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
      expect(await t.ledger.summary(userId)).toMatchObject({ balance: 0 });
      expect(await runCount(userId)).toBe(10);
      await expectConsistent(userId);
    });

    it('records an unlimited plan’s runs without moving its balance, even before it has a balance row', async () => {
      const userId = await newUser('enterprise');
      const appId = await newApp(userId);
      const charged = await t.ledger.chargeNewRun(newRun(userId, appId), items);
      expect(charged).toMatchObject({ charged: 0, unlimited: true });
      expect(await runCount(userId)).toBe(1);
      await expectConsistent(userId);
    });

    it('charges runs started together as if one after another, per person and in order', async () => {
      // Three people start runs in the same turn: one can pay for all of theirs, one for only the
      // first two (5 + 5 of 12, then 5 more is refused, then 1 is paid), one is on an unlimited plan.
      const [rich, short, unlimited] = [await newUser(), await newUser(), await newUser('enterprise')];
      await t.ledger.initializeForUser(rich);
      await t.ledger.initializeForUser(short);
      await t.ledger.debit(run(short, 38));
      const appId = await newApp(rich);
      const five = [items[1]!];
      const one = [items[0]!];
      const started = [
        [rich, five],
        [short, five],
        [unlimited, items],
        [rich, one],
        [short, five],
        [short, five],
        [short, one],
        [unlimited, five],
      ] as const;
      const outcomes = await Promise.allSettled(
        started.map(([userId, charged]) => t.ledger.chargeNewRun(newRun(userId, appId), charged)),
      );
      expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : o.reason.message))).toEqual([
        { charged: 5, balance: 45, unlimited: false },
        { charged: 5, balance: 7, unlimited: false },
        { charged: 0, balance: 0, unlimited: true },
        { charged: 1, balance: 44, unlimited: false },
        { charged: 5, balance: 2, unlimited: false },
        expect.stringContaining('This run costs 5 credits and you have 2.'),
        { charged: 1, balance: 1, unlimited: false },
        { charged: 0, balance: 0, unlimited: true },
      ]);
      expect([await runCount(rich), await runCount(short), await runCount(unlimited)]).toEqual([2, 3, 2]);
      for (const userId of [rich, short, unlimited]) await expectConsistent(userId);
      expect(await t.ledger.balance(short)).toBe(1);
    });

    it('knows a user id in capitals for the same person in a batch', async () => {
      const userId = await newUser();
      await t.ledger.initializeForUser(userId);
      const appId = await newApp(userId);
      const charged = await Promise.all(
        [userId, userId.toUpperCase()].map((id) => t.ledger.chargeNewRun(newRun(id, appId), [items[0]!])),
      );
      expect(charged.map(({ balance }) => balance)).toEqual([49, 48]);
      expect(await runCount(userId)).toBe(2);
      await expectConsistent(userId);
    });

    it('refuses only the bad run of a batch and charges the rest', async () => {
      const userId = await newUser();
      await t.ledger.initializeForUser(userId);
      const appId = await newApp(userId);
      const runs = [
        newRun(userId, appId),
        { ...newRun(userId, appId), appId: randomUUID() },
        newRun(userId, appId),
      ];
      const outcomes = await Promise.allSettled(runs.map((run) => t.ledger.chargeNewRun(run, [items[0]!])));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await runCount(userId)).toBe(2);
      expect(await t.ledger.balance(userId)).toBe(48);
      await expectConsistent(userId);
    });

    it('keeps many people’s concurrent runs exact, their charges sharing statements', async () => {
      const people = await Promise.all(Array.from({ length: 12 }, () => newUser()));
      for (const userId of people) await t.ledger.initializeForUser(userId);
      const appId = await newApp(people[0]!);
      // Two ledgers, as two gateway processes: on PostgreSQL their batches lock the same balances.
      const ledgers = [t.ledger, new CreditLedger(t.db.dataSource, () => t.now)];
      const start = (runs: number) =>
        Promise.allSettled(
          Array.from({ length: runs }, (_, i) =>
            people.map((userId) => ledgers[i % 2]!.chargeNewRun(newRun(userId, appId), [items[1]!])),
          ).flat(),
        );
      // Each person starts 8 runs of 5 credits against 50 (40 taken), then 6 more (2 taken).
      const statements = countStatements(t.db.dataSource);
      const first = await start(8);
      expect(first.filter((o) => o.status === 'fulfilled')).toHaveLength(96);
      expect(statements.credits).toBeLessThanOrEqual(4);
      const second = await start(6);
      expect(second.filter((o) => o.status === 'fulfilled')).toHaveLength(24);
      for (const o of second)
        if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(InsufficientCreditsError);
      for (const userId of people) {
        expect(await t.ledger.balance(userId)).toBe(0);
        expect(await runCount(userId)).toBe(10);
        await expectConsistent(userId);
      }
    });

    it('records a run that costs nothing without touching the ledger', async () => {
      const userId = await newUser();
      const appId = await newApp(userId);
      expect(await t.ledger.chargeNewRun(newRun(userId, appId), [])).toMatchObject({ charged: 0 });
      expect(await runCount(userId)).toBe(1);
      expect(await entries(userId)).toHaveLength(0);
    });
  });

  describe('refund', () => {
    it('gives back exactly what the run took, once', async () => {
      const userId = await newUser('free');
      await t.ledger.initialize(userId, 'free');
      const failed = run(userId, 2, 3);
      await t.ledger.debit(failed);
      await t.ledger.debit(run(userId, 4));
      expect(await t.ledger.balance(userId)).toBe(41);
      expect(await t.ledger.refund(failed.runId)).toBe(5);
      expect(await t.ledger.balance(userId)).toBe(46);
      expect(await t.ledger.refund(failed.runId)).toBe(0);
      expect(await t.ledger.balance(userId)).toBe(46);
      const refunds = (await entries(userId)).filter((e) => e.kind === 'refund');
      expect(refunds.map((e) => [e.delta, e.blockType, e.runId]).sort()).toEqual([
        [2, 'text_generation', failed.runId],
        [3, 'image_generation', failed.runId],
      ]);
      await expectConsistent(userId);
    });

    it('refunds once when asked several times at the same moment', async () => {
      const userId = await newUser('free');
      await t.ledger.initialize(userId, 'free');
      const failed = run(userId, 7);
      await t.ledger.debit(failed);
      const refunded = await Promise.all(Array.from({ length: 5 }, () => t.ledger.refund(failed.runId)));
      expect(refunded.sort((a, b) => b - a)).toEqual([7, 0, 0, 0, 0]);
      expect(await t.ledger.balance(userId)).toBe(50);
      await expectConsistent(userId);
    });

    it('does nothing for a run that was never charged', async () => {
      expect(await t.ledger.refund(randomUUID())).toBe(0);
      await expect(t.ledger.refund('nope')).rejects.toBeInstanceOf(InputError);
    });
  });

  describe('history and stats', () => {
    it('lists charged runs newest first in the spec shape, without grants or refunded runs', async () => {
      const userId = await newUser('starter');
      await t.ledger.initialize(userId, 'starter');
      const times = ['2026-11-15T12:01:00Z', '2026-11-15T12:02:00Z', '2026-11-15T12:03:00Z'];
      const runs = [run(userId, 2), { ...run(userId, 3), actionType: 'published' as const }, run(userId, 4)];
      for (const [i, request] of runs.entries()) {
        t.now = new Date(times[i]!);
        await t.ledger.debit(request);
      }
      await t.ledger.refund(runs[2]!.runId);

      const history = await t.ledger.history(userId);
      expect(history).toEqual([
        {
          _id: expect.any(String),
          block_type: 'text_generation',
          action_type: 'published',
          timestamp: '2026-11-15T12:02:00.000Z',
          credits_used: 3,
        },
        {
          _id: expect.any(String),
          block_type: 'text_generation',
          action_type: 'test_execution',
          timestamp: '2026-11-15T12:01:00.000Z',
          credits_used: 2,
        },
      ]);
      expect(Object.keys(history[0]!).sort()).toEqual([
        '_id',
        'action_type',
        'block_type',
        'credits_used',
        'timestamp',
      ]);
      expect(await t.ledger.history(userId, 1)).toEqual([history[0]]);
      expect(await t.ledger.history(userId, 0)).toEqual([]);
      expect(await t.ledger.stats(userId)).toEqual({ totalCreditsUsed: 5, totalExecutions: 2 });
    });

    it('validates the limit and answers empty for a new user', async () => {
      const userId = await newUser('free');
      expect(await t.ledger.history(userId)).toEqual([]);
      expect(await t.ledger.stats(userId)).toEqual({ totalCreditsUsed: 0, totalExecutions: 0 });
      expect(await t.ledger.history(userId, 200)).toEqual([]);
      for (const limit of [-1, 201, 1.5, Number.NaN]) {
        await expect(t.ledger.history(userId, limit)).rejects.toBeInstanceOf(InputError);
      }
    });

    it('returns at most 50 entries by default', async () => {
      const userId = await newUser('starter');
      await t.ledger.initialize(userId, 'starter');
      await t.ledger.debit(run(userId, ...Array<number>(60).fill(1)));
      expect(await t.ledger.history(userId)).toHaveLength(50);
      expect(await t.ledger.history(userId, 200)).toHaveLength(60);
      expect(await t.ledger.stats(userId)).toEqual({ totalCreditsUsed: 60, totalExecutions: 1 });
    });
  });

  describe('history pages', () => {
    it('pages through the history by the _id of the last entry, newest first, entries of one instant by id', async () => {
      const userId = await newUser('starter');
      await t.ledger.initialize(userId, 'starter');
      // 60 debits at one instant (one run), and 5 more runs a minute apart.
      t.now = new Date('2026-11-16T10:00:00Z');
      await t.ledger.debit(run(userId, ...Array<number>(60).fill(1)));
      for (let i = 1; i <= 5; i++) {
        t.now = new Date(Date.parse('2026-11-16T10:00:00Z') + i * 60_000);
        await t.ledger.debit(run(userId, 2));
      }
      const whole = await t.ledger.history(userId, 200);
      expect(whole).toHaveLength(65);
      const paged: typeof whole = [];
      let cursor: string | null = null;
      for (;;) {
        const page: Awaited<ReturnType<CreditLedger['historyPage']>> = await t.ledger.historyPage(
          userId,
          20,
          cursor,
        );
        paged.push(...page.entries);
        if (!page.nextCursor) break;
        expect(page.nextCursor).toBe(page.entries.at(-1)!._id);
        cursor = page.nextCursor;
      }
      expect(paged).toEqual(whole);
      // The array form takes the same cursor: the entries after it.
      expect(await t.ledger.history(userId, 10, whole[29]!._id)).toEqual(whole.slice(30, 40));
    });

    it('refuses a cursor that is not one of the person’s entries', async () => {
      const userId = await newUser('starter');
      const other = await newUser('starter');
      await t.ledger.initialize(other, 'starter');
      await t.ledger.debit(run(other, 1));
      const [theirs] = await t.ledger.history(other);
      for (const cursor of ['nope', randomUUID(), theirs!._id]) {
        await expect(t.ledger.history(userId, 10, cursor)).rejects.toThrow(
          'cursor must be the _id of the last entry of the page before.',
        );
      }
      await expect(t.ledger.historyPage(userId, 0)).rejects.toBeInstanceOf(InputError);
      expect(await t.ledger.historyPage(userId, 5)).toEqual({ entries: [], nextCursor: null });
    });
  });

  describe('check', () => {
    const costs = { textGeneration: 2, imageGenerator: 5, free: 0, default: 3 };

    it('prices one run of the kind and says whether the balance covers it', async () => {
      const userId = await newUser('free');
      await t.ledger.initialize(userId, 'free');
      await t.ledger.debit(run(userId, 46));
      expect(await t.ledger.check(userId, 'textGeneration', costs)).toEqual({
        allowed: true,
        cost: 2,
        balance: 4,
        unlimited: false,
      });
      expect(await t.ledger.check(userId, 'imageGenerator', costs)).toMatchObject({
        allowed: false,
        cost: 5,
      });
      expect(await t.ledger.check(userId, 'extraction', costs)).toMatchObject({ allowed: true, cost: 3 });
      await expect(t.ledger.check(randomUUID(), 'textGeneration', costs)).rejects.toBeInstanceOf(
        NotFoundError,
      );
    });

    it('falls back to default, then 1, and treats 0 as free', () => {
      expect(blockCost({ default: 4 }, 'x')).toBe(4);
      expect(blockCost({}, 'x')).toBe(1);
      expect(blockCost({ x: 0, default: 4 }, 'x')).toBe(0);
      expect(blockCost({ toString: 9 } as Record<string, number>, 'constructor')).toBe(1);
    });
  });

  describe('an unlimited (enterprise) plan', () => {
    it('is never refused, keeps its balance, and still records usage', async () => {
      const userId = await newUser('enterprise');
      expect(await t.ledger.initialize(userId, 'enterprise')).toBe(0);
      expect((await entries(userId)).filter((e) => e.kind === 'grant')).toHaveLength(0);
      expect(await t.ledger.summary(userId)).toEqual({ balance: 0, unlimited: true });
      expect(await t.ledger.check(userId, 'imageGenerator', { imageGenerator: 1000 })).toMatchObject({
        allowed: true,
        unlimited: true,
      });

      const big = run(userId, 1000, 5000);
      expect(await t.ledger.debit(big)).toEqual({ charged: 0, balance: 0, unlimited: true });
      const runs = await Promise.all(Array.from({ length: 5 }, () => t.ledger.debit(run(userId, 10))));
      expect(runs.every((r) => r.balance === 0)).toBe(true);
      expect(await t.ledger.balance(userId)).toBe(0);
      expect((await t.ledger.history(userId, 10)).map((e) => e.credits_used).sort((a, b) => a - b)).toEqual([
        10, 10, 10, 10, 10, 1000, 5000,
      ]);
      expect(await t.ledger.stats(userId)).toEqual({ totalCreditsUsed: 6050, totalExecutions: 6 });
      await expectConsistent(userId);

      expect(await t.ledger.refund(big.runId)).toBe(0);
      expect(await t.ledger.balance(userId)).toBe(0);
      expect(await t.ledger.stats(userId)).toEqual({ totalCreditsUsed: 50, totalExecutions: 5 });
      await expectConsistent(userId);
    });
  });
});

describe('creditPeriod', () => {
  it('is the UTC month', () => {
    expect(creditPeriod(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01');
    expect(creditPeriod(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12');
    expect(creditPeriod(new Date('2027-01-01T00:30:00+01:00'))).toBe('2026-12');
    expect(['2026-01', '2026-12'].every(isCreditPeriod)).toBe(true);
    expect(['2026-00', '2026-1', '26-01', 202601].some(isCreditPeriod)).toBe(false);
  });
});
