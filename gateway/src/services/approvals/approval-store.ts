import type { RunPaused, SavedRun } from '@blocksmith/engine';
import { storableValue, type ApprovalDecision, type ApprovalRequest } from '@blocksmith/schema';
import type { DataSource, EntityManager } from 'typeorm';
import { hashOpaqueToken, newOpaqueToken } from '../accounts/opaque-token';
import type { RunJob } from '../runs/run-queue';

/** A charge the run keeps when it ends unapproved: a block that ran before the wait. */
export interface KeptCharge {
  blockType: string;
  credits: number;
}

/** What the worker hands over when a run stops to wait. */
export interface RunWaiting {
  /** The run as handed to the worker (its plan is left out: any process plans it again). */
  job: RunJob;
  paused: RunPaused;
  /** Each block's step so far, stored with the run. */
  nodes: Record<string, unknown>;
  /** The charges of the blocks that ran before the wait. */
  keep: KeptCharge[];
}

/** A stored wait, as the decisions read it. */
export interface StoredApproval {
  runId: string;
  nodeId: string;
  text: string;
  editable: boolean;
  approver: 'owner' | 'email';
  email: string | null;
  expiresAt: Date;
  createdAt: Date;
  job: RunJob;
  keep: KeptCharge[];
  decidedAt: Date | null;
  decision: string | null;
  decidedBy: string | null;
}

/** How an undecided wait ends: approved (the run goes on), rejected, or past its time-out. */
export type ApprovalEnding = ApprovalDecision | 'timeout';

const COLUMNS = `run_id, node_id, text, editable, approver, email, expires_at, created_at, job, keep,
  decided_at, decision, decided_by`;

function toStored(row: Record<string, unknown>): StoredApproval {
  const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  return {
    runId: row.run_id as string,
    nodeId: row.node_id as string,
    text: row.text as string,
    editable: row.editable === true,
    approver: row.approver as 'owner' | 'email',
    email: (row.email as string | null) ?? null,
    expiresAt: new Date(row.expires_at as string),
    createdAt: new Date(row.created_at as string),
    job: json(row.job) as RunJob,
    keep: json(row.keep) as KeptCharge[],
    decidedAt: row.decided_at == null ? null : new Date(row.decided_at as string),
    decision: (row.decision as string | null) ?? null,
    decidedBy: (row.decided_by as string | null) ?? null,
  };
}

/** The request as the run's watchers and readers see it. */
export function approvalRequest(approval: StoredApproval): ApprovalRequest {
  return {
    nodeId: approval.nodeId,
    text: approval.text,
    editable: approval.editable,
    approver: approval.approver,
    expiresAt: approval.expiresAt.getTime(),
  };
}

/** Stores a run that waits ($1, still running) with its steps ($2): it is no process's any more. */
const WAIT_SQL = `
UPDATE runs SET status = 'waiting', nodes = $2::jsonb, executor = NULL
 WHERE id = $1 AND status = 'running'
RETURNING id`;

/** The wait itself; a run that waits again (a second Approval block) replaces its decided one. */
const UPSERT_SQL = `
INSERT INTO run_approvals (run_id, node_id, text, editable, approver, email, token_hash, expires_at, job, saved, keep)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11::jsonb)
ON CONFLICT (run_id) DO UPDATE SET node_id = EXCLUDED.node_id, text = EXCLUDED.text,
  editable = EXCLUDED.editable, approver = EXCLUDED.approver, email = EXCLUDED.email,
  token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at, job = EXCLUDED.job,
  saved = EXCLUDED.saved, keep = EXCLUDED.keep, created_at = now(), decided_at = NULL,
  decision = NULL, decided_by = NULL
RETURNING ${COLUMNS}`;

/**
 * Claims an undecided wait ($1) for a decision ($2, by $3), once: of any number of processes (or
 * an approval racing the time-out) exactly one statement changes it. A decision other than the
 * time-out must come before it; the time-out only after it.
 */
const CLAIM_SQL = `
UPDATE run_approvals SET decided_at = now(), decision = $2, decided_by = $3, token_hash = NULL
 WHERE run_id = $1 AND decided_at IS NULL
   AND CASE WHEN $2 = 'timeout' THEN expires_at <= now() ELSE expires_at > now() END
RETURNING ${COLUMNS}`;

/** An approved run goes back to running, in the shared queue (no process named yet). */
const GO_ON_SQL = `
UPDATE runs SET status = 'running', executor = NULL WHERE id = $1 AND status = 'waiting' RETURNING id`;

/**
 * Ends a waiting run ($1) as failed with error $2 and code $3; the waiting block's step ($4) is
 * failed with that error at $5 (ms since 1970); blocks after it stay pending (they never started).
 */
const END_SQL = `
UPDATE runs SET status = 'failed', result = NULL, error = $2, error_code = $3, finished_at = now(),
       nodes = CASE WHEN nodes::jsonb ? $4 THEN jsonb_set(nodes::jsonb, ARRAY[$4::text], (nodes::jsonb->$4) ||
         jsonb_build_object('status', 'failed', 'error', $2::text, 'finishedAt', $5::bigint))::json ELSE nodes END
 WHERE id = $1 AND status = 'waiting'
RETURNING id`;

/** Every statement about runs that wait, each one transaction with what it must change with it. */
export class ApprovalStore {
  constructor(
    private readonly deps: {
      dataSource: DataSource;
      ledger: {
        refundKeeping(
          runId: string,
          keep: readonly KeptCharge[],
          options: { manager: EntityManager },
        ): Promise<{ refunded: number; kept: number }>;
      };
    },
  ) {}

