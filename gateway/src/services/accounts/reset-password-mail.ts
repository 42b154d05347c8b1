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
  const link = resetLink(publicUrl, token);
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

function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password#access_token=${token}&type=recovery`;
}

/**
 * Sent when someone signs up with an address listed in ADMIN_EMAILS: admin rights start once the
 * link is used, so only the mailbox's owner can have them.
 */
export function confirmAdminMail(
  to: { email: string; fullName: string },
  publicUrl: string,
  token: string,
): MailToSend {
  return {
    to: to.email,
    subject: 'Confirm your Blocksmith admin access',
    body: [
      `Hello${to.fullName ? ` ${to.fullName}` : ''},`,
      '',
      'This address is listed as a Blocksmith administrator. To confirm that it is yours, open this',
      'link within the next hour and choose your password (you may enter the same one again).',
      'Admin pages open after you sign in again:',
      '',
      resetLink(publicUrl, token),
      '',
      'If you did not sign up, ignore this mail: nobody gets admin access through it.',
    ].join('\n'),
  };
}
