import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/** The running total of a user's ledger; a CHECK keeps it from going below zero. */
@Entity('credit_balances')
@Check('credit_balances_not_negative', `balance >= 0`)
export class CreditBalance {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('integer') balance!: number;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
