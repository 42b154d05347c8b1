import type { PlanId } from '@blocksmith/schema';
import { ApiError } from '../api/blocksmith-api';
import { runCostText } from '../texts/earnings-texts';
import { blockNamesByHistoryType, usageRow } from './credit-usage';
import { EarningsStore, periodDays } from './earnings-store';
import { earningsAnswer } from '../testing/fake-earnings';
import { FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { ToastStore } from './toast-store';

const TODAY = new Date('2025-03-10T15:00:00Z');

async function setup(plan: PlanId = 'starter') {
  const api = new FakeApi();
  api.earned.answer = earningsAnswer({
    balance: 120,
    total: 180,
    paidOut: 60,
    monetization: plan !== 'free',
    byApp: [
      {
        appId: 'a1',
        name: 'Poem Writer',
        slug: 'poem',
        isPublished: true,
        creatorPrice: 3,
        credits: 150,
        runs: 50,
      },
      { appId: 'a2', name: 'Haiku', slug: 'haiku', isPublished: true, creatorPrice: 0, credits: 0, runs: 0 },
      { appId: null, name: '', slug: null, isPublished: false, creatorPrice: 0, credits: 30, runs: 10 },
    ],
    byDay: [
      { date: '2025-03-08', appId: 'a1', credits: 9 },
      { date: '2025-03-10', appId: 'a1', credits: 6 },
      { date: '2025-03-10', appId: null, credits: 3 },
    ],
  });
  const session = await restoredSession(api, memoryStorage());
  const toasts = new ToastStore(manualTimers());
  const visited: string[] = [];
  const store = new EarningsStore(
    api,
    session,
    toasts,
    () => plan,
    (url) => visited.push(url),
    () => TODAY,
  );
  return { api, store, toasts, visited };
}

describe('EarningsStore', () => {
  it('loads the earnings and draws every day of the period, one series per app that earned', async () => {
    const { api, store } = await setup();
    await store.load(7);
    expect(api.earned.asked).toEqual([7]);
    expect(store.state).toBe('ready');
    expect(store.apps.map((app) => app.name)).toEqual(['Poem Writer', 'Haiku']);
    expect(store.series).toEqual([
      { key: 'app_a1', name: 'Poem Writer' },
      { key: 'deleted', name: 'Deleted apps' },
    ]);
    expect(store.bars.map((bar) => bar.date)).toEqual(periodDays(7, TODAY));
    expect(store.bars.at(-1)).toEqual({ date: '2025-03-10', label: '10/3', app_a1: 6, deleted: 3 });
    expect(store.bars.at(-2)).toMatchObject({ app_a1: 0, deleted: 0 });
    expect(store.bars.at(-3)).toMatchObject({ app_a1: 9 });
    expect(store.missingForPayout).toBe(130);
  });

  it('saves a changed price of whole credits from 0 to 100 only', async () => {
    const { api, store, toasts } = await setup();
    await store.load();
    const [poem] = store.apps;
    expect(store.priceText(poem!)).toBe('3');
    expect(store.canSavePrice(poem!)).toBe(false);
    for (const bad of ['-1', '101', '2.5', 'three', '']) {
      store.setPrice(poem!, bad);
      expect(store.priceProblem(poem!)).toBe('Enter a whole number of credits from 0 to 100.');
      expect(store.canSavePrice(poem!)).toBe(false);
    }
    store.setPrice(poem!, '5');
    expect(store.canSavePrice(poem!)).toBe(true);
    await store.savePrice(poem!);
    expect(api.earned.prices).toEqual([{ appId: 'a1', creatorPrice: 5 }]);
    expect(store.apps[0]!.creatorPrice).toBe(5);
    expect(store.priceText(store.apps[0]!)).toBe('5');
    expect(toasts.toasts.at(-1)?.message).toBe('Poem Writer now earns you 5 credits a run.');
  });

  it('on Free shows the lock naming the plan, and allows only clearing a price', async () => {
    const { store } = await setup('free');
    await store.load();
    expect(store.lockedMessage).toBe(
      'Creator earnings come with the Starter plan and up; your plan is Free. Upgrade to use them.',
    );
    const [poem] = store.apps;
    store.setPrice(poem!, '4');
    expect(store.canSavePrice(poem!)).toBe(false);
    store.setPrice(poem!, '0');
    expect(store.canSavePrice(poem!)).toBe(true);
  });

  it('sends the person to Stripe to set up payouts, checks the account, and pays out', async () => {
    const { api, store, toasts, visited } = await setup();
    api.earned.answer.balance = 300;
    await store.load();
    await store.startOnboarding();
    expect(visited).toEqual(['https://connect.stripe.com/setup/e/acct_1/abc']);
    // The button stays busy while the browser leaves for Stripe; back from it, the page is new.
    expect(store.payoutBusy).toBe('onboarding');
    store.clear();
    await store.load();
    expect(store.earnings?.payoutAccount.status).toBe('onboarding');
    api.earned.stripeAccount = 'enabled';
    await store.refreshAccount();
    expect(store.earnings?.payoutAccount).toMatchObject({ status: 'enabled', canPayOut: true });
    await store.payOut();
    expect(toasts.toasts.at(-1)?.message).toBe('$12.00 is on its way to your Stripe account.');
    expect(store.earnings).toMatchObject({ balance: 0, paidOut: 360 });
    expect(store.earnings?.payouts[0]).toMatchObject({ credits: 300, status: 'paid' });
  });

  it('says so when the page cannot be read or Stripe cannot be reached', async () => {
    const { api, store, toasts } = await setup();
    api.earned.failNext.earnings = new Error('offline');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.load();
    warn.mockRestore();
    expect(store.state).toBe('failed');
    await store.load();
    api.earned.failNext.startPayoutOnboarding = new ApiError('Stripe did not answer.', 'UNAVAILABLE');
    await store.startOnboarding();
    expect(toasts.toasts.at(-1)?.message).toBe('Stripe did not answer.');
    expect(store.payoutBusy).toBeNull();
  });
});

describe('runCostText', () => {
  it('says how much of a run goes to the creator', () => {
    expect(runCostText({ min: 5, max: 5 }, 3)).toBe('5 credit(s), 3 of them to the creator');
    expect(runCostText({ min: 4, max: 9 }, 2)).toBe('4–9 credit(s), 2 of them to the creator');
    expect(runCostText({ min: 2, max: 2 }, 0)).toBe('2 credit(s)');
  });
});

describe('a creator price in the runner’s credit usage', () => {
  it('is named as the creator’s price', () => {
    const row = usageRow(
      {
        _id: 'p',
        block_type: 'creator_price',
        action_type: 'published',
        timestamp: '2025-03-02T09:00:00.000Z',
        credits_used: 3,
      },
      blockNamesByHistoryType([]),
    );
    expect(row).toMatchObject({ block: 'Creator’s price', credits: '3 credit(s)', action: 'Published' });
  });
});
