import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { PlanId } from '@blocksmith/schema';

@Entity('users')
@Index('users_stripe_subscription', ['stripeSubscriptionId'], {
  unique: true,
  where: 'stripe_subscription_id IS NOT NULL',
})
@Index('users_plan_ends_at', ['planEndsAt'], { where: 'plan_ends_at IS NOT NULL' })
@Index('users_created', ['createdAt', 'id'])
@Check('users_auth_provider', `auth_provider IN ('local', 'firebase')`)
@Check('users_plan', `plan IN ('free', 'starter', 'enterprise')`)
@Check('users_plan_set_by', `plan_set_by IN ('default', 'admin')`)
export class User {
  @PrimaryColumn('uuid') id!: string;
  /** Lower-cased. */
  @Column('text', { unique: true }) email!: string;
  @Column('text', { name: 'password_hash', nullable: true }) passwordHash!: string | null;
  @Column('text', { name: 'full_name', default: '' }) fullName!: string;
  @Column('text', { name: 'auth_provider', default: 'local' }) authProvider!: 'local' | 'firebase';
  @Column('text', { name: 'external_id', unique: true, nullable: true }) externalId!: string | null;
  /** When the person proved they read mail at `email` (a used reset or confirmation link). */
  @Column('timestamptz', { name: 'email_confirmed_at', nullable: true }) emailConfirmedAt!: Date | null;
  @Column('text', { default: 'free' }) plan!: PlanId;
  /**
   * Who set the plan: `default` (DEFAULT_PLAN gave it; it follows DEFAULT_PLAN), `admin` (the
   * default never changes it), null (signed up with it, or paid for it).
   */
  @Column('text', { name: 'plan_set_by', nullable: true }) planSetBy!: 'default' | 'admin' | null;
  /** A cancelled subscription's paid-up end: the plan returns to free then. */
  @Column('timestamptz', { name: 'plan_ends_at', nullable: true }) planEndsAt!: Date | null;
  @Column('text', { name: 'stripe_customer_id', nullable: true }) stripeCustomerId!: string | null;
  @Column('text', { name: 'stripe_subscription_id', nullable: true }) stripeSubscriptionId!: string | null;
  /** Set by an admin: the account cannot sign in or use its keys, its apps leave the store. */
  @Column('timestamptz', { name: 'suspended_at', nullable: true }) suspendedAt!: Date | null;
  /** The last time the person signed in (a password sign-in, or a Firebase sign-in's time). */
  @Column('timestamptz', { name: 'last_sign_in_at', nullable: true }) lastSignInAt!: Date | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
