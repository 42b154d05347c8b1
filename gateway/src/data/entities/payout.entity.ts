import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

export type PayoutStatus = 'pending' | 'paid' | 'failed';

/**
 * Earned credits sent to a creator's Stripe account as one transfer. Its id is the transfer's
 * idempotency key, so sending it again (after a lost answer) never pays twice. One pending payout
 * per creator at a time.
 */
@Entity('payouts')
@Index('payouts_user', ['userId', 'createdAt'])
@Index('payouts_one_pending', ['userId'], { unique: true, where: `status = 'pending'` })
@Check('payouts_status', `status IN ('pending', 'paid', 'failed')`)
@Check('payouts_amounts', `credits > 0 AND amount_cents > 0`)
export class Payout {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('integer') credits!: number;
  @Column('integer', { name: 'amount_cents' }) amountCents!: number;
  @Column('text', { default: 'usd' }) currency!: string;
  @Column('text') status!: PayoutStatus;
  @Column('text', { name: 'stripe_account_id' }) stripeAccountId!: string;
  @Column('text', { name: 'stripe_transfer_id', nullable: true }) stripeTransferId!: string | null;
  /** Why Stripe refused it (a failed payout's credits are back in the balance). */
  @Column('text', { nullable: true }) error!: string | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'finished_at', nullable: true }) finishedAt!: Date | null;
}
