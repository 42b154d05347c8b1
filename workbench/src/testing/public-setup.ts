/* Fixtures for the public pages' store tests (not used by the app). */
import { emptyConfig, type App } from '@blocksmith/schema';
import { Tracker } from '../analytics/tracker';
import type { KeyValueStorage } from '../stores/session-store';
import { FakeApi, manualTimers, memoryStorage, restoredSession } from './fake-api';
import { ToastStore } from '../stores/toast-store';

export const BOB_ID = 'user-bob';

/** A store app with sensible defaults. */
export function storeApp(overrides: Partial<App> & { id: string; name: string }): App {
  return {
    description: '',
    slug: overrides.id,
    category: 'Other',
    isPrivate: false,
    isPublished: true,
    owner_id: BOB_ID,
    upvotes: 0,
    views: 0,
    uses: 0,
    config: emptyConfig(),
    verificationStatus: 'approved',
    reviewNotes: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The fake API, a session (signed in as Ada unless told otherwise), toasts and a tracker. */
export async function publicTestSetup(options: { signedIn?: boolean; storage?: KeyValueStorage } = {}) {
  const api = new FakeApi();
  const storage = options.storage ?? memoryStorage();
  const session = await restoredSession(api, storage, options.signedIn ?? true);
  const timers = manualTimers();
  const toasts = new ToastStore(timers);
  const analytics = new Tracker((name, props) => api.trackEvent(name, props));
  return { api, storage, session, timers, toasts, analytics };
}
