import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Every mail the product sends; the outbox is also what SMTP delivery works from. */
@Entity('mail_outbox')
export class MailMessage {
  @PrimaryColumn('uuid') id!: string;
  @Column('text', { name: 'to_address' }) toAddress!: string;
  @Column('text') subject!: string;
  @Column('text') body!: string;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'sent_at', nullable: true }) sentAt!: Date | null;
  @Column('text', { nullable: true }) error!: string | null;
}
