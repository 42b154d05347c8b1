import type { PlanId } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { queryPrepared, type PreparedStatement } from '../../data/prepared';
import { runWriteGathering, TurnBatches, type Settlers, type TurnBatchOptions } from '../../data/write-batch';
import type { DebitItem } from './debit-request';
import {
  chargeNewRun,
  checkNewRunCharge,
  newRunEntries,
  runColumns,
  type CheckedCharge,
  type EntryRow,
  type NewRun,
} from './new-run-charge';
import type { DebitResult } from './run-debit';
import { UNLIMITED_PLANS, isUnlimitedPlan } from './unlimited-plan';

/**
 * Charges many new runs in one statement: $1 a JSON array of runs (their columns, `created_at`,
 * their debit entries and the grant an unlimited plan adds), $2 the unlimited plans, $3 the time.
 * Each user's runs are taken together or not at all: the balance row is locked (in the order of
 * user ids, so two batches cannot deadlock on each other's rows) and lowered by their sum only
 * when it covers the sum, and only then are those runs and their entries written. Under READ
 * COMMITTED the UPDATE re-checks `balance >= total` on the row a concurrent charge left, so the
 * balance never goes below zero. Answers one row per user charged: the balance after and the
 * plan.
 */
const CHARGE_NEW_RUNS: PreparedStatement = {
  name: 'charge_new_runs_v1',
  text: `
WITH wanted AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS w(
    id uuid, app_id uuid, user_id uuid, action_type text, cost integer, inputs jsonb, executor uuid,
    source text, details_shared boolean, visitor boolean, version_id uuid, parent_run_id uuid,
    created_at timestamptz, debits jsonb, grant_entry jsonb)
), who AS (
  SELECT u.id AS user_id, u.plan, u.plan = ANY($2::text[]) AS unlimited, per_user.total
    FROM users u
    JOIN (SELECT user_id, sum(cost)::integer AS total FROM wanted GROUP BY user_id) per_user
      ON per_user.user_id = u.id
), locked AS MATERIALIZED (
  SELECT b.user_id FROM credit_balances b JOIN who ON who.user_id = b.user_id
   WHERE who.unlimited OR b.balance >= who.total
   ORDER BY b.user_id
     FOR UPDATE OF b
), taken AS (
  UPDATE credit_balances b
     SET balance = b.balance - CASE WHEN who.unlimited THEN 0 ELSE who.total END, updated_at = $3
    FROM who, locked
   WHERE b.user_id = who.user_id AND locked.user_id = who.user_id
     AND (who.unlimited OR b.balance >= who.total)
  RETURNING b.user_id, b.balance, who.plan, who.unlimited
), run AS (
  INSERT INTO runs (id, app_id, user_id, action_type, status, cost, inputs, executor, source,
                    details_shared, visitor, version_id, parent_run_id, created_at)
  SELECT w.id, w.app_id, w.user_id, w.action_type, 'running', w.cost, w.inputs, w.executor, w.source,
         w.details_shared, w.visitor, w.version_id, w.parent_run_id, w.created_at
    FROM wanted w JOIN taken ON taken.user_id = w.user_id
), entries AS (
  INSERT INTO credit_ledger (id, user_id, delta, kind, block_type, action_type, run_id, created_at)
  SELECT e.id, w.user_id, e.delta, e.kind, e.block_type, e.action_type, w.id, w.created_at
    FROM wanted w
    JOIN taken ON taken.user_id = w.user_id,
         jsonb_to_recordset(CASE WHEN taken.unlimited THEN w.grant_entry || w.debits ELSE w.debits END)
           AS e(id uuid, delta integer, kind text, block_type text, action_type text)
)
SELECT user_id, balance, plan FROM taken`,
};

interface Waiting extends Settlers<DebitResult> {
  run: NewRun;
  charge: CheckedCharge;
  at: Date;
  debits: EntryRow[];
  grant: EntryRow;
}

/**
 * Creates runs with their charges, the runs of one turn of the event loop in one statement
 * (CHARGE_NEW_RUNS, `TurnBatches`), as `SuccessWriter` stores their ends: on the embedded database
 * a statement's fixed cost was most of a run's charge. Each run is charged exactly as
 * `chargeNewRun` would charge it alone, in the order the runs came: a person whose balance does
 * not cover all their runs of the batch, who has no balance row yet, or whose batch fails, has
 * each run charged alone in turn, so whichever runs the balance covers one after another go ahead
 * and only the others are refused. Runs an embed cap covers and runs that cost nothing are charged
 * alone at once, not held behind the queue (a capped run may so take the owner's credits before
 * the owner's own run started a moment earlier).
 */
export class NewRunCharges {
  private readonly batches: TurnBatches<Waiting>;

  constructor(
    private readonly dataSource: DataSource,
    options: TurnBatchOptions = runWriteGathering(dataSource),
  ) {
    this.batches = new TurnBatches(
      (batch) => (batch.length === 1 ? this.chargeAlone(batch[0]!) : this.write(batch)),
      options,
    );
  }

  charge(run: NewRun, items: readonly DebitItem[], at: Date): Promise<DebitResult> {
    const charge = checkNewRunCharge(run, items);
    if (charge.total === 0 || run.embedCap) return chargeNewRun(this.dataSource, run, charge, at);
    const { debits, grant } = newRunEntries(run, charge.items, charge.total);
    return this.batches.submit((settle) => ({ run, charge, at, debits, grant, ...settle }));
  }

  private async chargeAlone(waiting: Waiting): Promise<void> {
    waiting.resolve(await chargeNewRun(this.dataSource, waiting.run, waiting.charge, waiting.at));
  }

  private async write(batch: Waiting[]): Promise<void> {
    const rows = await queryPrepared<{ user_id: string; balance: number; plan: PlanId }[]>(
      this.dataSource,
      CHARGE_NEW_RUNS,
      [
        JSON.stringify(
          batch.map(({ run, charge, at, debits, grant }) => ({
            ...runColumns(run, charge.total),
            created_at: at.toISOString(),
            debits,
            grant_entry: [grant],
          })),
        ),
        UNLIMITED_PLANS,
        new Date(Math.max(...batch.map(({ at }) => at.getTime()))),
      ],
    );
    // Matched as the database compares uuids: a user id in capitals is the same user.
    const taken = new Map(rows.map((row) => [String(row.user_id), row]));
    const userOf = (run: NewRun) => run.userId.toLowerCase();
    // A person's balance after each of their runs, as if charged one after another: the balance
    // after the batch plus what their later runs took.
    const later = new Map<string, number>();
    for (let i = batch.length - 1; i >= 0; i--) {
      const {
        run,
        charge: { total },
        resolve,
      } = batch[i]!;
      const row = taken.get(userOf(run));
      if (!row) continue;
      const unlimited = isUnlimitedPlan(row.plan);
      const after = later.get(userOf(run)) ?? 0;
      resolve({ charged: unlimited ? 0 : total, balance: Number(row.balance) + after, unlimited });
      if (!unlimited) later.set(userOf(run), after + total);
    }
    for (const waiting of batch) {
      if (taken.has(userOf(waiting.run))) continue;
      await this.chargeAlone(waiting).catch((error: unknown) => waiting.reject(error));
    }
  }
}
