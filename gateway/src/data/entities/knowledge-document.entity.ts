import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { KnowledgeBase } from './knowledge-base.entity';

export type KnowledgeDocumentStatus = 'queued' | 'indexing' | 'ready' | 'failed';
export type KnowledgeDocumentSource = 'upload' | 'url' | 'text';

/**
 * A document of a knowledge base: an uploaded file, a web page or text given as is. Its bytes are
 * a kept file (`file_id`; a web page is fetched again when it is indexed again); its chunks are
 * `knowledge_chunks`. `status` and `progress` say where indexing is; `error` why it failed.
 */
@Entity('knowledge_documents')
@Index(['knowledgeBaseId', 'createdAt'])
@Check('knowledge_documents_status', `status IN ('queued', 'indexing', 'ready', 'failed')`)
@Check('knowledge_documents_source', `source IN ('upload', 'url', 'text')`)
export class KnowledgeDocument {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'knowledge_base_id' }) knowledgeBaseId!: string;
  @ManyToOne(() => KnowledgeBase, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'knowledge_base_id' })
  knowledgeBase?: KnowledgeBase;
  @Column('text') name!: string;
  @Column('text') source!: KnowledgeDocumentSource;
  /** The web page's address, for a document added by URL. */
  @Column('text', { nullable: true }) url!: string | null;
  /** The kept file holding the document (an upload, the text given, the page as fetched). */
  @Column('uuid', { name: 'file_id', nullable: true }) fileId!: string | null;
  @Column('text', { nullable: true }) mime!: string | null;
  /** Bytes of the document as kept. */
  @Column('integer', { default: 0 }) size!: number;
  @Column('text', { default: 'queued' }) status!: KnowledgeDocumentStatus;
  /** 0 to 1 while indexing. */
  @Column('real', { default: 0 }) progress!: number;
  /** Why indexing failed, in words the owner can act on. */
  @Column('text', { nullable: true }) error!: string | null;
  @Column('integer', { name: 'chunk_count', default: 0 }) chunkCount!: number;
  /** Characters of text read from it. */
  @Column('integer', { name: 'char_count', default: 0 }) charCount!: number;
  /** The embedding model its chunks' vectors were made with; null: searched by text only. */
  @Column('text', { name: 'embedding_model', nullable: true }) embeddingModel!: string | null;
  /** Some passages have no vector yet (the embedding model failed while indexing): made later. */
  @Column('boolean', { name: 'vectors_missing', default: false }) vectorsMissing!: boolean;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
