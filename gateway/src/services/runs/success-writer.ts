import type { DataSource } from 'typeorm';
import { queryPrepared, type PreparedStatement } from '../../data/prepared';
import { runWriteGathering, TurnBatches, type Settlers, type TurnBatchOptions } from '../../data/write-batch';
import { EARN_ON_SUCCESS_SQL } from '../earnings/earn-on-success';
import { compactResult } from './compact-result';
import { compactSteps } from './compact-steps';

/** A run that succeeded, as it is to be stored. */
export interface Success {
  runId: string;
  result: Record<string, unknown>;
  nodes: Record<string, unknown>;
  finishedAt: Date;
  /**
   * False when the run was charged no creator price, so its success pays no earning and skips
   * that part of the statement; absent when not known (the whole statement runs).
   */
  paysCreator?: boolean;
}

/**
 * Stores runs' successes (only runs still running change), counts each app's uses and pays the
 * creator price of other people's runs into their owners' earnings (EARN_ON_SUCCESS_SQL); answers
 * the stored rows without the values it was sent (inputs, result and steps: the writer has them,
 * and reading them back was a third of the statement's cost). $1: a JSON array of { id, result,
 * nodes, finished_at }, the result and steps as JSON text, stored as they are (`runs.result` and
 * `runs.nodes` are json: through jsonb they would be rewritten with a space after each ':' and
 * ','). The columns are named: a prepared statement answering `runs.*` fails once a migration adds
 * a column to `runs` (a rolling deploy), since the server will not change a prepared statement's
 * result type. The runs are found by their keys (`runs.id = ANY(...)`): matched only by
 * `id = success.id`, the plan read every running run (the live-runs index) and hashed them, a cost
 * that grew with the runs in flight (200 running: 1.3 ms a statement against 0.75 by key).
 */
const STORE_SUCCESSES_AND_COUNT = `
WITH success AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS s(id uuid, result text, nodes text, finished_at timestamptz)
), done AS (
  UPDATE runs SET status = 'succeeded', result = success.result::json, nodes = success.nodes::json,
         finished_at = success.finished_at
    FROM success
   WHERE runs.id = success.id AND runs.id = ANY(ARRAY(SELECT id FROM success)) AND runs.status = 'running'
  RETURNING runs.id, runs.app_id, runs.user_id, runs.action_type, runs.source, runs.details_shared,
            runs.visitor, runs.status, runs.cost, runs.error, runs.error_code, runs.created_at,
            runs.finished_at, runs.executor
), counted AS (
  UPDATE apps SET uses = uses + used.n
    FROM (SELECT app_id, count(*)::int AS n FROM done GROUP BY app_id) AS used
   WHERE apps.id = used.app_id
)`;

export const STORE_SUCCESSES: PreparedStatement = {
  name: 'store_run_successes_v6',
  text: `${STORE_SUCCESSES_AND_COUNT}, ${EARN_ON_SUCCESS_SQL}
SELECT * FROM done`,
};

/**
 * The same for runs that pay no creator price (most runs: their owner's own, and apps without a
 * price): without the earning's lookup of the price in the ledger, about a fifth of the statement
 * on the embedded database.
 */
export const STORE_UNPRICED_SUCCESSES: PreparedStatement = {
  name: 'store_unpriced_run_successes_v4',
  text: `${STORE_SUCCESSES_AND_COUNT}
SELECT * FROM done`,
};

interface Waiting extends Settlers<Record<string, unknown> | null> {
  success: Success;
}

/**
 * Stores run successes one statement at a time (`TurnBatches`): the successes of one turn of the
 * event loop go together, and a success that arrives while a statement is being written waits for
 * it and then goes with every other one that arrived meanwhile. When many runs end together, they
 * share a round trip and take the app's row (its use count) once instead of queueing on it one
 * after another (measured: 2,000 statements for 2,000 runs under 16 clients when each success was
 * written at once; about 14 runs per statement once the write waits for the turn).
 */
export class SuccessWriter {
  private readonly batches: TurnBatches<Waiting>;

  constructor(
    private readonly dataSource: DataSource,
    options: TurnBatchOptions = runWriteGathering(dataSource),
  ) {
    this.batches = new TurnBatches((batch) => this.write(batch), options);
  }

  /**
   * The stored run's columns but its inputs, result and steps, or null when it had already ended
   * (another process ended it first).
   */
  store(success: Success): Promise<Record<string, unknown> | null> {
    return this.batches.submit((settle) => ({ success, ...settle }));
  }

  private async write(batch: Waiting[]): Promise<void> {
    const earns = batch.some(({ success }) => success.paysCreator !== false);
    const rows = await queryPrepared(this.dataSource, earns ? STORE_SUCCESSES : STORE_UNPRICED_SUCCESSES, [
      JSON.stringify(
        batch.map(({ success }) => ({
          id: success.runId,
          // Each value kept once (compact-result.ts, compact-steps.ts); read back whole.
          result: JSON.stringify(compactResult(success.result)),
          nodes: JSON.stringify(compactSteps(success.nodes, success.result)),
          finished_at: success.finishedAt.toISOString(),
        })),
      ),
    ]);
    const stored = new Map(rows.map((row) => [String(row.id), row]));
    for (const { success, resolve } of batch) resolve(stored.get(success.runId) ?? null);
  }
}
