import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { MailMessage } from '../../data/entities';
import type { Clock } from './account-types';
import type { Mailer, MailToSend } from './mailer';

export interface OutboxMailerOptions {
  dataSource: DataSource;
  clock?: Clock;
  /** Where the log lines go (default console.log). */
  log?: (line: string) => void;
  /**
   * Print the body under the log line (default true). Without SMTP the log is the only way a
   * person running Blocksmith on their own machine reaches a reset link; turn it off once mail is
   * delivered for real, since the body holds single-use credentials.
   */
  printBodies?: boolean;
}

/**
 * Writes every mail to the `mail_outbox` table (unsent: `sent_at` stays empty for a delivery
 * worker) and logs `mail to <address>: <subject>`.
 */
export class OutboxMailer implements Mailer {
  private readonly clock: Clock;
  private readonly log: (line: string) => void;
  private readonly printBodies: boolean;

  constructor(private readonly options: OutboxMailerOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.log = options.log ?? ((line) => console.log(line));
    this.printBodies = options.printBodies ?? true;
  }

  async send(mail: MailToSend): Promise<void> {
    await this.options.dataSource.getRepository(MailMessage).insert({
      id: randomUUID(),
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.body,
      createdAt: this.clock(),
      sentAt: null,
      error: null,
    });
    const heading = `mail to ${mail.to}: ${mail.subject}`;
    this.log(this.printBodies ? `${heading}\n${mail.body.replace(/^/gm, '  ')}` : heading);
  }
}
