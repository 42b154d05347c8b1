import type { App } from '@blocksmith/schema';
import { ApiError } from '../api/blocksmith-api';
import {
  AdminAnalyticsStore,
  AdminGate,
  DEFAULT_ANALYTICS_RANGE,
  groupEventCounts,
  VerificationStore,
} from './admin-store';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { ToastStore } from './toast-store';

const ADMIN = { ...ADA, user_metadata: { full_name: 'Ada Lovelace', isAdmin: true } };

async function setup({ signedIn = true, admin = true } = {}) {
  const api = new FakeApi();
  api.meAnswer = admin ? ADMIN : ADA;
  const session = await restoredSession(api, memoryStorage(), signedIn);
  const toasts = new ToastStore(manualTimers());
  return { api, session, toasts };
}

function app(id: string, name: string, category: App['category']): App {
  return {
    id,
    name,
    description: `${name} does things`,
    slug: id,
    category,
    isPrivate: false,
    isPublished: true,
    verificationStatus: 'pending',
    config: { plugins: [], connections: [] } as unknown as App['config'],
  } as App;
}

describe('AdminGate', () => {
  it("follows the gateway's isAdmin answer", async () => {
    const admin = await setup();
    expect(await new AdminGate(admin.api, admin.session).check()).toBe('admin');
    const creator = await setup({ admin: false });
    expect(await new AdminGate(creator.api, creator.session).check()).toBe('denied');
  });

  it('signed out is refused without asking; FORBIDDEN is refused; other failures are errors', async () => {
    const visitor = await setup({ signedIn: false });
    expect(await new AdminGate(visitor.api, visitor.session).check()).toBe('signed-out');
    expect(visitor.api.calls).not.toContain('me');
    const { api, session } = await setup();
    api.failNext.me = new ApiError('Admins only.', 'FORBIDDEN');
    expect(await new AdminGate(api, session).check()).toBe('denied');
    api.failNext.me = new Error('Network down');
    expect(await new AdminGate(api, session).check()).toBe('error');
  });

  it('shows checking while the answer is awaited', async () => {
    const { api, session } = await setup();
    const gate = new AdminGate(api, session);
    const checking = gate.check();
    expect(gate.access).toBe('checking');
    await checking;
    expect(gate.access).toBe('admin');
  });
});

describe('AdminAnalyticsStore', () => {
  it('loads the 30-day range by default, for admins only', async () => {
    const { api, session } = await setup();
    const store = new AdminAnalyticsStore(api, session);
    expect(store.range).toBe('30d');
    expect(DEFAULT_ANALYTICS_RANGE).toBe('30d');
    await store.open();
    expect(api.summaries).toEqual(['30d']);
    expect(store.groups.map((group) => group.kind)).toEqual(['Accounts', 'Apps', 'Runs', 'Errors']);
    await store.setRange('1d');
    expect(api.summaries).toEqual(['30d', '1d']);

    const other = await setup({ admin: false });
    const refused = new AdminAnalyticsStore(other.api, other.session);
    await refused.open();
    expect(refused.gate.access).toBe('denied');
    expect(other.api.summaries).toEqual([]);
  });

  it('says when it failed, when it was refused, and when there is no data', async () => {
    const { api, session } = await setup();
    const store = new AdminAnalyticsStore(api, session);
    await store.open();
    api.failNext.analyticsSummary = new Error('boom');
    await store.setRange('7d');
    expect(store.error).toBe('Failed to fetch analytics');
    api.failNext.analyticsSummary = new ApiError('Admins only.', 'FORBIDDEN');
    await store.load();
    expect(store.gate.access).toBe('denied');
    api.summary = { range: 'all', raw: {}, recent: [] };
    await store.load();
    expect(store.empty).toBe(true);
  });

  it('groups counts by kind, biggest first, unknown names under Other', () => {
    expect(
      groupEventCounts({
        app_viewed: 2,
        app_published: 5,
        weird: 1,
        validation_error: 3,
        start_building_with_ai: 4,
      }),
    ).toEqual([
      {
        kind: 'Apps',
        total: 7,
        events: [
          { name: 'app_published', count: 5 },
          { name: 'app_viewed', count: 2 },
        ],
      },
      { kind: 'Building', total: 4, events: [{ name: 'start_building_with_ai', count: 4 }] },
      { kind: 'Errors', total: 3, events: [{ name: 'validation_error', count: 3 }] },
      { kind: 'Other', total: 1, events: [{ name: 'weird', count: 1 }] },
    ]);
  });
});

