import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { Conversation } from './conversation.entity';
import { RunRecord } from './run-record.entity';

/** Where a turn's run is: answered, failed (its error kept), or still going. */
export type ConversationTurnStatus = 'running' | 'succeeded' | 'failed';

/**
 * One message of a conversation and the app's answer to it: a run of the app (`run_id`, source
 * `chat`), paid as any run. The answer is kept here, so a conversation outlives its runs' retention.
 */
@Entity('conversation_turns')
@Unique('conversation_turns_position', ['conversationId', 'position'])
@Index('conversation_turns_run', ['runId'])
@Check('conversation_turns_status', `status IN ('running', 'succeeded', 'failed')`)
export class ConversationTurn {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'conversation_id' }) conversationId!: string;
  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;
  @Column('int') position!: number;
  /** The run that answered it; null once that run was deleted (the answer stays). */
  @Column('uuid', { name: 'run_id', nullable: true }) runId!: string | null;
  @ManyToOne(() => RunRecord, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'run_id' })
  run?: RunRecord;
  @Column('text') message!: string;
  @Column('text', { nullable: true }) answer!: string | null;
  @Column('text') status!: ConversationTurnStatus;
  @Column('text', { nullable: true }) error!: string | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
