import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OAuthConnection } from './oauth-connection.entity';

/**
 * Credits set aside for a paid call a connected client is making, from the daily allowance check
 * until the call has ended (its run's charges then count instead). Calls made at once therefore
 * cannot pass the client's daily limit between a check and a charge. A hold a dead process left
 * behind stops counting at `expires_at`.
 */
@Entity('oauth_allowance_holds')
@Index('oauth_allowance_holds_connection', ['connectionId', 'expiresAt'])
export class OAuthAllowanceHold {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'connection_id' }) connectionId!: string;
  @ManyToOne(() => OAuthConnection, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'connection_id' })
  connection?: OAuthConnection;
  @Column('integer') credits!: number;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
}
