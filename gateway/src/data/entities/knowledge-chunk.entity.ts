import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { KnowledgeDocument } from './knowledge-document.entity';

/**
 * A passage of a knowledge document, as its knowledge base's chunking cut it. Found by full-text
 * search (its stored `english` text search vector, kept by a trigger and indexed with GIN, both
 * made by the migration) and, where the server has pgvector, by its vector in `knowledge_vectors`
 * (see services/knowledge).
 */
@Entity('knowledge_chunks')
@Index('knowledge_chunks_terms', { synchronize: false })
@Index(['documentId', 'position'])
export class KnowledgeChunk {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'document_id' }) documentId!: string;
  @ManyToOne(() => KnowledgeDocument, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'document_id' })
  document?: KnowledgeDocument;
  @Index()
  @Column('uuid', { name: 'knowledge_base_id' })
  knowledgeBaseId!: string;
  /** Its place in the document, 0 for the first. */
  @Column('integer') position!: number;
  @Column('text') text!: string;
  /** `to_tsvector('english', text)`, written by the database's trigger, never by the gateway. */
  @Column({ type: 'tsvector', name: 'text_search', select: false, insert: false, update: false })
  textSearch?: string;
}
