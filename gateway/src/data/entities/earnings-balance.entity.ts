import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { User } from './user.entity';

/** The running total of a creator's earnings entries; a CHECK keeps it from going below zero. */
@Entity('earnings_balances')
@Check('earnings_balances_not_negative', `balance >= 0`)
export class EarningsBalance {
  @PrimaryColumn('uuid', { name: 'user_id' }) userId!: string;
  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;
  @Column('integer') balance!: number;
  @Column('timestamptz', { name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
