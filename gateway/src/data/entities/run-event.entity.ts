import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { RunRecord } from './run-record.entity';

/**
 * A run's progress events in order, kept while gateway processes share a PostgreSQL server: the
 * process executing a run writes them here and notifies (LISTEN/NOTIFY) with the run id and
 * sequence number only; a watcher on any process reads them from this table.
 */
@Entity('run_events')
export class RunEventRecord {
  @PrimaryColumn('uuid', { name: 'run_id' }) runId!: string;
  @ManyToOne(() => RunRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id' })
  run?: RunRecord;
  /** 1, 2, 3... per run. */
  @PrimaryColumn('integer') seq!: number;
  @Column('jsonb') event!: Record<string, unknown>;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
