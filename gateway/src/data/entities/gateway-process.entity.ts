import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A running gateway process and its last heartbeat. Runs name the process executing them; one whose
 * heartbeat lapsed is taken to have stopped, and its unfinished runs are ended and refunded.
 */
@Entity('gateway_processes')
export class GatewayProcess {
  @PrimaryColumn('uuid') id!: string;
  @Column('timestamptz', { name: 'seen_at' }) seenAt!: Date;
}
