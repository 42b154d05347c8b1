import type { AppAnalytics } from '../api/blocksmith-api';
import { appStatusLabel, DEFAULT_ANALYTICS_PERIOD, MyAppsStore } from './my-apps-store';
import { publicTestSetup } from '../testing/public-setup';

function entry(overrides: Partial<AppAnalytics> & { id: string }): AppAnalytics {
  return {
    name: overrides.id,
    isPublished: true,
    isPrivate: false,
    category: 'Other',
    createdAt: '2025-01-01T00:00:00.000Z',
    views: 0,
    runs: 0,
    upvotes: 0,
    ...overrides,
  };
}

async function setup() {
  const { api } = await publicTestSetup();
  api.analytics['7d'] = {
    period: '7d',
    level: 'basic',
    appId: null,
    apps: [
      entry({ id: 'a', views: 100, runs: 1, upvotes: 0 }), // 21
      entry({ id: 'b', views: 10, runs: 5, upvotes: 4 }), // 15
      entry({ id: 'c', views: 0, runs: 22, upvotes: 0 }), // 22: top
      entry({ id: 'draft', isPublished: false, views: 0, runs: 900, upvotes: 0 }),
    ],
    history: [
      { date: '2025-03-01', runs: 2, views: null },
      { date: '2025-03-02', runs: 0, views: null },
    ],
    totals: { views: 110, runs: 928, upvotes: 4 },
  };
  api.analytics['30d'] = { ...api.analytics['7d'], period: '30d', apps: [entry({ id: 'x', runs: 1 })] };
  const store = new MyAppsStore(api);
  return { api, store };
}

describe('MyAppsStore', () => {
  it('opens on the last 7 days', async () => {
    const { store, api } = await setup();
    expect(DEFAULT_ANALYTICS_PERIOD).toBe('7d');
    await store.load();
    expect(api.calls).toEqual(['myAppsAnalytics']);
    expect(store.data?.period).toBe('7d');
  });

  it('sums views, runs and upvotes over the apps', async () => {
    const { store } = await setup();
    await store.load();
    expect(store.totals).toEqual({ views: 110, runs: 928, upvotes: 4 });
  });

  it("lists published apps only, the 'Top App' (runs x1 + upvotes x2 + views x0.2) first", async () => {
    const { store } = await setup();
    await store.load();
    expect(store.ranked.topAppId).toBe('c');
    expect(store.ranked.apps.map((app) => app.id)).toEqual(['c', 'a', 'b']);
  });

  it('labels apps Private, Published or Draft', () => {
    expect(appStatusLabel({ isPrivate: true, isPublished: true })).toBe('Private');
    expect(appStatusLabel({ isPrivate: false, isPublished: true })).toBe('Published');
    expect(appStatusLabel({ isPrivate: false, isPublished: false })).toBe('Draft');
  });

  it('turns the history into chart bars with short day labels', async () => {
    const { store } = await setup();
    await store.load();
    expect(store.history).toEqual([
      { date: '2025-03-01', label: 'Mar 1', runs: 2 },
      { date: '2025-03-02', label: 'Mar 2', runs: 0 },
    ]);
  });

  it('switches to the last 30 days', async () => {
    const { store } = await setup();
    await store.load();
    store.setPeriod('30d');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.period).toBe('30d');
    expect(store.ranked.apps.map((app) => app.id)).toEqual(['x']);
  });

  it('says, in the server’s words, what a plan’s analytics leave out', async () => {
    const { store, api } = await setup();
    expect(store.lockedMessage('analytics')).toBe('');
    api.analytics['7d'] = { ...api.analytics['7d'], level: 'none', history: [] };
    await store.load();
    expect(store.lockedMessage('analytics')).toBe(
      'Analytics come with the Starter plan and up; your plan is Free. Upgrade to use them.',
    );
    api.analytics['7d'] = { ...api.analytics['7d'], level: 'basic' };
    await store.load();
    expect(store.lockedMessage('analytics')).toBe('');
    expect(store.lockedMessage('advancedAnalytics')).toBe(
      'Views per day and per-app analytics come with the Enterprise plan and up; your plan is Starter. Upgrade to use them.',
    );
  });

  it('on advanced analytics, charts views too and asks for one app’s history', async () => {
    const { store, api } = await setup();
    api.analytics['7d'] = {
      ...api.analytics['7d'],
      level: 'advanced',
      history: [{ date: '2025-03-01', runs: 2, views: 9 }],
    };
    await store.load();
    expect(store.lockedMessage('advancedAnalytics')).toBe('');
    expect(store.history).toEqual([{ date: '2025-03-01', label: 'Mar 1', runs: 2, views: 9 }]);
    store.setAppId('b');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.analyticsAsked.at(-1)).toEqual({ period: '7d', appId: 'b' });
    expect(store.data?.appId).toBe('b');
    store.setPeriod('30d');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.analyticsAsked.at(-1)).toEqual({ period: '30d', appId: 'b' });
  });

  it('keeps the error message of a failed load', async () => {
    const { store, api } = await setup();
    api.failNext.myAppsAnalytics = new Error('Not signed in.');
    await store.load();
    expect(store.error).toBe('Not signed in.');
    expect(store.loading).toBe(false);
  });
});
