import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppRecord } from './app-record.entity';
import { User } from './user.entity';

/** One per person per app: the primary key enforces it. */
@Entity('upvotes')
export class Upvote {
  @PrimaryColumn('uuid', { name: 'app_id' }) appId!: string;
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @ManyToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppRecord;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
