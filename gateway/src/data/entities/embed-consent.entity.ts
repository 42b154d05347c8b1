import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppRecord } from './app-record.entity';
import { User } from './user.entity';

/**
 * A person confirmed, in the embed's sign-in window, what one run of an app costs them: runs of
 * its embed started while signed in are theirs only up to that price (a higher one asks again).
 */
@Entity('embed_consents')
export class EmbedConsent {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @PrimaryColumn('uuid', { name: 'app_id' }) appId!: string;
  @ManyToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppRecord;
  /** The most credits a run cost, blocks and creator price, when it was confirmed. */
  @Column('integer', { name: 'max_credits' }) maxCredits!: number;
  @Column('timestamptz', { name: 'confirmed_at' }) confirmedAt!: Date;
}
