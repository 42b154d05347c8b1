import {
  storableValue,
  type ActionType,
  type RunEvent,
  type RunResult,
  type RunSource,
  type RunStatus,
} from '@blocksmith/schema';
import type { DataSource, EntityManager } from 'typeorm';
import { EntityNotFoundError } from 'typeorm';
import type { RunRecordStatus } from '../../data/entities';
import { expandResult } from './compact-result';
import { expandSteps } from './compact-steps';
import { keptCredits } from './kept-credits';
import { cutRunResult } from './stored-value';
import { SuccessWriter, type Success } from './success-writer';

/** A run as it is stored: a plain object, whichever statement read it. */
export interface StoredRun {
  id: string;
  appId: string;
  userId: string;
  actionType: ActionType;
  source: RunSource;
  /** The app shared run details when the run started: its owner may see this run's details. */
  detailsShared: boolean;
  /** Started by a visitor who was not signed in, on the account of `userId` (an embed's owner). */
  visitor: boolean;
  status: RunRecordStatus;
  cost: number;
  inputs: Record<string, unknown>;
  result: Record<string, unknown> | null;
  /** Each block's step (see README.md, "Steps"). */
  nodes: Record<string, unknown> | null;
  error: string | null;
  errorCode: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** The process executing it straight from its own request; null while it waits in the queue. */
  executor: string | null;
  /** The run that started this one (an agent calling the app as a tool); null otherwise. */
  parentRunId?: string | null;
}

/** How a run that did not succeed is stored. */
export interface RunFailure {
  status: 'failed' | 'aborted';
  /** Each block's step; null keeps the steps stored so far, each one still running ended as not finished. */
  nodes: Record<string, unknown> | null;
  error: string | null;
  errorCode: string | null;
  /**
   * Charges the run keeps although it failed: one per block run that overran its time (the time
   * was used). The rest is refunded, and the stored error says what was kept.
   */
  keep?: readonly { blockType: string; credits: number }[] | undefined;
}

/** How a failed run was stored: its error as stored (saying what was kept, when a charge was). */
export interface StoredFailure {
  error: string | null;
  /** Credits it kept of its charge (`keptCredits`); 0 when all was given back. */
  keptCredits: number;
}

/** The words a failed run's error ends with when it kept `kept` credits of its charge. */
export function keptChargeNote(kept: number, refunded: number): string {
  const credits = kept === 1 ? '1 credit was' : `${kept} credits were`;
  return `${credits} kept for the time used${refunded > 0 ? ', the rest refunded' : ''}.`;
}

/** `error` followed by what the run kept of its charge. */
function withKeptCharge(error: string | null, kept: number, refunded: number): string {
  const note = keptChargeNote(kept, refunded);
  if (!error) return note[0]!.toUpperCase() + note.slice(1);
  return `${error}${/[.!?]$/.test(error) ? '' : '.'} ${note[0]!.toUpperCase()}${note.slice(1)}`;
}

/** The columns of a stored run, as `toStoredRun` reads them (named: see success-writer.ts). */
const RUN_COLUMNS = `id, app_id, user_id, action_type, source, details_shared, visitor, status, cost,
  inputs, result, nodes, error, error_code, created_at, finished_at, executor, parent_run_id`;

/** A `runs` row as the database answers it. */
export function toStoredRun(row: Record<string, unknown>): StoredRun {
  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  // A succeeded run's result and steps are stored compacted: read whole.
  const result = expandResult(json(row.result) as Record<string, unknown> | null);
  return {
    id: row.id as string,
    appId: row.app_id as string,
    userId: row.user_id as string,
    actionType: row.action_type as ActionType,
    source: row.source as RunSource,
    detailsShared: row.details_shared === true,
    visitor: row.visitor === true,
    status: row.status as RunRecordStatus,
    cost: Number(row.cost),
    inputs: json(row.inputs) as Record<string, unknown>,
    result,
    nodes: expandSteps(json(row.nodes) as Record<string, unknown> | null, result),
    error: (row.error as string | null) ?? null,
    errorCode: (row.error_code as string | null) ?? null,
    createdAt: new Date(row.created_at as string | Date),
    finishedAt: row.finished_at == null ? null : new Date(row.finished_at as string | Date),
    executor: (row.executor as string | null) ?? null,
    parentRunId: (row.parent_run_id as string | null) ?? null,
  };
}

/**
 * Ends a run still running ($1) as $2 with error $3 and code $4, keeping its stored steps: each
 * one still running becomes failed at $5 (ms since 1970), its error its title followed by $6.
 */
