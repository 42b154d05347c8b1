import { Column, Entity, Index, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { ApprovalApprover } from '@blocksmith/schema';
import { RunRecord } from './run-record.entity';

/**
 * A run waiting at an Approval block (`runs.status = 'waiting'`), or the decision taken there:
 * what the approver is asked, who may decide, until when, and everything the run needs to go on
 * on any process (`job`: the run as handed to a worker, without its plan; `saved`: the engine's
 * `SavedRun`). One row per run: a run that waits again replaces it.
 */
@Entity('run_approvals')
@Index('run_approvals_due', ['expiresAt'], { where: 'decided_at IS NULL' })
@Index('run_approvals_token', ['tokenHash'], { unique: true, where: 'token_hash IS NOT NULL' })
export class RunApproval {
  @PrimaryColumn('uuid', { name: 'run_id' }) runId!: string;
  @OneToOne(() => RunRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id' })
  run?: RunRecord;
  /** The Approval block the run waits at. */
  @Column('text', { name: 'node_id' }) nodeId!: string;
  /** What the approver sees. */
  @Column('text') text!: string;
  @Column('boolean') editable!: boolean;
  @Column('text') approver!: ApprovalApprover;
  /** An e-mail approver's address (null for the app's owner). */
  @Column('text', { nullable: true }) email!: string | null;
  /** sha256 of the e-mail approver's signed link token (hex); null for the owner. */
  @Column('text', { name: 'token_hash', nullable: true }) tokenHash!: string | null;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  /** The run as handed to a worker (`RunJob` without its plan). */
  @Column('jsonb') job!: Record<string, unknown>;
  /** What the engine needs to go on (`SavedRun`). */
  @Column('jsonb') saved!: Record<string, unknown>;
  /** The charges of the blocks that ran before the wait, kept when the run ends unapproved. */
  @Column('jsonb') keep!: { blockType: string; credits: number }[];
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'decided_at', nullable: true }) decidedAt!: Date | null;
  /** approve, reject or timeout, once decided. */
  @Column('text', { nullable: true }) decision!: string | null;
  /** Who decided, in words. */
  @Column('text', { name: 'decided_by', nullable: true }) decidedBy!: string | null;
}
