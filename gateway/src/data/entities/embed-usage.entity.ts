import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppRecord } from './app-record.entity';

/** Credits an app's owner paid this month for runs of its embed by people not signed in. */
@Entity('embed_usage')
export class EmbedUsage {
  @PrimaryColumn('uuid', { name: 'app_id' }) appId!: string;
  @ManyToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppRecord;
  /** `YYYY-MM`, UTC. */
  @PrimaryColumn('text') period!: string;
  @Column('integer') credits!: number;
}
