import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/**
 * A client a person connected to their account through OAuth (an AI assistant calling apps as MCP
 * tools): one per person and client, with the grant its tokens belong to and the credits per day
 * the person lets it spend. Revoking deletes the row and every token of the grant.
 */
@Entity('oauth_connections')
@Index('oauth_connections_person_client', ['userId', 'clientId'], { unique: true })
@Check('oauth_connections_limit', 'daily_credit_limit >= 0')
export class OAuthConnection {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('text', { name: 'client_id' }) clientId!: string;
  /** The name the client registered with, as the person saw it on the consent page. */
  @Column('text', { name: 'client_name' }) clientName!: string;
  /** Where the client's sign-in came back to (its redirect URI's host). */
  @Column('text', { name: 'redirect_host' }) redirectHost!: string;
  @Column('text', { name: 'grant_id' }) grantId!: string;
  @Column('integer', { name: 'daily_credit_limit' }) dailyCreditLimit!: number;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
}
