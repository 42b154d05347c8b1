import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/**
 * A knowledge base: documents an account keeps for its apps' Knowledge Search blocks to answer
 * from. Only its owner lists, searches or changes it; runs of the owner's apps search it.
 */
@Entity('knowledge_bases')
@Check(
  'knowledge_bases_chunking',
  'chunk_size BETWEEN 100 AND 8000 AND chunk_overlap >= 0 AND chunk_overlap < chunk_size',
)
export class KnowledgeBase {
  @PrimaryColumn('uuid') id!: string;
  @Index()
  @Column('uuid', { name: 'owner_id' })
  ownerId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;
  @Column('text') name!: string;
  /** Characters per chunk its documents are split into. */
  @Column('integer', { name: 'chunk_size', default: 1000 }) chunkSize!: number;
  /** Characters each chunk repeats from the one before. */
  @Column('integer', { name: 'chunk_overlap', default: 150 }) chunkOverlap!: number;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
