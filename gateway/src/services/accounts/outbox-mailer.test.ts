import type { DataSource } from 'typeorm';
import { MailMessage } from '../../data/entities';
import { OutboxMailer } from './outbox-mailer';

/** The database side runs in accounts-service.test.ts; here only what the mailer writes and logs. */
function fakeDataSource() {
  const rows: Partial<MailMessage>[] = [];
  const dataSource = {
    getRepository: (entity: unknown) => {
      expect(entity).toBe(MailMessage);
      return { insert: async (row: Partial<MailMessage>) => void rows.push(row) };
    },
  } as unknown as DataSource;
  return { dataSource, rows };
}

describe('OutboxMailer', () => {
  const mail = { to: 'ada@example.com', subject: 'Reset your password', body: 'Open:\nhttp://x/reset#t=1' };
  const at = new Date('2030-01-02T03:04:05Z');

  it('writes an unsent outbox row and logs the address, subject and body', async () => {
    const { dataSource, rows } = fakeDataSource();
    const lines: string[] = [];
    await new OutboxMailer({ dataSource, clock: () => at, log: (line) => lines.push(line) }).send(mail);
    expect(rows).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        toAddress: 'ada@example.com',
        subject: 'Reset your password',
        body: mail.body,
        createdAt: at,
        sentAt: null,
        error: null,
      },
    ]);
    expect(lines).toEqual(['mail to ada@example.com: Reset your password\n  Open:\n  http://x/reset#t=1']);
  });

  it('keeps the body out of the log when asked (real delivery configured)', async () => {
    const { dataSource } = fakeDataSource();
    const lines: string[] = [];
    await new OutboxMailer({ dataSource, log: (line) => lines.push(line), printBodies: false }).send(mail);
    expect(lines).toEqual(['mail to ada@example.com: Reset your password']);
  });
});
