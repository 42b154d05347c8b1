import { randomUUID } from 'node:crypto';
import type { Database } from '../database';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { CreditLedger } from '../../services/credits';
import { LedgerRefundReverses1765500000000 } from './1765500000000-ledger-refund-reverses';

describe.each(databaseTargets)('The refund-reverses migration on %s', (_name, databaseUrl) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
  });
  afterAll(() => db.close());

  it('pairs each earlier refund with one debit of its run, so refunded runs stay out of history', async () => {
    const runner = db.dataSource.createQueryRunner();
    const migration = new LedgerRefundReverses1765500000000();
    const userId = randomUUID();
    const refunded = randomUUID();
    const charged = randomUUID();
    const at = new Date('2026-11-15T12:00:00Z');
    try {
      await migration.down(runner);
      await runner.query(`INSERT INTO users (id, email) VALUES ($1, $2)`, [userId, `${userId}@example.com`]);
      await runner.query(`INSERT INTO credit_balances (user_id, balance) VALUES ($1, 48)`, [userId]);
      const entry = (runId: string | null, kind: string, delta: number, blockType: string | null) =>
        runner.query(
          `INSERT INTO credit_ledger (id, user_id, delta, kind, block_type, action_type, run_id, grant_period, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            randomUUID(),
            userId,
            delta,
            kind,
            blockType,
            kind === 'grant' ? null : 'test_execution',
            runId,
            kind === 'grant' ? '2026-11' : null,
            at,
          ],
        );
      await entry(null, 'grant', 50, null);
      // A run of two blocks of one kind and price and one other, refunded whole; one run charged.
      for (const [kind, delta, blockType] of [
        ['debit', -1, 'code'],
        ['debit', -1, 'code'],
        ['debit', -3, 'text_generation'],
        ['refund', 1, 'code'],
        ['refund', 1, 'code'],
        ['refund', 3, 'text_generation'],
      ] as const)
        await entry(refunded, kind, delta, blockType);
      await entry(charged, 'debit', -2, 'text_generation');
      await migration.up(runner);

      const pairs = (await runner.query(
        `SELECT r.block_type, r.delta, d.delta AS debit, d.run_id FROM credit_ledger r
           JOIN credit_ledger d ON d.id = r.reverses AND d.kind = 'debit'
          WHERE r.user_id = $1 AND r.kind = 'refund' ORDER BY r.block_type`,
        [userId],
      )) as { block_type: string; delta: number; debit: number; run_id: string }[];
      expect(pairs.map((pair) => [pair.block_type, pair.delta, pair.debit, pair.run_id])).toEqual([
        ['code', 1, -1, refunded],
        ['code', 1, -1, refunded],
        ['text_generation', 3, -3, refunded],
      ]);
    } finally {
      await runner.release();
    }
    // Read as the ledger reads them (on PGlite, once the migration's session is given back).
    const ledger = new CreditLedger(db.dataSource);
    expect((await ledger.history(userId)).map((e) => [e.block_type, e.credits_used])).toEqual([
      ['text_generation', 2],
    ]);
    expect(await ledger.stats(userId)).toEqual({ totalCreditsUsed: 2, totalExecutions: 1 });
  });
});
