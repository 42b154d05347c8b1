import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { AiProviderId } from '@blocksmith/schema';
import { User } from './user.entity';

/**
 * An AI provider's settings saved by an admin on the AI providers page: they replace the
 * environment's key and address for that provider. The key is sealed as people's secrets are
 * (`sealed_key` is `v1.<iv>.<tag>.<ciphertext>`, the provider's name authenticated with it) and is
 * never read back by any API.
 */
@Entity('ai_provider_settings')
@Check('ai_provider_settings_provider', `provider IN ('openai', 'anthropic', 'gemini', 'ollama')`)
export class AiProviderSetting {
  @PrimaryColumn('text') provider!: AiProviderId;
  /** The API key, sealed; null for a provider used without one (a local Ollama). */
  @Column('text', { name: 'sealed_key', nullable: true }) sealedKey!: string | null;
  /** The API's root or the server's host; null: the vendor's own. */
  @Column('text', { name: 'base_url', nullable: true }) baseUrl!: string | null;
  /** The admin who saved it last. */
  @Column('uuid', { name: 'updated_by', nullable: true }) updatedBy!: string | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'updated_by' })
  updater?: User;
  @Column('text', { name: 'updated_by_email' }) updatedByEmail!: string;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
