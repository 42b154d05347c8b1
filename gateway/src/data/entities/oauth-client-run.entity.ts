import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OAuthConnection } from './oauth-connection.entity';
import { RunRecord } from './run-record.entity';

/** A run a connected client started (an MCP tool call): what its spend per day is counted from. */
@Entity('oauth_client_runs')
@Index('oauth_client_runs_connection', ['connectionId', 'createdAt'])
export class OAuthClientRun {
  @PrimaryColumn('uuid', { name: 'run_id' }) runId!: string;
  @ManyToOne(() => RunRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'run_id' })
  run?: RunRecord;
  @Column('uuid', { name: 'connection_id' }) connectionId!: string;
  @ManyToOne(() => OAuthConnection, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'connection_id' })
  connection?: OAuthConnection;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
