import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { ActionType } from '@blocksmith/schema';
import { AppRecord } from './app-record.entity';
import { User } from './user.entity';

export type RunRecordStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'aborted';

@Entity('runs')
@Index('runs_app', ['appId', 'createdAt'])
@Index('runs_user', ['userId', 'createdAt'])
@Index('runs_executing', ['executor'], { where: `status = 'running' AND executor IS NOT NULL` })
@Check('runs_action_type', `action_type IN ('test_execution', 'published')`)
@Check('runs_status', `status IN ('queued', 'running', 'succeeded', 'failed', 'aborted')`)
export class RunRecord {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'app_id' }) appId!: string;
  @ManyToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppRecord;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('text', { name: 'action_type' }) actionType!: ActionType;
  @Column('text') status!: RunRecordStatus;
  @Column('integer') cost!: number;
  @Column('jsonb') inputs!: Record<string, unknown>;
  @Column('jsonb', { nullable: true }) result!: Record<string, unknown> | null;
  /** Per block: status, duration, error. */
  @Column('jsonb', { nullable: true }) nodes!: Record<string, unknown> | null;
  @Column('text', { nullable: true }) error!: string | null;
  /** Why a run failed, as a stable code: BAD_USER_INPUT, AI_PROVIDER_ERROR, ... */
  @Column('text', { name: 'error_code', nullable: true }) errorCode!: string | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'finished_at', nullable: true }) finishedAt!: Date | null;
  /**
   * The process executing the run straight from its own request (a GatewayProcess id); null while
   * it waits in the shared queue for whichever process takes it.
   */
  @Column('uuid', { nullable: true }) executor!: string | null;
}
