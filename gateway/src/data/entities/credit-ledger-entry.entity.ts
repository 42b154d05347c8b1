import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { ActionType } from '@blocksmith/schema';
import { User } from './user.entity';

/** `adjustment`: credits an admin gave (or took back), with the reason in `admin_actions`. */
export type LedgerKind = 'grant' | 'debit' | 'refund' | 'adjustment';

/** One movement of credits; the balance is the sum of a user's entries. */
@Entity('credit_ledger')
@Index('credit_ledger_user', ['userId', 'createdAt'])
@Index('credit_ledger_run', ['runId'])
@Index('credit_ledger_one_grant', ['userId', 'grantPeriod'], { unique: true, where: `kind = 'grant'` })
@Index('credit_ledger_one_refund', ['reverses'], { unique: true, where: 'reverses IS NOT NULL' })
@Check('credit_ledger_kind', `kind IN ('grant', 'debit', 'refund', 'adjustment')`)
@Check('credit_ledger_action_type', `action_type IN ('test_execution', 'published')`)
export class CreditLedgerEntry {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('integer') delta!: number;
  @Column('text') kind!: LedgerKind;
  @Column('text', { name: 'block_type', nullable: true }) blockType!: string | null;
  @Column('text', { name: 'action_type', nullable: true }) actionType!: ActionType | null;
  @Column('uuid', { name: 'run_id', nullable: true }) runId!: string | null;
  /** `2026-11` for a monthly grant: one grant per user per period. */
  @Column('text', { name: 'grant_period', nullable: true }) grantPeriod!: string | null;
  /** A refund's debit (all or, for a charge kept on a failed run, none of it given back). */
  @Column('uuid', { nullable: true }) reverses!: string | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
