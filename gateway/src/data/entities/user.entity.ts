import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import type { PlanId } from '@blocksmith/schema';

@Entity('users')
@Check('users_auth_provider', `auth_provider IN ('local', 'firebase')`)
@Check('users_plan', `plan IN ('free', 'starter', 'enterprise')`)
export class User {
  @PrimaryColumn('uuid') id!: string;
  /** Lower-cased. */
  @Column('text', { unique: true }) email!: string;
  @Column('text', { name: 'password_hash', nullable: true }) passwordHash!: string | null;
  @Column('text', { name: 'full_name', default: '' }) fullName!: string;
  @Column('text', { name: 'auth_provider', default: 'local' }) authProvider!: 'local' | 'firebase';
  @Column('text', { name: 'external_id', unique: true, nullable: true }) externalId!: string | null;
  /** When the person proved they read mail at `email` (a used reset or confirmation link). */
  @Column('timestamptz', { name: 'email_confirmed_at', nullable: true }) emailConfirmedAt!: Date | null;
  @Column('text', { default: 'free' }) plan!: PlanId;
  @Column('timestamptz', { name: 'plan_ends_at', nullable: true }) planEndsAt!: Date | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
