import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/**
 * A person's API key: only its SHA-256 is kept (the key itself is shown once, when created), with
 * the first characters so the person can tell their keys apart. Revoking deletes the row.
 */
@Entity('api_keys')
export class ApiKey {
  @PrimaryColumn('uuid') id!: string;
  @Index('api_keys_user')
  @Column('uuid', { name: 'user_id' })
  userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('text') name!: string;
  /** `bsk_` and the next few characters, to recognise the key by. */
  @Column('text') prefix!: string;
  @Column('text', { name: 'key_hash', unique: true }) keyHash!: string;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
}