  /**
   * Stores a run that stops to wait, with its steps and what it needs to go on, and no process
   * holds it any more. Null when it had ended meanwhile (another process ended it). `token`: the
   * e-mail approver's signed link (only its hash is kept).
   */
  async wait(
    waiting: RunWaiting,
    now = Date.now(),
  ): Promise<{ approval: StoredApproval; token: string | null } | null> {
    const { job, paused, keep } = waiting;
    const { request } = paused;
    const token = request.approver.kind === 'email' ? newOpaqueToken() : null;
    const { plan: _plan, ...storedJob } = job;
    const expiresAt = new Date(now + request.timeoutSeconds * 1000);
    return this.deps.dataSource.transaction(async (manager) => {
      const [changed] = (await manager.query(WAIT_SQL, [
        job.runId,
        JSON.stringify(storableValue(waiting.nodes)),
      ])) as [unknown[], number];
      if (changed.length === 0) return null;
      const [row] = (await manager.query(UPSERT_SQL, [
        job.runId,
        paused.nodeId,
        storableValue(request.text),
        request.editable,
        request.approver.kind,
        request.approver.kind === 'email' ? request.approver.email : null,
        token === null ? null : hashOpaqueToken(token),
        expiresAt,
        JSON.stringify(storableValue(storedJob)),
        JSON.stringify(storableValue(paused.saved)),
        JSON.stringify(keep),
      ])) as Record<string, unknown>[];
      return { approval: toStored(row!), token };
    });
  }

  /** What a run that goes on needs of its wait (null when there is none). */
  async saved(runId: string): Promise<SavedRun | null> {
    const [row] = (await this.deps.dataSource.query('SELECT saved FROM run_approvals WHERE run_id = $1', [
      runId,
    ])) as { saved: SavedRun | string }[];
    if (!row) return null;
    return typeof row.saved === 'string' ? (JSON.parse(row.saved) as SavedRun) : row.saved;
  }

  /** The run's wait (decided or not); null when it never waited. */
  async ofRun(runId: string): Promise<StoredApproval | null> {
    const [row] = (await this.deps.dataSource.query(
      `SELECT ${COLUMNS} FROM run_approvals WHERE run_id = $1`,
      [runId],
    )) as Record<string, unknown>[];
    return row ? toStored(row) : null;
  }

  /** The undecided wait a signed link's token opens (null for a token that opens none, used or not). */
  async ofToken(token: string): Promise<StoredApproval | null> {
    const [row] = (await this.deps.dataSource.query(
      `SELECT ${COLUMNS} FROM run_approvals WHERE token_hash = $1 AND decided_at IS NULL`,
      [hashOpaqueToken(token)],
    )) as Record<string, unknown>[];
    return row ? toStored(row) : null;
  }

  /** Undecided waits past their time-out, oldest first. */
  async due(limit: number): Promise<string[]> {
    const rows = (await this.deps.dataSource.query(
      `SELECT run_id FROM run_approvals WHERE decided_at IS NULL AND expires_at <= now()
        ORDER BY expires_at LIMIT $1`,
      [limit],
    )) as { run_id: string }[];
    return rows.map((row) => row.run_id);
  }

  /**
   * Approves an undecided wait, once: the run is running again, in no process yet (the caller
   * hands it to the queue). Null when it was decided already, timed out, or is not waiting.
   */
  approve(runId: string, decidedBy: string): Promise<StoredApproval | null> {
    return this.deps.dataSource.transaction(async (manager) => {
      const approval = await this.claim(manager, runId, 'approve', decidedBy);
      if (!approval) return null;
      const [changed] = (await manager.query(GO_ON_SQL, [runId])) as [unknown[], number];
      return changed.length > 0 ? approval : null;
    });
  }

  /**
   * Ends an undecided wait unapproved (rejected, or past its time-out), once: the run fails with
   * `error` and `code`, and its credits are refunded but the charges of the blocks that ran.
   * Null when it was decided already or is not waiting.
   */
  end(
    runId: string,
    ending: {
      decision: 'reject' | 'timeout';
      decidedBy: string;
      error: (approval: StoredApproval) => string;
    },
    code: string,
  ): Promise<{ approval: StoredApproval; error: string; refunded: number; kept: number } | null> {
    return this.deps.dataSource.transaction(async (manager) => {
      const approval = await this.claim(manager, runId, ending.decision, ending.decidedBy);
      if (!approval) return null;
      const said = ending.error(approval);
      const [changed] = (await manager.query(END_SQL, [runId, said, code, approval.nodeId, Date.now()])) as [
        unknown[],
        number,
      ];
      if (changed.length === 0) return null;
      const { refunded, kept } = await this.deps.ledger.refundKeeping(runId, approval.keep, { manager });
      const note = keptNote(kept, refunded);
      const error = note === '' ? said : `${said} ${note}`;
      await manager.query('UPDATE runs SET error = $2 WHERE id = $1', [runId, error]);
      return { approval, error, refunded, kept };
    });
  }

  private async claim(
    manager: EntityManager,
    runId: string,
    decision: ApprovalEnding,
    decidedBy: string,
  ): Promise<StoredApproval | null> {
    const [rows] = (await manager.query(CLAIM_SQL, [runId, decision, decidedBy])) as [
      Record<string, unknown>[],
      number,
    ];
    const row = rows[0];
    return row ? toStored(row) : null;
  }
}

/** What an unapproved run says of its credits. */
export function keptNote(kept: number, refunded: number): string {
  if (kept === 0) return refunded > 0 ? 'Its credits were refunded.' : '';
  const credits = kept === 1 ? '1 credit was' : `${kept} credits were`;
  return `${credits} kept for the blocks that ran before it${refunded > 0 ? ', the rest refunded' : ''}.`;
}