const END_KEEPING_STEPS_SQL = `
UPDATE runs SET status = $2, result = NULL, error = $3, error_code = $4, finished_at = now(),
       nodes = (
         SELECT COALESCE(jsonb_object_agg(step.id, CASE WHEN step.value->>'status' = 'running'
           THEN step.value || jsonb_build_object(
             'status', 'failed', 'finishedAt', $5::bigint, 'error', COALESCE(step.value->>'title', '') || $6::text)
           ELSE step.value END), '{}'::jsonb)
           FROM jsonb_each(COALESCE(runs.nodes::jsonb, '{}'::jsonb)) AS step(id, value))
 WHERE id = $1 AND status = 'running'
RETURNING id`;

/** Ends a run still running ($1) as $2 with its steps $3, error $4 and code $5, at $6. */
const END_WITH_STEPS_SQL = `
UPDATE runs SET status = $2, result = NULL, nodes = $3::json, error = $4, error_code = $5, finished_at = $6
 WHERE id = $1 AND status = 'running'
RETURNING id`;

/** What a block's step says when the run ended while the block was running, by how it ended. */
export const UNFINISHED_STEP = {
  /** Its process stopped (or its ending could not be stored). */
  interrupted: (title: string) => `${title} did not finish: the server running it stopped while it ran.`,
  /** The run reached its time limit. */
  timedOut: (title: string) => `${title} did not finish: the run reached its time limit.`,
  /** Anything else that left it running (the run was stopped). */
  stopped: (title: string) => `${title} did not finish: the run was stopped.`,
};

/**
 * Stores the steps of runs still going, where $1 is a JSON array of { id, nodes }. Only a run
 * still running changes: a checkpoint that comes after the run's ending (stored by the run or by
 * the sweep of a dead process) changes nothing. Found by key, as the successes are
 * (success-writer.ts), not by reading every running run.
 */
export const STORE_STEPS_SQL = `
WITH s AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS s(id uuid, nodes jsonb))
UPDATE runs SET nodes = s.nodes
  FROM s
 WHERE runs.id = s.id AND runs.id = ANY(ARRAY(SELECT id FROM s)) AND runs.status = 'running'`;

/**
 * A run's record as watchers need it: its `run_finished` if its ending is stored (null while it
 * runs) and the process executing it (null while it waits in the queue). Null if there is no run.
 */
export async function runState(
  dataSource: DataSource,
  runId: string,
): Promise<{ ending: RunEvent | null; executor: string | null } | null> {
  const [row] = (await dataSource.query(
    `SELECT status, error, finished_at, executor FROM runs WHERE id = $1`,
    [runId],
  )) as {
    status: RunStatus | 'running';
    error: string | null;
    finished_at: Date | string | null;
    executor: string | null;
  }[];
  if (!row) return null;
  const ending: RunEvent | null =
    row.status === 'running'
      ? null
      : {
          type: 'run_finished',
          runId,
          at: row.finished_at === null ? Date.now() : new Date(row.finished_at).getTime(),
          status: row.status,
          ...(row.error ? { error: row.error } : {}),
        };
  return { ending, executor: row.executor };
}

export interface RunRecordsDeps {
  dataSource: DataSource;
  /**
   * Gives back a failed run's credits, in the transaction that stores its failure, keeping the
   * charges `keep` names (blocks that overran their time).
   */
  ledger: {
    refundKeeping(
      runId: string,
      keep: readonly { blockType: string; credits: number }[],
      options: { manager: EntityManager },
    ): Promise<{ refunded: number; kept: number }>;
  };
}

/**
 * Every statement the run service sends about the `runs` it executes, answering plain objects:
 * reading a run, storing a run's steps as it goes, its success (through the batching
 * SuccessWriter) and its failure (refunded in the same transaction). A run's starter waits for
 * it with `whenEnded`; a success stored by this process is handed to it without reading it back.
 * Creating a run is the ledger's (`CreditLedger.chargeNewRun`), charging blocks as they start is
 * run-charges.ts's: both are one transaction with the credits they take.
 */
export class RunRecords {
  /** Successes are stored (and the app's use counted) together when runs end together. */
  private readonly successes: SuccessWriter;
  /** Runs started here and not yet ended: their starters wait for the stored run. */
  private readonly awaited = new Set<string>();
  /** Runs of `awaited` this process stored as succeeded (saves reading them back). */
  private readonly storedHere = new Map<string, StoredRun>();

