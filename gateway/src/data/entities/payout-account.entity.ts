import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/** A creator's Stripe Connect Express account, and what Stripe last said about it. */
@Entity('payout_accounts')
export class PayoutAccount {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('text', { name: 'stripe_account_id', unique: true }) stripeAccountId!: string;
  /** The creator finished Stripe's onboarding form. */
  @Column('boolean', { name: 'details_submitted', default: false }) detailsSubmitted!: boolean;
  /** Stripe pays out to the account: transfers may be sent. */
  @Column('boolean', { name: 'payouts_enabled', default: false }) payoutsEnabled!: boolean;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