describe('VerificationStore', () => {
  async function opened() {
    const context = await setup();
    context.api.pending = [app('a1', 'Poem writer', 'Content'), app('a2', 'Tax helper', 'Business')];
    context.api.statusCounts = { pending: 2, approved: 4, rejected: 1 };
    const store = new VerificationStore(context.api, context.session, context.toasts);
    await store.open();
    return { ...context, store };
  }

  it('lists pending apps with counts and category filter tabs', async () => {
    const { store } = await opened();
    expect(store.counts).toEqual({ pending: 2, approved: 4, rejected: 1 });
    expect(store.tabs.map((tab) => `${tab.label} ${tab.count}`)).toEqual([
      'All 2',
      'Business 1',
      'Content 1',
    ]);
    store.setFilter('Content');
    expect(store.visible.map((candidate) => candidate.name)).toEqual(['Poem writer']);
  });

  it('rejecting needs review notes', async () => {
    const { api, store, toasts } = await opened();
    store.openReview(api.pending[0]!);
    expect(store.canReject).toBe(false);
    expect(await store.review('rejected')).toBe(false);
    expect(api.reviews).toEqual([]);
    expect(toasts.toasts[0]).toMatchObject({
      title: 'Review Notes Required',
      message: 'Please provide review notes when rejecting an app.',
    });
    store.setNotes('   ');
    expect(store.canReject).toBe(false);
    store.setNotes('Please describe what it does.');
    expect(store.canReject).toBe(true);
    expect(await store.review('rejected')).toBe(true);
    expect(api.reviews).toEqual([
      { id: 'a1', status: 'rejected', reviewNotes: 'Please describe what it does.' },
    ]);
    expect(toasts.toasts[0]?.title).toBe('App Rejected');
    expect(store.reviewing).toBeNull();
    expect(store.pending.map((candidate) => candidate.id)).toEqual(['a2']);
  });

  it('approves without notes', async () => {
    const { api, store, toasts } = await opened();
    store.setFilter('Business');
    store.openReview(api.pending[1]!);
    expect(await store.review('approved')).toBe(true);
    expect(api.reviews).toEqual([{ id: 'a2', status: 'approved', reviewNotes: null }]);
    expect(toasts.toasts[0]?.title).toBe('App Approved');
    expect(store.filter).toBe('all');
  });

  it("a failed review says 'Review Failed'; a failed list says why", async () => {
    const { api, store, toasts } = await opened();
    store.openReview(api.pending[0]!);
    api.failNext.reviewApp = new Error('');
    expect(await store.review('approved')).toBe(false);
    expect(toasts.toasts[0]).toMatchObject({ title: 'Review Failed', message: 'Failed to review app' });
    expect(store.reviewing).not.toBeNull();
    api.failNext.pendingApps = new ApiError('Admins only.', 'FORBIDDEN');
    await store.load();
    expect(store.error).toBe('Failed to fetch pending apps: FORBIDDEN');
    expect(store.gate.access).toBe('denied');
  });

  it('non-admins are refused without listing', async () => {
    const { api, session, toasts } = await setup({ admin: false });
    const store = new VerificationStore(api, session, toasts);
    await store.open();
    expect(store.gate.access).toBe('denied');
    expect(api.calls).not.toContain('pendingApps');
  });
});
