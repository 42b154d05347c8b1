import { REFRESH_TICK_MS, SESSION_STORAGE_KEY, SessionStore, type LockManagerLike } from './session-store';
import { ADA, FakeApi, memoryStorage } from '../testing/fake-api';

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

describe('SessionStore with a Google (Firebase) sign-in', () => {
  function external(token: string | null) {
    const signedOut: string[] = [];
    return {
      signedOut,
      session: {
        fullName: 'Ada Lovelace',
        idToken: async () => token,
        signOut: async () => void signedOut.push('out'),
      },
    };
  }

  it('adopts the outside session: its ID token is the bearer, sign-out goes to the provider', async () => {
    const api = new FakeApi();
    api.tokenUsers.set('id-1', ADA);
    const storage = memoryStorage();
    const session = new SessionStore(api, storage, null);
    const google = external('id-1');
    await session.adoptExternal(google.session);
    expect(session.signedIn).toBe(true);
    expect(await session.accessToken()).toBe('id-1');
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!)).toEqual({ kind: 'firebase', user: ADA });
    expect(api.createdUsers).toEqual(['Ada Lovelace']);
    await session.signOut();
    expect(google.signedOut).toEqual(['out']);
    expect(api.calls).not.toContain('signOut');
    expect(session.signedIn).toBe(false);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('restores the provider session after a reload, or ends it when the provider has none', async () => {
    const marker = JSON.stringify({ kind: 'firebase', user: ADA });
    const api = new FakeApi();
    const restored = external('id-2');
    const tab = new SessionStore(api, memoryStorage({ [SESSION_STORAGE_KEY]: marker }), null, Date.now, {
      restore: async () => restored.session,
    });
    await tab.init();
    tab.dispose();
    expect(tab.signedIn).toBe(true);
    expect(await tab.accessToken()).toBe('id-2');
    expect(api.refreshes).toEqual([]);

    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: marker });
    const gone = new SessionStore(api, storage, null, Date.now, { restore: async () => null });
    await gone.init();
    gone.dispose();
    expect(await gone.accessToken()).toBeNull();
    expect(gone.signedIn).toBe(false);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('refuses an ID token the gateway does not know', async () => {
    const session = new SessionStore(new FakeApi(), memoryStorage(), null);
    await expect(session.adoptExternal(external('nobody').session)).rejects.toThrow(
      'No session found. Please try signing in again.',
    );
    expect(session.signedIn).toBe(false);
  });
});

describe('SessionStore lending a sign-in to an embed', () => {
  it('lends a fresh access token with its expiry and the person, never the refresh token', async () => {
    const api = new FakeApi();
    const storage = memoryStorage({ [SESSION_STORAGE_KEY]: stored(REFRESH_TICK_MS) });
    const session = new SessionStore(api, storage, null, () => NOW);
    await session.init();
    session.dispose();
    const lent = await session.lend();
    expect(lent).toEqual({ access_token: expect.any(String), expires_at: 4_000_000_000, user: ADA });
    expect(lent).not.toHaveProperty('refresh_token');
    expect(await new SessionStore(api, memoryStorage(), null).lend()).toBeNull();
  });

  it('uses a borrowed sign-in until it expires, stores nothing and never signs the lender out', async () => {
    let now = NOW;
    const api = new FakeApi();
    const storage = memoryStorage();
    const session = new SessionStore(api, storage, null, () => now);
    await session.init();
    session.dispose();
    session.borrow({ access_token: 'lent', expires_at: Math.floor(NOW / 1000) + 60, user: ADA });
    expect(session.signedIn).toBe(true);
    expect(session.displayName).toBe('Ada Lovelace');
    expect(await session.accessToken()).toBe('lent');
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    session.onStorageChanged();
    expect(session.signedIn).toBe(true);
    expect(api.calls).not.toContain('refreshSession');

    now += 61_000;
    expect(await session.accessToken()).toBeNull();
    expect(session.signedIn).toBe(false);

    session.borrow({ access_token: 'lent', expires_at: Math.floor(now / 1000) + 60, user: ADA });
    await session.signOut();
    expect(session.signedIn).toBe(false);
    expect(api.calls).not.toContain('signOut');
  });
});
