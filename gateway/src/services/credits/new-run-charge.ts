import type { ActionType, PlanId, RunSource } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { queryPrepared, type PreparedStatement } from '../../data/prepared';
import { timeOrderedUuid } from '../../ids';
import { validateDebitRequest, type DebitItem } from './debit-request';
import { countAgainstEmbedCap, type EmbedCap } from './embed-cap';
import { lockBalance, planAndBalance } from './ledger-queries';
import { notEnoughCredits, type DebitResult } from './run-debit';
import { UNLIMITED_PLANS, isUnlimitedPlan } from './unlimited-plan';

/** A run record to create with its charge. */
export interface NewRun {
  id: string;
  appId: string;
  userId: string;
  actionType: ActionType;
  inputs: Record<string, unknown>;
  /** The process that executes it at once (its GatewayProcess id); absent when it is queued. */
  executor?: string | null;
  /** Where it was started from (default: builder for a test run, else store). */
  source?: RunSource;
  /** Its app's owner may see the inputs and outputs of this run by someone else. */
  detailsShared?: boolean;
  /** Started by a visitor who was not signed in, on the owner's credits (`userId` pays). */
  visitor?: boolean;
  /** The app's version it runs (an AppVersion id), when known. */
  versionId?: string | null;
  /**
   * The embed cap every charge of the run counts against (a visitor's run on the owner's credits):
   * its first charge is counted with it, or the run is refused (EmbedCapReachedError).
   */
  embedCap?: EmbedCap | null;
  /** The run that started this one (an agent calling an app as a tool). */
  parentRunId?: string | null;
}

const INSERT_RUN_SQL = `INSERT INTO runs (id, app_id, user_id, action_type, status, cost, inputs, executor,
    source, details_shared, visitor, version_id, embed_period, parent_run_id)
  VALUES ($1, $2, $3, $4, 'running', $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13)`;

/** The run's row as its charge writes it (defaults filled in), by column. */
export function runColumns(run: NewRun, cost: number) {
  return {
    id: run.id,
    app_id: run.appId,
    user_id: run.userId,
    action_type: run.actionType,
    cost,
    inputs: run.inputs,
    executor: run.executor ?? null,
    source: run.source ?? (run.actionType === 'test_execution' ? 'builder' : 'store'),
    details_shared: run.detailsShared ?? false,
    visitor: run.visitor ?? false,
    version_id: run.versionId ?? null,
    embed_period: run.embedCap?.period ?? null,
    parent_run_id: run.parentRunId ?? null,
  };
}

function runParameters(run: NewRun, cost: number): unknown[] {
  const row = runColumns(run, cost);
  return [
    row.id,
    row.app_id,
    row.user_id,
    row.action_type,
    row.cost,
    JSON.stringify(row.inputs),
    row.executor,
    row.source,
    row.details_shared,
    row.visitor,
    row.version_id,
    row.embed_period,
    row.parent_run_id,
  ];
}

/** A ledger entry as the charge statements insert it from JSON. */
export interface EntryRow {
  id: string;
  delta: number;
  kind: 'debit' | 'grant';
  block_type: string | null;
  action_type: string | null;
}

/**
 * A new run's ledger entries: one debit per checked item and the grant that covers them when the
 * plan is unlimited (written only then). Ledger ids are time-ordered, as the run's (ids.ts).
 */
export function newRunEntries(
  run: NewRun,
  checked: readonly DebitItem[],
  total: number,
): { debits: EntryRow[]; grant: EntryRow } {
  return {
    debits: checked.map((item) => ({
      id: timeOrderedUuid(),
      delta: -item.credits,
      kind: 'debit',
      block_type: item.blockType,
      action_type: run.actionType,
    })),
    grant: { id: timeOrderedUuid(), delta: total, kind: 'grant', block_type: null, action_type: null },
  };
}

/** A new run's charge as checked: the items that cost something, with their total. */
export interface CheckedCharge {
  items: readonly DebitItem[];
  total: number;
}

/** Checks a new run's charge: the items that cost something, with their total. */
export function checkNewRunCharge(run: NewRun, items: readonly DebitItem[]): CheckedCharge {
  return validateDebitRequest({
    userId: run.userId,
    runId: run.id,
    actionType: run.actionType,
    items: [...items],
  });
}

/**
 * $1 run id, $2 app, $3 user, $4 action type, $5 cost, $6 inputs, $7 executor, $8 source, $9 details
 * shared, $10 visitor, $11 version, $12 embed period, $13 parent run, $14 debit entries, $15 the
 * grant an unlimited plan adds, $16 unlimited plans, $17 time. Data-modifying CTEs see one snapshot; the
 * UPDATE locks the balance row and, under READ COMMITTED, re-checks `balance >= cost` on the row
 * a concurrent run left, so the balance never goes below zero.
 */
