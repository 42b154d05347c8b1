import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppRecord } from './app-record.entity';

/**
 * An app's webhook: `POST /api/hooks/{id}` runs the app on its owner's credits. The secret is
 * sealed (AES-256-GCM under the server's sealing key, bound to the hook's id) because an HMAC of a
 * call's body needs the secret itself; `secret_prefix` recognises it. `mapping` takes a JSON body's
 * fields (dotted paths) to the app's inputs.
 */
@Entity('app_hooks')
export class AppHook {
  @PrimaryColumn('uuid') id!: string;
  @Index('app_hooks_app')
  @Column('uuid', { name: 'app_id' })
  appId!: string;
  @ManyToOne(() => AppRecord, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppRecord;
  @Column('text') name!: string;
  @Column('text', { name: 'secret_sealed' }) secretSealed!: string;
  @Column('text', { name: 'secret_prefix' }) secretPrefix!: string;
  @Column('jsonb', { default: () => "'{}'" }) mapping!: Record<string, string>;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'rotated_at', nullable: true }) rotatedAt!: Date | null;
  @Column('timestamptz', { name: 'last_called_at', nullable: true }) lastCalledAt!: Date | null;
}
