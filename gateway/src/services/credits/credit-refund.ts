import type { ActionType } from '@blocksmith/schema';
import type { EntityManager } from 'typeorm';
import type { DebitItem } from './debit-request';
import { giveBackToEmbedCap, lockEmbedCapOf } from './embed-cap';
import { addToBalance, insertEntries, lockBalance, rows } from './ledger-queries';

/**
 * A charge a failed run keeps: a block that overran its time used it (`blockType`: its
 * credit-history name, `credits`: what one run of it costs). One per overrun block run.
 */
export type KeptCharge = DebitItem;

export interface RefundResult {
  /** Credits put back on the balance. */
  refunded: number;
  /** Credits the run keeps from the balance (the kept charges an unlimited plan did not cover). */
  kept: number;
}

const NOTHING: RefundResult = { refunded: 0, kept: 0 };

/**
 * Refunds a run once, in the caller's transaction: every debit of the run gets one refund entry
 * naming it (`reverses`), which gives all of it back, or none of it for a charge `keep` holds on to
 * (per block type, up to what the run was charged for that type, its earliest debits first). A
 * plan's cover is withdrawn for what is refunded, the embed cap gets back what is refunded. A
 * second call (even a concurrent one: the balance row is locked first, and a debit has at most one
 * refund) changes nothing, as does a run never charged.
 */
export async function refundRun(
  m: EntityManager,
  runId: string,
  keep: readonly KeptCharge[],
  at: Date,
): Promise<RefundResult> {
  const [owner] = await rows(
    m,
    `SELECT user_id FROM credit_ledger WHERE run_id = $1 AND kind = 'debit' LIMIT 1`,
    [runId],
  );
  if (!owner) return NOTHING;
  const userId = String(owner.user_id);
  // An embed cap the run counts against is locked before the balance, as when it is charged.
  const cap = await lockEmbedCapOf(m, runId);
  // The balance row is the per-user lock every write takes; after it, look for a refund.
  await lockBalance(m, userId);
  const entries = await rows(
    m,
    `SELECT id, kind, delta, block_type, action_type FROM credit_ledger
     WHERE user_id = $1 AND run_id = $2 ORDER BY created_at, id`,
    [userId, runId],
  );
  if (entries.some((entry) => entry.kind === 'refund')) return NOTHING;
  const keeping = new Map<string, number>();
  for (const charge of keep)
    keeping.set(charge.blockType, (keeping.get(charge.blockType) ?? 0) + charge.credits);
  let refunded = 0;
  let kept = 0;
  let cover = 0;
  const refunds = [];
  for (const entry of entries) {
    const delta = Number(entry.delta);
    if (entry.kind === 'grant') cover += delta;
    if (entry.kind !== 'debit') continue;
    const blockType = (entry.block_type as string | null) ?? null;
    const held = Math.min(-delta, blockType === null ? 0 : (keeping.get(blockType) ?? 0));
    if (held > 0) keeping.set(blockType!, keeping.get(blockType!)! - held);
    refunded += -delta - held;
    kept += held;
    refunds.push({
      userId,
      delta: -delta - held,
      kind: 'refund' as const,
      blockType,
      actionType: (entry.action_type as ActionType | null) ?? null,
      runId,
      at,
      reverses: String(entry.id),
    });
  }
  // A plan's cover for the run is withdrawn for what is refunded; what is kept stays covered.
  const withdrawn = Math.min(cover, refunded);
  await insertEntries(m, [
    ...refunds,
    ...(withdrawn > 0
      ? [{ userId, delta: -withdrawn, kind: 'grant' as const, blockType: null, actionType: null, runId, at }]
      : []),
  ]);
  const net = refunded - withdrawn;
  if (net !== 0) await addToBalance(m, userId, net);
  // The cap gets back every charge it counted that is refunded.
  if (cap) await giveBackToEmbedCap(m, cap, refunded);
  return { refunded: net, kept: Math.max(0, kept - (cover - withdrawn)) };
}
