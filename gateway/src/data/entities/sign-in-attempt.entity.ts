import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Failed sign-ins per key (e-mail or address), for slowing down guessing. */
@Entity('sign_in_attempts')
export class SignInAttempt {
  @PrimaryColumn('text') key!: string;
  @Column('integer') failures!: number;
  @Column('timestamptz', { name: 'window_started_at' }) windowStartedAt!: Date;
  @Column('timestamptz', { name: 'locked_until', nullable: true }) lockedUntil!: Date | null;
}
