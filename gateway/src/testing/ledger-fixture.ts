import { randomUUID } from 'node:crypto';
import type { PlanId } from '@blocksmith/schema';
import type { Database } from '../data/database';
import { User } from '../data/entities';
import { CreditLedger } from '../services/credits/credit-ledger';
import { openTestDatabase } from './database';

/** When the fixture's clock stands at the start of each test. */
export const NOVEMBER = new Date('2026-11-15T12:00:00Z');

export interface LedgerFixture {
  /** The describe block's own database, open from beforeAll to afterAll. */
  db: Database;
  /** A fresh ledger for each test, whose clock reads `now`. */
  ledger: CreditLedger;
  /** The ledger's clock: NOVEMBER at the start of each test; tests may move it. */
  now: Date;
  /** A new user of `plan` (free unless said), not yet given credits. */
  newUser(plan?: PlanId): Promise<string>;
}

/** A CreditLedger on a test database of its own, for the describe block it is called in. */
export function useLedgerFixture(databaseUrl: string | undefined): LedgerFixture {
  const fixture = {
    now: NOVEMBER,
    async newUser(plan: PlanId = 'free'): Promise<string> {
      const id = randomUUID();
      await fixture.db.dataSource.getRepository(User).insert({ id, email: `${id}@example.com`, plan });
      return id;
    },
  } as LedgerFixture;

  beforeAll(async () => {
    fixture.db = await openTestDatabase(databaseUrl);
  }, 60_000);

  afterAll(async () => {
    await fixture.db.close();
  });

  beforeEach(() => {
    fixture.now = NOVEMBER;
    fixture.ledger = new CreditLedger(fixture.db.dataSource, () => fixture.now);
  });

  return fixture;
}
