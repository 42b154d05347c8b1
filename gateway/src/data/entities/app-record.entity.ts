import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { AppConfig, VerificationStatus, VersionContent } from '@blocksmith/schema';
import { User } from './user.entity';

@Entity('apps')
@Index('apps_store', ['isPublished', 'isPrivate', 'verificationStatus', 'upvotes'])
@Check('apps_verification_status', `verification_status IN ('pending', 'approved', 'rejected')`)
@Check('apps_counts', `upvotes >= 0 AND views >= 0 AND uses >= 0`)
@Check('apps_creator_price', `creator_price BETWEEN 0 AND 100`)
export class AppRecord {
  @PrimaryColumn('uuid') id!: string;
  @Index('apps_owner')
  @Column('uuid', { name: 'owner_id' })
  ownerId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: User;
  @Column('text') name!: string;
  @Column('text', { default: '' }) description!: string;
  @Column('text', { unique: true }) slug!: string;
  @Column('text', { default: '' }) category!: string;
  @Column('boolean', { name: 'is_private', default: false }) isPrivate!: boolean;
  @Column('boolean', { name: 'is_published', default: false }) isPublished!: boolean;
  /** The owner sees other people's inputs and results of runs started while this is on. */
  @Column('boolean', { name: 'share_run_details', default: false }) shareRunDetails!: boolean;
  /**
   * Credits other people pay the owner per run, on top of the blocks' cost (0 to 100; it applies
   * while the owner's plan includes creator earnings).
   */
  @Column('integer', { name: 'creator_price', default: 0 }) creatorPrice!: number;
  @Column('text', { name: 'verification_status', default: 'pending' })
  verificationStatus!: VerificationStatus;
  @Column('text', { name: 'review_notes', nullable: true }) reviewNotes!: string | null;
  /** The draft: what the builder edits. */
  @Column('jsonb') config!: AppConfig;
  /** The version the draft was last saved as. */
  @Column('uuid', { name: 'draft_version_id', nullable: true }) draftVersionId!: string | null;
  /** The approved version everyone else sees and runs; null while none is (or after unpublishing). */
  @Column('uuid', { name: 'live_version_id', nullable: true }) liveVersionId!: string | null;
  /** The live version's content, kept on the row so public reads need no join. */
  @Column('jsonb', { nullable: true }) live!: VersionContent | null;
  /**
   * The block kinds the app holds legitimately: a full-tier kind its owner's plan does not allow is
   * saved and run only when listed here (see services/apps/README.md).
   */
  @Column('text', { name: 'block_kinds_held', array: true, default: () => "'{}'" })
  blockKindsHeld!: string[];
  /** The version waiting for review, if any. */
  @Column('uuid', { name: 'submitted_version_id', nullable: true }) submittedVersionId!: string | null;
  @Column('integer', { default: 0 }) upvotes!: number;
  @Column('integer', { default: 0 }) views!: number;
  @Column('integer', { default: 0 }) uses!: number;
  @Column('timestamptz', { name: 'published_at', nullable: true }) publishedAt!: Date | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
