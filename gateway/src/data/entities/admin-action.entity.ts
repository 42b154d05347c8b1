import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { AdminActionKind } from '@blocksmith/schema';
import { User } from './user.entity';

/**
 * One thing an admin did to an account (a plan change, credits given or taken, a suspension or
 * its end): who, to whom, when, and the account's state before and after. Kept when either
 * account is deleted (the e-mails stay with the entry).
 */
@Entity('admin_actions')
@Index('admin_actions_created', ['createdAt', 'id'])
@Index('admin_actions_user', ['userId', 'createdAt'])
@Check('admin_actions_action', `action IN ('plan', 'credits', 'suspend', 'unsuspend')`)
export class AdminAction {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'admin_id', nullable: true }) adminId!: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'admin_id' })
  admin?: User;
  @Column('text', { name: 'admin_email' }) adminEmail!: string;
  /** The account acted on. */
  @Column('uuid', { name: 'user_id', nullable: true }) userId!: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('text', { name: 'user_email' }) userEmail!: string;
  @Column('text') action!: AdminActionKind;
  @Column('jsonb') before!: Record<string, unknown>;
  @Column('jsonb') after!: Record<string, unknown>;
  @Column('text', { nullable: true }) reason!: string | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