  constructor(private readonly deps: RunRecordsDeps) {
    this.successes = new SuccessWriter(deps.dataSource);
  }

  /**
   * The stored run once `ended` (its `run_finished` published) settles: the success this process
   * stored, or else read afresh. Rejects when `ended` rejects.
   */
  whenEnded(runId: string, ended: Promise<void>): Promise<StoredRun> {
    this.awaited.add(runId);
    let record: StoredRun | undefined;
    return ended
      .finally(() => {
        record = this.storedHere.get(runId);
        this.storedHere.delete(runId);
        this.awaited.delete(runId);
      })
      .then(() => record ?? this.read(runId));
  }

  /** The run as stored; throws TypeORM's EntityNotFoundError when there is none. */
  async read(runId: string): Promise<StoredRun> {
    const [row] = (await this.deps.dataSource.query(`SELECT ${RUN_COLUMNS} FROM runs WHERE id = $1`, [
      runId,
    ])) as Record<string, unknown>[];
    if (!row) throw new EntityNotFoundError('RunRecord', { id: runId });
    return toStoredRun(row);
  }

  /**
   * Whether a run handed out again (its first attempt was cut off) is still running, and whether
   * it had begun (published an event). Null when there is no such run.
   */
  async retried(runId: string): Promise<{ status: string; begun: boolean } | null> {
    const [row] = (await this.deps.dataSource.query(
      `SELECT status, EXISTS (SELECT 1 FROM run_events WHERE run_id = $1) AS begun FROM runs WHERE id = $1`,
      [runId],
    )) as { status: string; begun: boolean }[];
    return row ?? null;
  }

  /** The stored ending of a run (null while it runs, or when there is no run). */
  async ending(runId: string): Promise<RunEvent | null> {
    return (await runState(this.deps.dataSource, runId))?.ending ?? null;
  }

  /** Stores the steps of runs still running, one statement for all of them. */
  async storeSteps(batch: readonly { id: string; nodes: unknown }[]): Promise<void> {
    await this.deps.dataSource.query(STORE_STEPS_SQL, [JSON.stringify(storableValue(batch))]);
  }

  /**
   * Stores a success and counts the app's use, shared with the other runs ending at the same
   * moment; false when the run had already ended (another process ended it first). `inputs` are
   * the run's, as it was started with them.
   */
  async storeSuccess(
    success: Omit<Success, 'result'> & { result: RunResult },
    inputs: Record<string, unknown>,
  ): Promise<boolean> {
    // What blocks produced, made storable: the starter is answered these same values, whole; the
    // history keeps each output cut (its step links the whole value).
    const result = storableValue(success.result);
    const nodes = storableValue(success.nodes);
    const row = await this.successes.store({ ...success, result: cutRunResult(result), nodes });
    // Kept for `whenEnded` only when this process started the run (it is waiting for it).
    if (row && this.awaited.has(success.runId)) {
      this.storedHere.set(success.runId, toStoredRun({ ...row, inputs, result, nodes }));
    }
    return row !== null;
  }

  /**
   * Stores a failed or stopped run and refunds it (but what `keep` names), once: only a run still
   * running changes; null when it had ended. `nodes` null keeps the steps stored so far, each one
   * still running ended as not finished. A run that kept a charge says so after its error.
   */
  storeFailure(runId: string, ending: RunFailure): Promise<StoredFailure | null> {
    // An error or step a block wrote may hold what the database refuses (a NUL, half an emoji).
    const failure = storableValue(ending);
    return this.deps.dataSource.transaction(async (manager) => {
      const [changed] = (
        failure.nodes === null
          ? await manager.query(END_KEEPING_STEPS_SQL, [
              runId,
              failure.status,
              failure.error,
              failure.errorCode,
              Date.now(),
              UNFINISHED_STEP.interrupted(''),
            ])
          : await manager.query(END_WITH_STEPS_SQL, [
              runId,
              failure.status,
              JSON.stringify(failure.nodes),
              failure.error,
              failure.errorCode,
              new Date(),
            ])
      ) as [unknown[], number];
      if (changed.length === 0) return null;
      const { refunded, kept } = await this.deps.ledger.refundKeeping(runId, ending.keep ?? [], { manager });
      const used = (await keptCredits(manager, [runId])).get(runId) ?? 0;
      if (kept === 0) return { error: failure.error, keptCredits: used };
      const error = storableValue(withKeptCharge(failure.error, kept, refunded));
      await manager.query('UPDATE runs SET error = $2 WHERE id = $1', [runId, error]);
      return { error, keptCredits: used };
    });
  }
}
