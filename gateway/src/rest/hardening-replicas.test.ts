import type { Database } from '../data/database';
import { openTestDatabase } from '../testing/database';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';
import {
  expectLockedFor,
  PASSWORD,
  signInEitherWay,
  signInOverGraphql,
  signInOverRest,
  spray,
  tally,
  WRONG,
} from '../testing/sign-in-attempts';

// Split from hardening.test.ts (its slowest part in CI: two more gateways) so Jest runs them apart.
jest.setTimeout(60_000);

/** Two gateway processes on one PostgreSQL database: only with TEST_DATABASE_URL (CI). */
const serverUrl = process.env.TEST_DATABASE_URL;

(serverUrl ? describe : describe.skip)('two gateways sharing one PostgreSQL database', () => {
  let db: Database & { url?: string };
  let a: ApiTestGateway;
  let b: ApiTestGateway;

  beforeAll(async () => {
    db = await openTestDatabase(serverUrl);
    const databaseUrl = db.url ?? serverUrl!;
    // Each replica believes it is reached at its own address.
    a = await startApiTestGateway({
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'https://a.blocksmith.example',
      TRUST_PROXY: 'loopback',
    });
    b = await startApiTestGateway({
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'https://b.blocksmith.example',
      TRUST_PROXY: 'loopback',
    });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
  });

  it("accept each other's access tokens although their PUBLIC_URLs differ", async () => {
    const { token } = await a.signUpViaApi('replica@example.com');
    const onB = await b.api('GET', '/auth/user', { token });
    expect(onB.status).toBe(200);
    expect(onB.body.user.email).toBe('replica@example.com');

    const signedIn = await b.api('POST', '/auth/signin', {
      body: { email: 'replica@example.com', password: PASSWORD },
    });
    expect(signedIn.status).toBe(200);
    const onA = await a.api('GET', '/auth/user', { token: signedIn.body.session.access_token });
    expect(onA.status).toBe(200);
    expect(onA.body.user.email).toBe('replica@example.com');
  });

  it('check at most 5 wrong passwords for one e-mail sent together to both', async () => {
    await a.signUpViaApi('shared-victim@example.com');
    const attempts = await Promise.all(
      Array.from({ length: 29 }, (_, i) =>
        signInEitherWay(i % 4 < 2 ? a : b, i, 'shared-victim@example.com', `guess ${i}`, '198.51.100.30'),
      ),
    );
    expect(tally(attempts)).toEqual({ invalid: 5, limited: 24 });
    expectLockedFor(await signInOverRest(a, 'shared-victim@example.com', PASSWORD, '198.51.100.31'));
    expectLockedFor(await signInOverGraphql(b, 'shared-victim@example.com', PASSWORD, '198.51.100.32'));
  });

  it('count one address across both: 25 failures on each, then both refuse', async () => {
    const outcomes = await spray(
      50,
      (i, email) => signInEitherWay(i < 25 ? a : b, i, email, WRONG, '198.51.100.40'),
      'shared-spray',
    );
    expect(outcomes).toEqual(Array(50).fill('invalid'));
    expectLockedFor(await signInOverRest(a, 'shared-spray-50@example.com', WRONG, '198.51.100.40'));
    expectLockedFor(await signInOverGraphql(b, 'shared-spray-51@example.com', WRONG, '198.51.100.40'));
  });
});
