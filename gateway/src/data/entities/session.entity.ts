import { Column, Entity, Index, ManyToOne, JoinColumn, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/** A signed-in session: one refresh token at a time, rotated on every refresh. */
@Entity('sessions')
export class Session {
  @PrimaryColumn('uuid') id!: string;
  @Index('sessions_user')
  @Column('uuid', { name: 'user_id' })
  userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  /** Every session rotated from the same sign-in shares a family; reusing an old token revokes it. */
  @Index('sessions_family')
  @Column('uuid', { name: 'family_id' })
  familyId!: string;
  @Column('text', { name: 'refresh_token_hash', unique: true }) refreshTokenHash!: string;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
  @Column('timestamptz', { name: 'rotated_at', nullable: true }) rotatedAt!: Date | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
