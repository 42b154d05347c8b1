import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../../data/database';
import { MailMessage } from '../../data/entities';
import { openTestDatabase } from '../../testing/database';
import { SmtpMailer } from './smtp-mailer';

describe('SmtpMailer against a real SMTP server on loopback', () => {
  let db: Database;
  let server: SMTPServer;
  let port: number;
  const received: { from: string; to: string[]; data: string }[] = [];
  let refuse = false;

  beforeAll(async () => {
    db = await openTestDatabase(undefined);
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        callback(refuse ? new Error('Mailbox unavailable') : undefined);
      },
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
  });

  it('delivers the mail and marks the outbox row sent', async () => {
    const lines: string[] = [];
    const mailer = new SmtpMailer({
      dataSource: db.dataSource,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      log: (l) => lines.push(l),
    });
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Reset your password',
      body: 'Open this link: https://x/reset',
    });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['ada@example.com']);
    expect(received[0]!.data).toContain('Subject: Reset your password');
    expect(received[0]!.data).toContain('Open this link: https://x/reset');
    const row = await db.dataSource
      .getRepository(MailMessage)
      .findOneByOrFail({ toAddress: 'ada@example.com' });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
    expect(lines).toEqual(['mail to ada@example.com: Reset your password (sent)']);
  });

  it('keeps a refused mail in the outbox with the reason, without failing the request', async () => {
    refuse = true;
    const mailer = new SmtpMailer({
      dataSource: db.dataSource,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      log: () => {},
    });
    await expect(
      mailer.send({ to: 'bob@example.com', subject: 'Hello', body: 'x' }),
    ).resolves.toBeUndefined();
    mailer.close();
    const row = await db.dataSource
      .getRepository(MailMessage)
      .findOneByOrFail({ toAddress: 'bob@example.com' });
    expect(row.sentAt).toBeNull();
    expect(row.error).toContain('Mailbox unavailable');
  });

  it('refuses a URL that is not SMTP', () => {
    expect(() => new SmtpMailer({ dataSource: db.dataSource, smtpUrl: 'http://mail.example' })).toThrow(
      'SMTP_URL must start with smtp:// or smtps://.',
    );
  });
});
