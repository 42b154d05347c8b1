import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Requests counted per key in a fixed window, shared by every process on the database. */
@Entity('rate_limits')
export class RateLimit {
  @PrimaryColumn('text') key!: string;
  @Column('integer') points!: number;
  @Column('timestamptz', { name: 'window_started_at' }) windowStartedAt!: Date;
}
