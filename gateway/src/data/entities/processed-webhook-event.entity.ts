import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Payment events already applied, so a redelivered event changes nothing. */
@Entity('processed_webhook_events')
export class ProcessedWebhookEvent {
  @PrimaryColumn('text') id!: string;
  @Column('text') type!: string;
  @Column('timestamptz', { name: 'processed_at', default: () => 'now()' }) processedAt!: Date;
}
