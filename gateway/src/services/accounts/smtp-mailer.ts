import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { DataSource } from 'typeorm';
import { MailMessage } from '../../data/entities';
import { nodemailer } from '../../libraries';
import type { Mailer, MailToSend } from './mailer';

export interface SmtpMailerOptions {
  dataSource: DataSource;
  /** smtp://user:pass@host:587 or smtps://... */
  smtpUrl: string;
  /** The From address (default: no-reply at the SMTP host). */
  from?: string;
  log?: (line: string) => void;
}

/**
 * Delivers mail over SMTP. Every mail is first written to the outbox, then sent; the row records
 * when it was sent or why it was not, so nothing is lost when the mail server is down. A failed
 * delivery is logged, not thrown: the person's request (a reset, an enquiry) still succeeds.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly from: string;
  private readonly log: (line: string) => void;

  constructor(private readonly options: SmtpMailerOptions) {
    const url = new URL(options.smtpUrl);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new Error('SMTP_URL must start with smtp:// or smtps://.');
    }
    this.transport = nodemailer().createTransport(options.smtpUrl);
    this.from = options.from ?? `Blocksmith <no-reply@${url.hostname}>`;
    this.log = options.log ?? ((line) => console.log(line));
  }

  async send(mail: MailToSend): Promise<void> {
    const id = randomUUID();
    const outbox = this.options.dataSource.getRepository(MailMessage);
    await outbox.insert({
      id,
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.body,
      sentAt: null,
      error: null,
    });
    try {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.body });
      await outbox.update({ id }, { sentAt: new Date() });
      this.log(`mail to ${mail.to}: ${mail.subject} (sent)`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await outbox.update({ id }, { error: reason.slice(0, 1000) });
      this.log(`mail to ${mail.to}: ${mail.subject} NOT sent: ${reason}`);
    }
  }

  close(): void {
    this.transport.close();
  }
}
