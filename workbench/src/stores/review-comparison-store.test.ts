import type { AppVersion } from '../api/blocksmith-api';
import { VerificationStore } from './admin-store';
import { comparisonRows } from './review-comparison-store';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { ToastStore } from './toast-store';

function version(number: number, changes: Partial<AppVersion> = {}): AppVersion {
  return {
    id: `app-1-v${number}`,
    appId: 'app-1',
    number,
    kind: 'save',
    summary: '',
    authorId: ADA.id,
    authorName: 'Ada Lovelace',
    createdAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
    isDraft: false,
    isLive: false,
    isInReview: false,
    name: 'Topic writer',
    description: 'Writes about a topic',
    category: 'Content',
    config: { plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
    changesFromLive: [],
    ...changes,
  };
}

async function setup() {
  const api = new FakeApi();
  api.meAnswer = { ...ADA, user_metadata: { full_name: 'Ada Lovelace', isAdmin: true } };
  const session = await restoredSession(api, memoryStorage());
  const store = new VerificationStore(api, session, new ToastStore(manualTimers()));
  const live = version(2, { isLive: true });
  const submitted = version(4, {
    isInReview: true,
    isDraft: true,
    name: 'Topic writer Pro',
    category: 'Marketing',
    config: {
      plugins: [{ id: 'p1', type: 'textInput', position: { x: 0, y: 0 }, settings: {} }],
      connections: [],
      canvas: { zoom: 1, pan: { x: 0, y: 0 } },
    },
    changesFromLive: [
      'Renamed "Topic writer" to "Topic writer Pro"',
      'Category Content to Marketing',
      'Added textInput',
    ],
  });
  api.versions.set('app-1', [version(1), live, version(3), submitted]);
  const app = {
    id: 'app-1',
    name: 'Topic writer',
    description: 'Writes about a topic',
    slug: 'topic-writer',
    category: 'Content' as const,
    isPrivate: false,
    isPublished: true,
    upvotes: 0,
    views: 0,
    uses: 0,
    config: live.config,
    verificationStatus: 'pending' as const,
    liveVersionId: live.id,
    submittedVersionId: submitted.id,
  };
  return { api, store, app };
}

async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('ReviewComparisonStore', () => {
  it('shows the submitted version beside the live one, with what changed', async () => {
    const { store, app, api } = await setup();
    store.openReview(app);
    expect(store.comparison.loading).toBe(true);
    await settle();
    const { comparison } = store;
    expect(api.calls).not.toContain('appVersions'); // the app names both versions
    expect(comparison.submitted?.number).toBe(4);
    expect(comparison.live?.number).toBe(2);
    expect(comparison.changes).toEqual([
      'Renamed "Topic writer" to "Topic writer Pro"',
      'Category Content to Marketing',
      'Added textInput',
    ]);
    expect(comparison.rows.map((row) => [row.field, row.live, row.submitted, row.changed])).toEqual([
      ['name', 'Topic writer', 'Topic writer Pro', true],
      ['description', 'Writes about a topic', 'Writes about a topic', false],
      ['category', 'Content', 'Marketing', true],
      ['blocks', '0', '1', true],
    ]);
    store.closeReview();
    expect(comparison.submitted).toBeNull();
  });

  it('finds the versions in the history when the app does not name them', async () => {
    const { store, app, api } = await setup();
    store.openReview({ ...app, liveVersionId: null, submittedVersionId: null });
    await settle();
    expect(api.calls).toContain('appVersions');
    expect(store.comparison.submitted?.number).toBe(4);
    expect(store.comparison.live?.number).toBe(2);
  });

  it('a first publication has nothing live: every row is new', async () => {
    const { store, app, api } = await setup();
    api.versions.set('app-1', [
      version(1, { isInReview: true, changesFromLive: ['First version: 0 blocks'] }),
    ]);
    store.openReview({ ...app, liveVersionId: null, submittedVersionId: 'app-1-v1' });
    await settle();
    expect(store.comparison.live).toBeNull();
    expect(store.comparison.rows.every((row) => row.live === null && row.changed)).toBe(true);
    expect(comparisonRows(version(1), null)[0]).toMatchObject({ label: 'Name', live: null });
  });

  it('says when nothing waits for review, and when the versions cannot be read', async () => {
    const { store, app, api } = await setup();
    api.versions.set('app-1', [version(1)]);
    store.openReview({ ...app, liveVersionId: null, submittedVersionId: null });
    await settle();
    expect(store.comparison.missing).toBe(true);

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.failNext.appVersion = new Error('Version not found.');
    store.closeReview();
    store.openReview(app);
    await settle();
    expect(store.comparison.error).toBe('The versions could not be loaded.');
    warn.mockRestore();
  });
});
