import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppRecord } from './app-record.entity';
import { User } from './user.entity';

/** A person's (or an embed visitor's) chat with one app: its turns are `ConversationTurn`s, each a run of the app. */
@Entity('conversations')
@Index('conversations_user_app', ['userId', 'appId', 'updatedAt'])
export class Conversation {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'user_id' }) userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('uuid', { name: 'app_id' }) appId!: string;
  @ManyToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppRecord;
  /**
   * A visitor of an embed who is not signed in (the embed's owner, `userId`, pays): a digest of the
   * visitor's token. Null for a person's own conversations.
   */
  @Column('text', { name: 'visitor_id', nullable: true }) visitorId!: string | null;
  @Column('text') title!: string;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  /** When its last turn was sent, or it was renamed: lists show the latest first. */
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
