import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApiTestGateway, type ApiTestGateway } from '../../testing/rest-client';

// Each test starts two to four gateways over one data directory: 33-44 s each on a quiet two-core
// machine, so the limit leaves room for a machine several times as loaded.
jest.setTimeout(300_000);

const ADMIN = 'root@example.com';

/** Gateways still open: closed after each test, even one whose expectations failed midway. */
const open = new Set<ApiTestGateway>();

/** A gateway over a data directory that outlives it, so a restart sees the same accounts. */
async function serve(dataDir: string, env: Record<string, string> = {}): Promise<ApiTestGateway> {
  const test = await startApiTestGateway({ ADMIN_EMAILS: ADMIN, ...env }, { dataDir });
  open.add(test);
  return test;
}

async function stop(test: ApiTestGateway): Promise<void> {
  open.delete(test);
  await test.close();
}

async function planOf(test: ApiTestGateway, token: string): Promise<string> {
  const answer = await test.api('GET', '/apps/publishing/info', { token });
  expect(answer.status).toBe(200);
  return answer.body.plan as string;
}

async function creditsOf(test: ApiTestGateway, token: string): Promise<number> {
  const answer = await test.api('GET', '/credits/balance', { token });
  expect(answer.status).toBe(200);
  return answer.body.credits as number;
}

async function signIn(test: ApiTestGateway, email: string): Promise<string> {
  const answer = await test.api('POST', '/auth/signin', {
    body: { email, password: 'a good long password' },
  });
  expect(answer.status).toBe(200);
  return answer.body.session.access_token as string;
}

async function setPlan(test: ApiTestGateway, admin: string, id: string, plan: string): Promise<void> {
  const answer = await test.api('POST', `/admin/users/${id}/plan`, { token: admin, body: { plan } });
  expect(answer.status).toBe(200);
}

describe('DEFAULT_PLAN', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'default-plan-'));
  });
  afterEach(async () => {
    await Promise.all([...open].map(stop));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('puts a new account on the default plan, with its monthly credits', async () => {
    const test = await serve(dataDir, { DEFAULT_PLAN: 'starter' });
    const { token } = await test.signUpViaApi('new@example.com', { credits: true });
    expect(await planOf(test, token)).toBe('starter');
    expect(await creditsOf(test, token)).toBe(500);
  });

  it('raises existing accounts at start-up with the plan’s credits at once, except those an admin set', async () => {
    let test = await serve(dataDir);
    const ann = await test.signUpViaApi('ann@example.com', { credits: true });
    const bob = await test.signUpViaApi('bob@example.com', { credits: true });
    const root = await test.signUpAdmin(ADMIN);
    // An admin's choice of Free for Bob (up, then back down) is a choice, not the default.
    await setPlan(test, root, bob.id, 'starter');
    await setPlan(test, root, bob.id, 'free');
    expect(await planOf(test, ann.token)).toBe('free');
    expect(await creditsOf(test, ann.token)).toBe(50);
    await stop(test);

    test = await serve(dataDir, { DEFAULT_PLAN: 'starter' });
    const annToken = await signIn(test, 'ann@example.com');
    expect(await planOf(test, annToken)).toBe('starter');
    expect(await creditsOf(test, annToken)).toBe(500);
    const bobToken = await signIn(test, 'bob@example.com');
    expect(await planOf(test, bobToken)).toBe('free');
    // A second start changes nothing and grants nothing more.
    await stop(test);
    test = await serve(dataDir, { DEFAULT_PLAN: 'starter' });
    const again = await signIn(test, 'ann@example.com');
    expect(await planOf(test, again)).toBe('starter');
    expect(await creditsOf(test, again)).toBe(500);
  });

  it('lets an admin’s change win over the default, across restarts', async () => {
    let test = await serve(dataDir, { DEFAULT_PLAN: 'starter' });
    const cy = await test.signUpViaApi('cy@example.com', { credits: true });
    const root = await test.signUpAdmin(ADMIN);
    await setPlan(test, root, cy.id, 'free');
    expect(await planOf(test, cy.token)).toBe('free');
    await stop(test);

    test = await serve(dataDir, { DEFAULT_PLAN: 'enterprise' });
    expect(await planOf(test, await signIn(test, 'cy@example.com'))).toBe('free');
    expect(await planOf(test, await signIn(test, ADMIN))).toBe('enterprise');
  });

  it('returns accounts that held a plan only from the default to it when it is lowered or Stripe is configured', async () => {
    let test = await serve(dataDir, { DEFAULT_PLAN: 'enterprise' });
    const dee = await test.signUpViaApi('dee@example.com', { credits: true });
    const eve = await test.signUpViaApi('eve@example.com', { credits: true });
    const root = await test.signUpAdmin(ADMIN);
    await setPlan(test, root, eve.id, 'starter');
    expect(await planOf(test, dee.token)).toBe('enterprise');
    await stop(test);

    test = await serve(dataDir, { DEFAULT_PLAN: 'starter' });
    const deeStarter = await signIn(test, 'dee@example.com');
    expect(await planOf(test, deeStarter)).toBe('starter');
    expect(await creditsOf(test, deeStarter)).toBe(500);
    await stop(test);

    // With Stripe, people buy Starter: the default's accounts are on Free and keep their credits;
    // the plan an admin chose stays.
    test = await serve(dataDir, { STRIPE_SECRET_KEY: 'sk_test_default_plan' });
    const deeFree = await signIn(test, 'dee@example.com');
    expect(await planOf(test, deeFree)).toBe('free');
    expect(await creditsOf(test, deeFree)).toBe(500);
    expect(await planOf(test, await signIn(test, 'eve@example.com'))).toBe('starter');
  });
});
