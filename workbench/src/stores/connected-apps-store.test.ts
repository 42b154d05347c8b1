import type { ConnectedApp } from '../api/connected-apps';
import { FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { ConnectedAppsStore, parseDailyLimit } from './connected-apps-store';
import { ToastStore } from './toast-store';

const CLAUDE: ConnectedApp = {
  id: 'c1',
  clientId: 'client-1',
  name: 'Claude',
  redirectHost: 'claude.ai',
  connectedAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  dailyCreditLimit: 20,
  spentToday: 3,
  spentTotal: 40,
};

async function setup(signedIn = true) {
  const api = new FakeApi();
  api.connectedApps.apps = [CLAUDE];
  const session = await restoredSession(api, memoryStorage(), signedIn);
  const toasts = new ToastStore(manualTimers());
  return { api, store: new ConnectedAppsStore(api.connectedApps, session, toasts), toasts };
}

describe('parseDailyLimit', () => {
  it('reads whole credits from 0 to 1,000,000 and nothing else', () => {
    expect(parseDailyLimit('0')).toBe(0);
    expect(parseDailyLimit(' 1,000 ')).toBe(1000);
    expect(parseDailyLimit('1000000')).toBe(1_000_000);
    for (const bad of ['', '-1', '2.5', 'ten', '1000001', '1e3']) expect(parseDailyLimit(bad)).toBeNull();
  });
});

describe('ConnectedAppsStore', () => {
  it('lists the connected apps; nothing is asked of a visitor', async () => {
    const { store } = await setup();
    await store.load();
    expect(store.state).toBe('ready');
    expect(store.apps.map((app) => app.name)).toEqual(['Claude']);
    const visitor = await setup(false);
    await visitor.store.load();
    expect(visitor.store.state).toBe('idle');
  });

  it('saves a typed daily limit only when it is a new, valid one', async () => {
    const { api, store, toasts } = await setup();
    await store.load();
    const app = store.apps[0]!;
    expect(store.limitText(app)).toBe('20');
    expect(store.canSave(app)).toBe(false);
    store.setDraft(app.id, '2.5');
    expect(store.limitInvalid(app)).toBe(true);
    expect(store.canSave(app)).toBe(false);
    store.setDraft(app.id, '50');
    expect(store.canSave(app)).toBe(true);
    await store.saveLimit(app);
    expect(api.connectedApps.apps[0]!.dailyCreditLimit).toBe(50);
    expect(store.apps[0]!.dailyCreditLimit).toBe(50);
    expect(store.limitText(store.apps[0]!)).toBe('50');
    expect(toasts.toasts.at(-1)?.message).toBe('Claude may now spend 50 credits a day.');
  });

  it('disconnects after the confirmation', async () => {
    const { api, store } = await setup();
    await store.load();
    store.askRevoke(store.apps[0]!);
    expect(store.revoking?.name).toBe('Claude');
    await store.revoke();
    expect(store.apps).toEqual([]);
    expect(api.connectedApps.apps).toEqual([]);
    expect(store.revoking).toBeNull();
  });
});
