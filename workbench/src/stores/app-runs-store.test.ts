import { AppRunsStore } from './app-runs-store';
import { MyRunsStore } from './my-runs-store';
import { keptRun } from '../testing/run-history-fixtures';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { ToastStore } from './toast-store';

const GRACE = { id: 'user-grace', name: 'Grace Hopper' };

async function setup() {
  const api = new FakeApi();
  api.apps.set('app-1', {
    id: 'app-1',
    owner_id: ADA.id,
    name: 'Lighthouse writer',
    description: '',
    slug: 'lighthouse',
    category: 'Content',
    isPrivate: false,
    isPublished: true,
    upvotes: 0,
    views: 0,
    uses: 0,
    config: { plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
  });
  // 25 runs, newest first: every third failed; every other one from the store by Grace.
  api.runs = Array.from({ length: 25 }, (_, i) =>
    keptRun(
      `run-${i}`,
      {
        status: i % 3 === 0 ? 'failed' : 'succeeded',
        source: i % 2 === 0 ? 'builder' : 'store',
        runner: i % 2 === 0 ? { id: ADA.id, name: 'Ada Lovelace' } : GRACE,
        mine: i % 2 === 0,
        detailsHidden: i % 2 === 1,
      },
      59 - i,
    ),
  );
  const session = await restoredSession(api, memoryStorage());
  const toasts = new ToastStore(manualTimers());
  return { api, toasts, store: new AppRunsStore(api, session, toasts) };
}

describe('AppRunsStore', () => {
  it("lists the app's runs newest first, 20 a page, with who ran them and from where", async () => {
    const { store, api } = await setup();
    await store.open('app-1');
    expect(store.appName).toBe('Lighthouse writer');
    expect(store.rows).toHaveLength(20);
    expect(store.rows[0]).toMatchObject({
      id: 'run-0',
      statusLabel: 'Failed',
      intent: 'danger',
      who: 'You',
      source: 'Builder test',
      credits: '1 credit(s), refunded',
      duration: '1.5 s',
    });
    expect(store.rows[1]).toMatchObject({ who: 'Grace Hopper', source: 'Store page', detailsHidden: true });
    await store.pages.older();
    expect(store.rows.map((row) => row.id)).toEqual(['run-20', 'run-21', 'run-22', 'run-23', 'run-24']);
    expect(api.runQueries.at(-1)).toMatchObject({ limit: 20, cursor: 'run-19' });
  });

  it('narrows the list by status and source, from the newest page', async () => {
    const { store, api } = await setup();
    await store.open('app-1');
    await store.pages.older();
    store.setStatus('failed');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.pages.pageNumber).toBe(1);
    expect(store.rows.every((row) => row.status === 'failed')).toBe(true);
    expect(store.rows).toHaveLength(9);
    store.setSource('store');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.rows.map((row) => row.id)).toEqual(['run-3', 'run-9', 'run-15', 'run-21']);
    expect(api.runQueries.at(-1)).toMatchObject({
      cursor: null,
      filter: { status: 'failed', source: 'store' },
    });
    expect(store.filtered).toBe(true);
    store.clearFilters();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.rows).toHaveLength(20);
  });

  it('turns sharing of run details on, and says so', async () => {
    const { store, api, toasts } = await setup();
    await store.open('app-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.sharing).toBe(false);
    await store.setSharing(true);
    expect(store.sharing).toBe(true);
    expect(api.sharing.get('app-1')).toBe(true);
    expect(toasts.toasts[0]).toMatchObject({
      intent: 'success',
      message: 'Run details are shared from now on',
    });
  });

  it('deletes a run after asking', async () => {
    const { store, api, toasts } = await setup();
    await store.open('app-1');
    store.askDelete(store.pages.items[0]!);
    expect(store.deleting?.id).toBe('run-0');
    await store.confirmDelete();
    expect(api.runs.some((run) => run.id === 'run-0')).toBe(false);
    expect(store.rows[0]!.id).toBe('run-1');
    expect(toasts.toasts[0]).toMatchObject({ message: 'Run deleted' });
  });

  it("does not open another person's app", async () => {
    const { store, api } = await setup();
    api.apps.set('app-2', { ...api.apps.get('app-1')!, id: 'app-2', owner_id: GRACE.id });
    await store.open('app-2');
    expect(store.state).toBe('notFound');
    expect(api.calls).not.toContain('appRuns');
  });
});

describe('MyRunsStore', () => {
  it('lists the runs the person started, with the app each was of', async () => {
    const { api } = await setup();
    const store = new MyRunsStore(api);
    await store.open();
    expect(store.rows).toHaveLength(13);
    expect(store.rows.every((row) => row.who === 'You' && row.appName === 'Lighthouse writer')).toBe(true);
  });
});
