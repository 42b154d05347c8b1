import type { Database } from '../data/database';
import { openTestDatabase } from '../testing/database';
import { countStatements } from './statement-count';

describe('countStatements', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase(undefined);
  });

  afterAll(async () => {
    await db.close();
  });

  it('counts every statement sent from then on, prepared ones too, and those about credits', async () => {
    const counts = countStatements(db.dataSource);
    await db.dataSource.query('SELECT 1');
    await db.dataSource.query({ name: 'statement_count_probe', text: 'SELECT $1::int AS n' } as never, [2]);
    await db.dataSource.query('SELECT count(*) FROM credit_balances');
    await db.dataSource.transaction((manager) => manager.query('SELECT 1'));
    // The transaction's begin and commit are statements too.
    expect(counts).toEqual({ all: 6, credits: 1 });
  });
});
