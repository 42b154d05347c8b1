import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import type { AppConfig } from '@blocksmith/schema';
import { AppRecord } from './app-record.entity';
import { User } from './user.entity';

/** How a version came to be: the app's first save, a save, an autosave burst, or a restore. */
export type AppVersionKind = 'created' | 'save' | 'autosave' | 'restore';

/**
 * One saved state of an app: what the builder saved (name, description, category, config), who
 * and when, and what changed since the version before. Never changed once another version follows
 * it or review refers to it; an autosave burst's own version is brought up to date until then.
 */
@Entity('app_versions')
@Unique('app_versions_number', ['appId', 'number'])
@Check('app_versions_kind', `kind IN ('created', 'save', 'autosave', 'restore')`)
export class AppVersion {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'app_id' }) appId!: string;
  @ManyToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppRecord;
  /** 1, 2, 3... per app. */
  @Column('integer') number!: number;
  @Column('text') name!: string;
  @Column('text', { default: '' }) description!: string;
  @Column('text', { default: '' }) category!: string;
  @Column('jsonb') config!: AppConfig;
  @Column('uuid', { name: 'author_id', nullable: true }) authorId!: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'author_id' })
  author?: User;
  @Column('text') kind!: AppVersionKind;
  /** What changed since the version before, one line. */
  @Column('text', { default: '' }) summary!: string;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
