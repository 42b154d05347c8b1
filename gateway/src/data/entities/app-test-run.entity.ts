import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppRecord } from './app-record.entity';

export type TestRunStatus = 'running' | 'finished' | 'cancelled' | 'failed';
/** Started by hand, or by submitting the version for review. */
export type TestRunPurpose = 'manual' | 'submission';

/**
 * A run of an app's test set against one of its versions: the cases as they were, each case's
 * run, checks, answers, latency and credits (`results`), and the figures over them.
 */
@Entity('app_test_runs')
@Index('app_test_runs_app', ['appId', 'createdAt'])
@Index('app_test_runs_running', ['executor'], { where: `status = 'running'` })
@Check('app_test_runs_status', `status IN ('running', 'finished', 'cancelled', 'failed')`)
export class AppTestRun {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_app_test_runs' }) id!: string;
  @Column('uuid', { name: 'app_id' }) appId!: string;
  @ManyToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id', foreignKeyConstraintName: 'FK_app_test_runs_app' })
  app?: AppRecord;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
  @Column('uuid', { name: 'version_id', nullable: true }) versionId!: string | null;
  @Column('integer', { name: 'version_number', nullable: true }) versionNumber!: number | null;
  @Column('text', { default: 'manual' }) purpose!: TestRunPurpose;
  @Column('text', { default: 'running' }) status!: TestRunStatus;
  @Column('integer', { default: 0 }) total!: number;
  @Column('integer', { default: 0 }) passed!: number;
  @Column('integer', { default: 0 }) failed!: number;
  /** Each case's outcome, in the set's order (`CaseResult[]`). */
  @Column('jsonb', { default: () => "'[]'" }) results!: unknown[];
  @Column('integer', { name: 'p50_ms', nullable: true }) p50Ms!: number | null;
  @Column('integer', { name: 'p95_ms', nullable: true }) p95Ms!: number | null;
  /** Credits charged for the cases' runs in all. */
  @Column('integer', { default: 0 }) credits!: number;
  /** The most the run could cost, shown before it started. */
  @Column('integer', { name: 'estimated_credits', default: 0 }) estimatedCredits!: number;
  @Column('text', { nullable: true }) error!: string | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'finished_at', nullable: true }) finishedAt!: Date | null;
  /** The process executing it (its heartbeat's id); null once ended, or when started before. */
  @Column('uuid', { nullable: true }) executor!: string | null;
  /** A cancel asked of any process: the executing one starts no more cases. */
  @Column('boolean', { name: 'cancel_requested', default: false }) cancelRequested!: boolean;
}
