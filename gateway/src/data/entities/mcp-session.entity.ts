import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/**
 * An MCP session (`Mcp-Session-Id`), kept in the database so that any gateway process sharing it
 * can serve the session's next request. It belongs to the account that opened it; a request with
 * another account's credentials does not find it.
 */
@Entity('mcp_sessions')
export class McpSession {
  @PrimaryColumn('uuid') id!: string;
  @Index('mcp_sessions_user')
  @Column('uuid', { name: 'user_id' })
  userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  /** The client's name and version from `initialize` (`clientInfo`), as it gave them. */
  @Column('text', { name: 'client_name', nullable: true }) clientName!: string | null;
  @Column('text', { name: 'protocol_version', nullable: true }) protocolVersion!: string | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Index('mcp_sessions_last_used')
  @Column('timestamptz', { name: 'last_used_at', default: () => 'now()' })
  lastUsedAt!: Date;
}
