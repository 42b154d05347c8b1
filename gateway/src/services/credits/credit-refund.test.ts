import { randomUUID } from 'node:crypto';
import type { PlanId } from '@blocksmith/schema';
import { CreditLedgerEntry } from '../../data/entities';
import { databaseTargets } from '../../testing/database';
import { NOVEMBER, useLedgerFixture } from '../../testing/ledger-fixture';

/**
 * A failed run whose blocks overran their time keeps those blocks' charges and gets the rest back.
 * Runs against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL is set.
 */

describe.each(databaseTargets)('refunds keeping overrun charges on %s', (_name, databaseUrl) => {
  const t = useLedgerFixture(databaseUrl);

  /** A new user of `plan`, given the plan's credits. */
  async function newUser(plan: PlanId = 'free'): Promise<string> {
    const id = await t.newUser(plan);
    await t.ledger.initialize(id, plan);
    return id;
  }

  async function expectConsistent(userId: string): Promise<void> {
    expect(await t.ledger.audit(userId)).toMatchObject({ consistent: true });
  }

  /** A run of a Text Generation (3 credits) and a Code block (1 credit). */
  async function chargedRun(userId: string): Promise<string> {
    const runId = randomUUID();
    await t.ledger.debit({
      userId,
      runId,
      actionType: 'test_execution',
      items: [
        { blockType: 'text_generation', credits: 3 },
        { blockType: 'code', credits: 1 },
      ],
    });
    return runId;
  }

  const overrun = [{ blockType: 'code', credits: 1 }];

  it('keeps the overrun block’s charge, refunds the rest, and shows the kept charge in history and stats', async () => {
    const userId = await newUser();
    const runId = await chargedRun(userId);
    expect(await t.ledger.balance(userId)).toBe(46);

    expect(await t.ledger.refundKeeping(runId, overrun)).toEqual({ refunded: 3, kept: 1 });
    expect(await t.ledger.balance(userId)).toBe(49);
    await expectConsistent(userId);

    const history = await t.ledger.history(userId);
    expect(history).toEqual([
      {
        _id: expect.any(String),
        block_type: 'code',
        action_type: 'test_execution',
        timestamp: NOVEMBER.toISOString(),
        credits_used: 1,
      },
    ]);
    expect((await t.ledger.historyPage(userId, 10)).entries).toEqual(history);
    expect(await t.ledger.stats(userId)).toEqual({ totalCreditsUsed: 1, totalExecutions: 1 });

    // Once: a second refund, keeping or not, changes nothing.
    expect(await t.ledger.refundKeeping(runId, [])).toEqual({ refunded: 0, kept: 0 });
    expect(await t.ledger.refund(runId)).toBe(0);
    expect(await t.ledger.balance(userId)).toBe(49);
    expect(await t.ledger.history(userId)).toEqual(history);
    await expectConsistent(userId);
  });

  it('keeps no more than the run was charged for that block type', async () => {
    const userId = await newUser();
    const runId = await chargedRun(userId);
    const kept = await t.ledger.refundKeeping(runId, [
      { blockType: 'code', credits: 1 },
      { blockType: 'code', credits: 1 },
      { blockType: 'image_generation', credits: 5 },
    ]);
    expect(kept).toEqual({ refunded: 3, kept: 1 });
    expect(await t.ledger.balance(userId)).toBe(49);
    await expectConsistent(userId);
  });

  it('keeps one charge per overrun loop item, each shown in history', async () => {
    const userId = await newUser();
    const runId = randomUUID();
    await t.ledger.debit({
      userId,
      runId,
      actionType: 'published',
      items: Array.from({ length: 5 }, () => ({ blockType: 'code', credits: 1 })),
    });
    expect(await t.ledger.refundKeeping(runId, [...overrun, ...overrun])).toEqual({ refunded: 3, kept: 2 });
    expect(await t.ledger.balance(userId)).toBe(48);
    expect((await t.ledger.history(userId)).map((entry) => [entry.block_type, entry.credits_used])).toEqual([
      ['code', 1],
      ['code', 1],
    ]);
    expect(await t.ledger.stats(userId)).toEqual({ totalCreditsUsed: 2, totalExecutions: 1 });
    await expectConsistent(userId);
  });

  it('keeps a run’s whole charge when only the overrun block was charged, and still refunds once', async () => {
    const userId = await newUser();
    const runId = randomUUID();
    await t.ledger.debit({ userId, runId, actionType: 'test_execution', items: overrun });
    expect(await t.ledger.refundKeeping(runId, overrun)).toEqual({ refunded: 0, kept: 1 });
    // The kept charge is settled: a whole refund afterwards gives nothing back.
    expect(await t.ledger.refund(runId)).toBe(0);
    expect(await t.ledger.balance(userId)).toBe(49);
    expect(await t.ledger.stats(userId)).toEqual({ totalCreditsUsed: 1, totalExecutions: 1 });
    await expectConsistent(userId);
  });

  it('refunds once when asked several times at the same moment, keeping the charge once', async () => {
    const userId = await newUser();
    const runId = await chargedRun(userId);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0 ? t.ledger.refundKeeping(runId, overrun) : t.ledger.refund(runId),
      ),
    );
    const refunded = answers.map((answer) => (typeof answer === 'number' ? answer : answer.refunded));
    expect(refunded.filter((credits) => credits > 0)).toHaveLength(1);
    const balance = await t.ledger.balance(userId);
    // Whichever came first decided: kept (49) or refunded whole (50).
    expect([49, 50]).toContain(balance);
    expect(
      (await t.db.dataSource.getRepository(CreditLedgerEntry).findBy({ userId, runId, kind: 'refund' }))
        .length,
    ).toBe(2);
    await expectConsistent(userId);
  });

  it('leaves the balance of an unlimited plan alone, recording the kept usage', async () => {
    const userId = await newUser('enterprise');
    const runId = await chargedRun(userId);
    expect(await t.ledger.refundKeeping(runId, overrun)).toEqual({ refunded: 0, kept: 0 });
    expect(await t.ledger.balance(userId)).toBe(0);
    expect((await t.ledger.history(userId)).map((entry) => entry.block_type)).toEqual(['code']);
    expect(await t.ledger.stats(userId)).toEqual({ totalCreditsUsed: 1, totalExecutions: 1 });
    await expectConsistent(userId);
  });

  it('still hides a run refunded whole, and names the debit each refund reverses', async () => {
    const userId = await newUser();
    const runId = await chargedRun(userId);
    expect(await t.ledger.refund(runId)).toBe(4);
    expect(await t.ledger.history(userId)).toEqual([]);
    expect(await t.ledger.stats(userId)).toEqual({ totalCreditsUsed: 0, totalExecutions: 0 });
    const [reversed] = (await t.db.dataSource.query(
      `SELECT COUNT(*)::int AS n FROM credit_ledger r JOIN credit_ledger d ON d.id = r.reverses
        WHERE r.run_id = $1 AND r.kind = 'refund' AND d.kind = 'debit' AND d.run_id = $1`,
      [runId],
    )) as { n: number }[];
    expect(reversed!.n).toBe(2);
  });
});
