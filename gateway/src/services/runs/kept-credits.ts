import type { EntityManager } from 'typeorm';

/**
 * What runs that did not succeed kept of their charge, by run id: the debits their refund did not
 * give back (blocks that overran their time used it; see `RunFailure.keep`). Debits less refunds,
 * as the credit stats count a run's use. Only refunded runs count: a run that succeeded, still
 * runs or was never charged kept nothing.
 */
export async function keptCredits(
  db: Pick<EntityManager, 'query'>,
  runIds: readonly string[],
): Promise<Map<string, number>> {
  const rows = (await db.query(
    `SELECT run_id, -SUM(delta)::int AS kept FROM credit_ledger
      WHERE run_id = ANY($1::uuid[]) AND kind IN ('debit', 'refund')
      GROUP BY run_id HAVING bool_or(kind = 'refund')`,
    [runIds],
  )) as { run_id: string; kept: number | string }[];
  return new Map(rows.map((row) => [String(row.run_id), Math.max(0, Number(row.kept))]));
}
