import type { MailToSend } from './mailer';

/**
 * The reset mail. The token rides in the URL fragment, which browsers never send to a server or
 * in a Referer; the /reset-password page reads it from there.
 */
export function resetPasswordMail(
  to: { email: string; fullName: string },
  publicUrl: string,
  token: string,
): MailToSend {
  const link = `${publicUrl}/reset-password#access_token=${token}&type=recovery`;
  return {
    to: to.email,
    subject: 'Reset your Blocksmith password',
    body: [
      `Hello${to.fullName ? ` ${to.fullName}` : ''},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Blocksmith account.',
      'Open this link within the next hour to choose a new password. It works once:',
      '',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  };
}
