import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { AppRecord } from './app-record.entity';

/** How an app may be embedded on other sites: whether runs by people not signed in are its owner's. */
@Entity('app_embeds')
@Check('app_embeds_credits', `monthly_credits >= 0`)
export class AppEmbed {
  @PrimaryColumn('uuid', { name: 'app_id' }) appId!: string;
  @OneToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppRecord;
  /** Runs by people who are not signed in are charged to the owner, up to monthlyCredits a month. */
  @Column('boolean', { name: 'pays_owner', default: false }) paysOwner!: boolean;
  @Column('integer', { name: 'monthly_credits', default: 0 }) monthlyCredits!: number;
}
