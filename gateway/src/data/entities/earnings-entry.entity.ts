import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppRecord } from './app-record.entity';
import { Payout } from './payout.entity';
import { User } from './user.entity';

/** `earning`: a creator price paid by someone's run; `payout`: sent to Stripe; `payout_reversal`: a failed payout given back. */
export type EarningsKind = 'earning' | 'payout' | 'payout_reversal';

/**
 * One movement of a creator's earnings (apart from their spendable credits); their earnings
 * balance is the sum of their entries. A run earns once (the unique index on its id).
 */
@Entity('earnings_entries')
@Index('earnings_entries_user', ['userId', 'createdAt'])
@Index('earnings_entries_app', ['appId', 'createdAt'])
@Index('earnings_entries_one_per_run', ['runId'], { unique: true, where: `kind = 'earning'` })
@Check('earnings_entries_kind', `kind IN ('earning', 'payout', 'payout_reversal')`)
export class EarningsEntry {
  @PrimaryColumn('uuid') id!: string;
  /** The creator. */
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('text') kind!: EarningsKind;
  /** Earned credits: positive for an earning or a reversal, negative for a payout. */
  @Column('integer') credits!: number;
  /** The app that earned it; null once the app is deleted (the earning stays). */
  @Column('uuid', { name: 'app_id', nullable: true }) appId!: string | null;
  @ManyToOne(() => AppRecord, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'app_id' })
  app?: AppRecord;
  /** The run that paid it (runs are deleted after RUN_RETENTION_DAYS; the id stays). */
  @Column('uuid', { name: 'run_id', nullable: true }) runId!: string | null;
  @Column('uuid', { name: 'payout_id', nullable: true }) payoutId!: string | null;
  @ManyToOne(() => Payout, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'payout_id' })
  payout?: Payout;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
