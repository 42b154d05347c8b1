import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppRecord } from './app-record.entity';

export type ScheduleStatus = 'active' | 'paused';

/**
 * An app's schedule: a cron expression in a time zone, the fixed inputs each run gets, and when it
 * next fires. A process fires it by moving `next_run_at` on from the due time it read (one
 * statement), so each due time fires once however many processes look. Paused schedules have no
 * next time; `paused_reason` is the notice shown when the server paused it (credits ran out).
 */
@Entity('app_schedules')
@Check('app_schedules_status', `status IN ('active', 'paused')`)
export class AppSchedule {
  @PrimaryColumn('uuid') id!: string;
  @Index('app_schedules_app')
  @Column('uuid', { name: 'app_id' })
  appId!: string;
  @ManyToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppRecord;
  @Column('text') name!: string;
  @Column('text') cron!: string;
  @Column('text', { name: 'time_zone', default: 'UTC' }) timeZone!: string;
  @Column('jsonb', { default: () => "'{}'" }) inputs!: Record<string, unknown>;
  @Column('text', { default: 'active' }) status!: ScheduleStatus;
  @Column('text', { name: 'paused_reason', nullable: true }) pausedReason!: string | null;
  @Index('app_schedules_due')
  @Column('timestamptz', { name: 'next_run_at', nullable: true })
  nextRunAt!: Date | null;
  @Column('timestamptz', { name: 'last_run_at', nullable: true }) lastRunAt!: Date | null;
  @Column('uuid', { name: 'last_run_id', nullable: true }) lastRunId!: string | null;
  /** Why the last due time started no run (a refused input, say); null when it started one. */
  @Column('text', { name: 'last_error', nullable: true }) lastError!: string | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
