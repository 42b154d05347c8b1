import { REFRESH_TICK_MS, SESSION_STORAGE_KEY, SessionStore, type LockManagerLike } from './session-store';
import { ADA, FakeApi, memoryStorage } from './test-support';

/** A lock like navigator.locks: callers run one at a time, in order. */
function fakeLocks(): LockManagerLike {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

const NOW = 1_700_000_000_000;
const stored = (expiresInMs: number, refresh = 'r1') =>
  JSON.stringify({
    access_token: 'a1',
    refresh_token: refresh,
    expires_at: Math.floor((NOW + expiresInMs) / 1000),
    user: ADA,
  });

describe('SessionStore', () => {
  it('signs in, keeps the session in storage and signs out', async () => {
    const storage = memoryStorage();
    const session = new SessionStore(new FakeApi(), storage, null);
    await session.signIn(' ada@example.com ', 'pw');
    expect(session.signedIn).toBe(true);
    expect(session.initials).toBe('AL');
    expect(session.displayName).toBe('Ada Lovelace');
    expect(storage.getItem(SESSION_STORAGE_KEY)).toContain('a1');
    await session.signOut();
    expect(session.signedIn).toBe(false);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('refreshes a token that expires within three ticks', async () => {
    const api = new FakeApi();
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: stored(2 * REFRESH_TICK_MS) });
    const session = new SessionStore(api, storage, fakeLocks(), () => NOW);
    await session.init();
    session.dispose();
    expect(api.refreshes).toEqual(['r1']);
    expect(await session.accessToken()).toBe('a2');
  });

  it('two tabs refreshing at once spend the refresh token only once', async () => {
    const api = new FakeApi();
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: stored(10_000) });
    const locks = fakeLocks();
    const tabA = new SessionStore(api, storage, locks, () => NOW);
    const tabB = new SessionStore(api, storage, locks, () => NOW);
    tabA.onStorageChanged();
    tabB.onStorageChanged();
    const [a, b] = await Promise.all([tabA.accessToken(), tabB.accessToken()]);
    expect(api.refreshes).toEqual(['r1']);
    expect(a).toBe('a2');
    expect(b).toBe('a2');
    expect(tabB.signedIn).toBe(true);
  });

  it('a damaged stored session counts as signed out', async () => {
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: '{oops' });
    const session = new SessionStore(new FakeApi(), storage, null);
    await session.init();
    session.dispose();
    expect(session.checked).toBe(true);
    expect(session.signedIn).toBe(false);
  });
});
