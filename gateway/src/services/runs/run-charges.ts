import type { ActionType } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { queryPrepared, type PreparedStatement } from '../../data/prepared';
import { ConflictError, InsufficientCreditsError } from '../../errors';
import type { BlockCharge } from '@blocksmith/engine';
import { creditWords } from '../credits/credit-words';
import { countAgainstEmbedCap } from '../credits/embed-cap';
import { insertEntries, lockBalance, planAndBalance, type Row } from '../credits/ledger-queries';
import { isUnlimitedPlan } from '../credits/unlimited-plan';

/** Which block, and for a loop which item, a charge is for: `Summary, item 3 of 10`. */
function chargedFor(charges: readonly BlockCharge[]): string {
  const first = charges[0]!;
  const item = first.loop?.at(-1);
  const names = charges.length === 1 ? first.title : `${first.title} and ${charges.length - 1} more`;
  return item ? `${names}, item ${item.item} of ${item.items}` : names;
}

// The statements of every charge of a running run (a loop's hold, blocks after a route), prepared
// once per connection (data/prepared.ts): on PGlite an unprepared one cost 0.35-0.8 ms, a prepared
// one 0.15-0.27.
const LOCK_RUN: PreparedStatement = {
  name: 'run_charge_lock_run',
  text: 'SELECT action_type, status, app_id, embed_period FROM runs WHERE id = $1 AND user_id = $2 FOR UPDATE',
};
const TAKE_FROM_BALANCE: PreparedStatement = {
  name: 'run_charge_take_from_balance',
  text: `UPDATE credit_balances SET balance = balance - $2, updated_at = now()
         WHERE user_id = $1 AND balance >= $2 RETURNING balance`,
};
const ADD_TO_RUN_COST: PreparedStatement = {
  name: 'run_charge_add_to_cost',
  text: 'UPDATE runs SET cost = cost + $2 WHERE id = $1',
};

/** Credits a running run takes at once: one debit entry each (`blockType`, `credits`). */
export interface RunCharge {
  runId: string;
  userId: string;
  entries: readonly { blockType: string; credits: number }[];
  /** What is charged, as an embed cap's refusal names it. */
  what: string;
  /** The refusal's message when the balance (`balance`) does not pay for `total`. */
  refusal: (total: number, balance: number) => string;
}

/**
 * Charges blocks of a running run as they start (blocks after a route, blocks inside a loop), in
 * one transaction: the run row is locked and must still be running (a run ended and refunded
 * meanwhile is never charged again), the balance pays for all of them or nothing is taken, one
 * debit entry per block is written (an unlimited plan's cover as a grant, as for the run's first
 * charge), and the run's `cost` grows by the total. A run an embed's owner pays for counts the
 * total against the embed's monthly cap first (EmbedCapReachedError when it would pass it). The run
 * row is locked before the cap's usage and the balance, in the same order as ending a run, so they
 * never deadlock. Throws InsufficientCreditsError when the balance (or the cap) is short, which
 * stops the run before the blocks run (and a stopped run is refunded).
 */
export async function chargeStartedBlocks(
  dataSource: DataSource,
  request: { runId: string; userId: string; charges: readonly BlockCharge[] },
): Promise<number> {
  const { charges } = request;
  const charged = await chargeRun(dataSource, {
    ...request,
    entries: charges,
    what: charges.length > 0 ? chargedFor(charges) : '',
    refusal: (total, balance) =>
      `Your credits ran out: ${chargedFor(charges)} needs ${creditWords(total)} and you have ${balance}. ` +
      'The run was stopped and its credits refunded; upgrade your plan or wait for your monthly credits.',
  });
  return charged.total;
}

/**
 * `chargeStartedBlocks` for any entries (a loop's hold too): answers the total and the ids of the
 * entries written (an unlimited plan's grant first), in order.
 */
export async function chargeRun(
  dataSource: DataSource,
  request: RunCharge,
): Promise<{ total: number; entryIds: string[] }> {
  const { runId, userId } = request;
  const entries = request.entries.filter((entry) => entry.credits > 0);
  const total = entries.reduce((sum, entry) => sum + entry.credits, 0);
  if (total === 0) return { total: 0, entryIds: [] };
  return dataSource.transaction(async (m) => {
    const [run] = await queryPrepared<Row[]>(dataSource, LOCK_RUN, [runId, userId], m);
    if (!run || run.status !== 'running') throw new ConflictError('This run has already ended.');
    const actionType = run.action_type as ActionType;
    if (run.embed_period !== null) {
      const cap = { appId: String(run.app_id), period: String(run.embed_period) };
      await countAgainstEmbedCap(m, cap, total, request.what);
    }
    const { plan } = await planAndBalance(m, userId);
    const unlimited = isUnlimitedPlan(plan);
    if (unlimited) {
      await lockBalance(m, userId);
    } else {
      // TypeORM answers an UPDATE with [rows, count].
      const [[taken]] = await queryPrepared<[Row[], number]>(
        dataSource,
        TAKE_FROM_BALANCE,
        [userId, total],
        m,
      );
      if (!taken) {
        const { balance } = await planAndBalance(m, userId);
        throw new InsufficientCreditsError(request.refusal(total, balance), { required: total, balance });
      }
    }
    const at = new Date();
    const entryIds = await insertEntries(m, [
      // The plan covers the blocks: a grant for their total, so the balance does not move.
      ...(unlimited
        ? [{ userId, delta: total, kind: 'grant' as const, blockType: null, actionType: null, runId, at }]
        : []),
      ...entries.map((entry) => ({
        userId,
        delta: -entry.credits,
        kind: 'debit' as const,
        blockType: entry.blockType,
        actionType,
        runId,
        at,
      })),
    ]);
    await queryPrepared(dataSource, ADD_TO_RUN_COST, [runId, total], m);
    return { total, entryIds };
  });
}
