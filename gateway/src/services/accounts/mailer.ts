/** One plain-text mail. */
export interface MailToSend {
  to: string;
  subject: string;
  body: string;
}

/** Where the product's mail goes. The default is the outbox table (OutboxMailer). */
export interface Mailer {
  send(mail: MailToSend): Promise<void>;
}