const CHARGE_NEW_RUN: PreparedStatement = {
  name: 'charge_new_run_v5',
  text: `
WITH who AS (
  SELECT plan, plan = ANY($16::text[]) AS unlimited FROM users WHERE id = $3
), taken AS (
  UPDATE credit_balances
     SET balance = balance - CASE WHEN (SELECT unlimited FROM who) THEN 0 ELSE $5 END, updated_at = $17
   WHERE user_id = $3 AND ((SELECT unlimited FROM who) OR balance >= $5)
  RETURNING balance
), run AS (
  INSERT INTO runs (id, app_id, user_id, action_type, status, cost, inputs, executor, source,
                    details_shared, visitor, version_id, embed_period, parent_run_id, created_at)
  SELECT $1, $2, $3, $4, 'running', $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13::uuid, $17 FROM taken
  RETURNING id
), entries AS (
  INSERT INTO credit_ledger (id, user_id, delta, kind, block_type, action_type, run_id, created_at)
  SELECT e.id, $3, e.delta, e.kind, e.block_type, e.action_type, run.id, $17
    FROM run,
         jsonb_to_recordset(
           CASE WHEN (SELECT unlimited FROM who) THEN $15::jsonb || $14::jsonb ELSE $14::jsonb END
         ) AS e(id uuid, delta integer, kind text, block_type text, action_type text)
)
SELECT taken.balance, who.plan FROM taken, who`,
};

type ChargedRow = { balance: number; plan: PlanId };

function result(row: ChargedRow, total: number): DebitResult {
  const unlimited = isUnlimitedPlan(row.plan);
  return { charged: unlimited ? 0 : total, balance: Number(row.balance), unlimited };
}

/**
 * Creates a run's record and charges it, in one statement (one round trip, atomic): the balance
 * row is locked and lowered only when it pays for the run, the run row and its ledger entries are
 * written only then. Unlimited plans are recorded (a grant for the total, then the debits) and
 * never refused. Throws InsufficientCreditsError, and writes nothing, when the balance is short.
 * `charge` is what `checkNewRunCharge` made of the run's items.
 */
export async function chargeNewRun(
  dataSource: DataSource,
  run: NewRun,
  charge: CheckedCharge,
  at: Date,
): Promise<DebitResult> {
  const { items: checked, total } = charge;
  if (total === 0) {
    await dataSource.query(INSERT_RUN_SQL, runParameters(run, 0));
    const { plan, balance } = await planAndBalance(dataSource.manager, run.userId);
    return { charged: 0, balance, unlimited: isUnlimitedPlan(plan) };
  }
  const { debits, grant } = newRunEntries(run, checked, total);
  const parameters = [
    ...runParameters(run, total),
    JSON.stringify(debits),
    JSON.stringify([grant]),
    UNLIMITED_PLANS,
    at,
  ];
  if (run.embedCap) return chargeNewCappedRun(dataSource, run, run.embedCap, total, parameters);
  const take = async () => queryPrepared<ChargedRow[]>(dataSource, CHARGE_NEW_RUN, parameters);
  let [row] = await take();
  if (!row) {
    const { plan, balance } = await planAndBalance(dataSource.manager, run.userId);
    if (isUnlimitedPlan(plan)) {
      // An unlimited plan without a balance row yet: create it, then charge.
      await dataSource.transaction((m) => lockBalance(m, run.userId));
      [row] = await take();
    }
    if (!row) throw notEnoughCredits(total, balance);
  }
  return result(row, total);
}

/**
 * `chargeNewRun` for a run an embed cap covers, in one transaction: the cap counts the run's
 * charge first (its usage row locked before the balance, as when blocks are charged later), then
 * the same statement charges the balance; either refusal leaves nothing counted or charged.
 */
function chargeNewCappedRun(
  dataSource: DataSource,
  run: NewRun,
  cap: EmbedCap,
  total: number,
  parameters: unknown[],
): Promise<DebitResult> {
  return dataSource.transaction(async (m) => {
    await countAgainstEmbedCap(m, cap, total);
    await lockBalance(m, run.userId); // an unlimited plan may have no balance row yet
    const [row] = (await m.query(CHARGE_NEW_RUN.text, parameters)) as ChargedRow[];
    if (!row) throw notEnoughCredits(total, (await planAndBalance(m, run.userId)).balance);
    return result(row, total);
  });
}
