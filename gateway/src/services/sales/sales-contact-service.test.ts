import type { Database } from '../../data/database';
import { SalesContact } from '../../data/entities';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import type { MailToSend } from '../accounts';
import { SALES_REPLY, SalesContactService } from './sales-contact-service';

describe.each(databaseTargets)('SalesContactService on %s', (_name, databaseUrl) => {
  let db: Database;
  const sent: MailToSend[] = [];
  let sales: SalesContactService;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
    sales = new SalesContactService(
      db.dataSource,
      { send: async (mail) => void sent.push(mail) },
      'sales@example.com',
    );
  });

  afterAll(() => db.close());

  it('keeps the enquiry, mails the sales address and answers the promise', async () => {
    const answer = await sales.submit({
      name: 'Grace',
      email: 'Grace@Navy.example',
      company: 'Navy',
      companySize: '1000+',
      message: 'We would like to talk.',
    });
    expect(answer).toEqual({ message: SALES_REPLY });
    expect(
      await db.dataSource.getRepository(SalesContact).findOneByOrFail({ email: 'grace@navy.example' }),
    ).toMatchObject({
      company: 'Navy',
      companySize: '1000+',
    });
    expect(sent).toEqual([
      expect.objectContaining({ to: 'sales@example.com', subject: 'Sales enquiry from Navy' }),
    ]);
  });

  it('says which field to fix and stores nothing for a refused enquiry', async () => {
    const before = await db.dataSource.getRepository(SalesContact).count();
    await expect(sales.submit({ name: 'A', email: 'a@b.co', company: '', message: 'x' })).rejects.toThrow(
      'Please fill in your company.',
    );
    await expect(
      sales.submit({ name: 'A', email: 'not-an-address', company: 'C', message: 'x' }),
    ).rejects.toThrow('Please enter a valid e-mail address.');
    await expect(
      sales.submit({ name: 'A', email: 'a@b.co', company: 'C', message: 'x', companySize: '7' }),
    ).rejects.toThrow('Company size must be one of 1-10, 11-50, 51-200, 201-1000, 1000+.');
    expect(await db.dataSource.getRepository(SalesContact).count()).toBe(before);
  });
});
