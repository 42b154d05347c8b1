import type { Mailer } from './mailer';
import { RESET_MAILS_PER_HOUR, type PasswordResetTokens } from './password-reset-tokens';
import { confirmAdminMail, resetPasswordMail } from './reset-password-mail';

/**
 * The mails that carry a reset link (a password reset, an admin address proving itself), written
 * in the background so the caller answers before any lookup; `settled()` waits for them.
 */
export class AccountMails {
  private readonly background = new Set<Promise<void>>();

  constructor(
    private readonly options: {
      resets: PasswordResetTokens;
      mailer: Mailer;
      /** Where people reach the product; reset links point here. */
      publicUrl: string;
      log: (line: string) => void;
      onBackgroundError: (error: unknown) => void;
    },
  ) {}

  /** Sends a reset link when a local account has this e-mail (at most so many an hour). */
  sendReset(email: string): void {
    this.inBackground(this.sendResetMail(email));
  }

  /** Sends the link an admin address proves itself with: a reset link, worded for it. */
  sendAdminConfirmation(email: string): void {
    this.inBackground(this.sendConfirmationMail(email));
  }

  /** Waits for background work (reset mails) to finish: for tests and shutdown. */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.all([...this.background]);
  }

  private inBackground(task: Promise<void>): void {
    const work = task.catch((error: unknown) => this.options.onBackgroundError(error));
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }

  private async sendResetMail(email: string): Promise<void> {
    const outcome = await this.options.resets.issue(email);
    if (outcome.kind === 'capped') {
      this.options.log(`accounts: no reset mail to ${email}: ${RESET_MAILS_PER_HOUR} already sent this hour`);
    }
    if (outcome.kind !== 'issued') return;
    await this.options.mailer.send(resetPasswordMail(outcome.user, this.options.publicUrl, outcome.token));
  }

  private async sendConfirmationMail(email: string): Promise<void> {
    const outcome = await this.options.resets.issue(email);
    if (outcome.kind !== 'issued') return;
    await this.options.mailer.send(confirmAdminMail(outcome.user, this.options.publicUrl, outcome.token));
  }
}
