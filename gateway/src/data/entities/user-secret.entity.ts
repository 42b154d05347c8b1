import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/**
 * A person's secret (an API token, say) for their blocks to use: kept encrypted (AES-256-GCM,
 * `sealed` is `v1.<iv>.<tag>.<ciphertext>` in base64url), never read back by anyone but a run of
 * one of the person's apps. The name is the person's own (`GITHUB_TOKEN`).
 */
@Entity('user_secrets')
export class UserSecret {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @PrimaryColumn('text') name!: string;
  @Column('text') sealed!: string;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
