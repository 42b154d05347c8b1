import { ACCOUNT_SUSPENDED_MESSAGE } from '@blocksmith/schema';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const ADMIN = 'admin@example.com';

describe('/api/admin/users', () => {
  let t: ApiTestGateway;
  let admin: string;

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: ADMIN });
    admin = await t.signUpAdmin(ADMIN);
  });

  afterAll(() => t.close());

  /** Every admin route, for a target account. */
  const everyRoute = (id: string): [string, string, unknown?][] => [
    ['GET', '/admin/users?query=a'],
    ['GET', `/admin/users/${id}`],
    ['POST', `/admin/users/${id}/plan`, { plan: 'enterprise' }],
    ['POST', `/admin/users/${id}/credits`, { amount: 100, reason: 'gift' }],
    ['POST', `/admin/users/${id}/suspend`, { reason: 'spam' }],
    ['POST', `/admin/users/${id}/unsuspend`],
    ['GET', '/admin/actions'],
  ];

  it('answers 403 to everyone who is not an admin, 401 without a token, and changes nothing', async () => {
    const person = await t.signUpViaApi('person@example.com', { credits: true });
    for (const [method, path, body] of everyRoute(person.id)) {
      const refused = await t.api(method, path, { token: person.token, body });
      expect([method, path, refused.status, refused.body.error]).toEqual([method, path, 403, 'forbidden']);
      expect((await t.api(method, path, { body })).status).toBe(401);
    }
    const balance = await t.api('GET', '/credits/balance', { token: person.token });
    expect(balance.body.credits).toBe(50);
    const actions = await t.api('GET', '/admin/actions', { token: admin });
    expect(actions.body.actions).toEqual([]);
  });

  it('lets an admin find an account, move it to Enterprise, grant credits, suspend and unsuspend it', async () => {
    const { token, id } = await t.signUpViaApi('customer@example.com', {
      fullName: 'Cora Customer',
      credits: true,
    });
    const found = await t.api('GET', '/admin/users?query=cora', { token: admin });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      users: [{ id, email: 'customer@example.com', fullName: 'Cora Customer', plan: 'free', credits: 50 }],
      nextCursor: null,
    });

    const plan = await t.api('POST', `/admin/users/${id}/plan`, {
      token: admin,
      body: { plan: 'enterprise' },
    });
    expect(plan.body).toMatchObject({ plan: 'enterprise', unlimited: true });
    expect(
      (await t.api('POST', `/admin/users/${id}/plan`, { token: admin, body: { plan: 'enterprise' } })).status,
    ).toBe(409);
    expect(
      (await t.api('POST', `/admin/users/${id}/plan`, { token: admin, body: { plan: 'gold' } })).status,
    ).toBe(400);

    const granted = await t.api('POST', `/admin/users/${id}/credits`, {
      token: admin,
      body: { amount: 250, reason: 'Onboarding bonus' },
    });
    expect(granted.body.credits).toBe(300);
    const tooMuch = await t.api('POST', `/admin/users/${id}/credits`, {
      token: admin,
      body: { amount: -301, reason: 'Too much' },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toMatch(/below zero/);
    expect(
      (await t.api('POST', `/admin/users/${id}/credits`, { token: admin, body: { amount: 5 } })).status,
    ).toBe(400);

    const suspended = await t.api('POST', `/admin/users/${id}/suspend`, {
      token: admin,
      body: { reason: 'Chargeback' },
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.suspendedAt).toEqual(expect.any(String));
    // Its session ends at once; signing in again says why.
    expect((await t.api('GET', '/auth/user', { token })).status).toBe(401);
    const signIn = await t.api('POST', '/auth/signin', {
      body: { email: 'customer@example.com', password: 'a good long password' },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toEqual({ error: 'account_suspended', message: ACCOUNT_SUSPENDED_MESSAGE });
    expect((await t.api('POST', `/admin/users/${id}/suspend`, { token: admin, body: {} })).status).toBe(409);

    const detail = await t.api('GET', `/admin/users/${id}`, { token: admin });
    expect(detail.status).toBe(200);
    expect(detail.body.actions.map((a: { action: string }) => a.action)).toEqual([
      'suspend',
      'credits',
      'plan',
    ]);
    expect(detail.body.actions[1]).toMatchObject({
      adminEmail: ADMIN,
      userEmail: 'customer@example.com',
      before: { credits: 50 },
      after: { credits: 300 },
      reason: 'Onboarding bonus',
    });
    expect(detail.body.earnings).toEqual({ balance: 0, total: 0, paidOut: 0 });

    expect(
      (await t.api('POST', `/admin/users/${id}/unsuspend`, { token: admin })).body.suspendedAt,
    ).toBeNull();
    const back = await t.api('POST', '/auth/signin', {
      body: { email: 'customer@example.com', password: 'a good long password' },
    });
    expect(back.status).toBe(200);

    const log = await t.api('GET', '/admin/actions', { token: admin });
    expect(log.body.actions.map((a: { action: string }) => a.action)).toEqual([
      'unsuspend',
      'suspend',
      'credits',
      'plan',
    ]);
    expect((await t.api('GET', `/admin/actions?userId=${id}`, { token: admin })).body.actions).toHaveLength(
      4,
    );
    expect((await t.api('GET', '/admin/actions?cursor=nonsense', { token: admin })).status).toBe(400);
    expect((await t.api('GET', '/admin/users/not-a-uuid', { token: admin })).status).toBe(404);
  });

  it('stops a suspended account’s API keys', async () => {
    const { token, id } = await t.signUpViaApi('keys@example.com', { credits: true });
    await t.api('POST', `/admin/users/${id}/plan`, { token: admin, body: { plan: 'starter' } });
    const created = await t.api('POST', '/keys', { token, body: { name: 'server' } });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    const published = await t.api('POST', '/apps/publish-with-data', {
      token,
      body: { name: 'Keyed', category: 'Content' },
    });
    const app = published.body as { id: string; slug: string };
    await t.api('POST', `/apps/${app.id}/review`, { token: admin, body: { status: 'approved' } });
    const run = (auth: string) =>
      t.api('POST', `/published/${app.slug}/run`, { token: auth, body: { inputData: {} } });
    const first = await run(key);
    expect(first.status).toBe(200);
    await t.api('POST', `/admin/users/${id}/suspend`, { token: admin, body: {} });
    const refused = await run(key);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    await t.api('POST', `/admin/users/${id}/unsuspend`, { token: admin });
    expect((await run(key)).status).toBe(200);
  });
});
