import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage, type AuthUser, type BlocksmithApi, type Session } from '../api/blocksmith-api';
import type { LentSession } from './embed-messages';

export const SESSION_STORAGE_KEY = 'blocksmith-session';
export const AUTH_LOCK_NAME = 'blocksmith-auth';
/** The auth service's auto-refresh tick, and how many ticks before expiry a token is refreshed. */
export const REFRESH_TICK_MS = 30_000;
export const REFRESH_TICKS_BEFORE_EXPIRY = 3;
const NO_SESSION = 'No session found. Please try signing in again.';

/** A session of the gateway's own accounts: its tokens are refreshed here. */
interface LocalSession extends Session {
  kind?: 'local';
  user: AuthUser;
}

/** A sign-in kept by an outside provider (Firebase), which stores and refreshes its own tokens. */
interface ExternalMarker {
  kind: 'firebase';
  user: AuthUser;
}

/**
 * A sign-in another window of the product lent to this one (an embed's sign-in window): its
 * access token only, kept in memory, never refreshed, never stored, ended by its expiry.
 */
interface BorrowedSession extends LentSession {
  kind: 'borrowed';
}

type StoredSession = LocalSession | ExternalMarker;
type HeldSession = StoredSession | BorrowedSession;

/** A live sign-in of an outside provider (Firebase): its ID token is the gateway's bearer token. */
export interface ExternalSession {
  /** The name the provider knows, for the user record. */
  readonly fullName?: string | null;
  /** A valid ID token, refreshed by the provider when needed; null once the provider signed out. */
  idToken(): Promise<string | null>;
  signOut(): Promise<void>;
}

/** Brings an outside sign-in back after a reload or in another tab (loads the provider's SDK). */
export interface ExternalSessionSource {
  restore(): Promise<ExternalSession | null>;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The part of `navigator.locks` the session needs; absent in old browsers and in tests. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function readStored(storage: KeyValueStorage): StoredSession | null {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Omit<Partial<LocalSession>, 'kind'> & { kind?: string };
    if (parsed.kind === 'firebase') {
      return parsed.user && typeof parsed.user.id === 'string'
        ? { kind: 'firebase', user: parsed.user }
        : null;
    }
    if (
      typeof parsed.access_token === 'string' &&
      typeof parsed.refresh_token === 'string' &&
      typeof parsed.expires_at === 'number' &&
      parsed.user &&
      typeof parsed.user.id === 'string'
    ) {
      return parsed as LocalSession;
    }
  } catch {
    // A damaged entry is the same as none.
  }
  return null;
}

/**
 * Who is signed in. The session lives in local storage so tabs share it; a refresh happens under
 * the 'blocksmith-auth' lock and re-reads the stored session first, so two tabs refreshing at once
 * never spend the same refresh token twice (which would sign both out).
 */
export class SessionStore {
  user: AuthUser | null = null;
  /** The authentication check has finished (publishing waits for it). */
  checked = false;
  private session: HeldSession | null = null;
  /** The outside sign-in of a 'firebase' session, restored on first use. */
  private external: Promise<ExternalSession | null> | null = null;
  private refreshing: Promise<void> | null = null;
  private tick: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly storage: KeyValueStorage,
    private readonly locks: LockManagerLike | null,
    private readonly now: () => number = Date.now,
    private readonly externalSource: ExternalSessionSource | null = null,
  ) {
    makeObservable<SessionStore, 'adopt'>(this, {
      user: observableRef,
      checked: observable,
      signedIn: computed,
      displayName: computed,
      initials: computed,
      adopt: action,
      init: action,
      borrow: action,
    });
  }

  get signedIn(): boolean {
    return this.user !== null;
  }

  get displayName(): string {
    if (!this.user) return '';
    return this.user.user_metadata.full_name.trim() || this.user.email;
  }

  get initials(): string {
    const name = this.displayName;
    const words = name.includes('@') ? [name] : name.split(/\s+/).filter(Boolean);
    const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!].map((w) => w[0]) : [name[0]];
    return letters.join('').toUpperCase();
  }

  /** Reads the stored session, refreshes it if it is near expiry and starts the refresh tick. */
  async init(): Promise<void> {
    this.adopt(readStored(this.storage));
    if (this.session && this.expiresSoon()) {
      try {
        await this.refresh();
      } catch (error) {
        console.warn('The session could not be refreshed.', error);
      }
    }
    runInAction(() => {
      this.checked = true;
    });
    this.startTick();
  }

  dispose(): void {
    if (this.tick !== null) clearInterval(this.tick);
    this.tick = null;
  }

  /** Another tab changed the stored session. */
  onStorageChanged(): void {
    const stored = readStored(this.storage);
    // A borrowed sign-in stays until another one is stored.
    if (this.session?.kind === 'borrowed' && stored === null) return;
    this.adopt(stored);
  }

  /** Takes a sign-in lent by another window of the product (see `lend`), in memory only. */
  borrow(lent: LentSession): void {
    this.adopt({
      kind: 'borrowed',
      access_token: lent.access_token,
      expires_at: lent.expires_at,
      user: lent.user,
    });
  }

  /**
   * What this window may lend to an embed: a valid access token (refreshed first when needed),
   * its expiry and the person; null when nobody is signed in.
   */
  async lend(): Promise<LentSession | null> {
    const token = await this.accessToken();
    const user = this.user;
    if (!token || !user) return null;
    const held = this.session;
    const expiresAt =
      held && held.kind !== 'firebase' ? held.expires_at : (tokenExpiry(token) ?? this.now() / 1000 + 300);
    return { access_token: token, expires_at: Math.floor(expiresAt), user };
  }

  async signIn(email: string, password: string): Promise<void> {
    const result = await this.api.signIn(email.trim(), password);
    if (!result.session) throw new Error('Please confirm your e-mail address before signing in.');
    this.save(result.session, result.user);
    await this.createUserRecord(null);
  }

  /**
   * Signs up. `signedIn` is false when the address must be confirmed before a session is given;
   * `confirmationMailSent` tells of a confirmation mail sent all the same (an address listed in
   * ADMIN_EMAILS, whose admin rights wait for it).
   */
  async signUp(
    email: string,
    password: string,
    fullName: string,
  ): Promise<{ signedIn: boolean; confirmationMailSent: boolean }> {
    const result = await this.api.signUp(email.trim(), password, fullName);
    if (!result.session) return { signedIn: false, confirmationMailSent: true };
    this.save(result.session, result.user);
    await this.createUserRecord(fullName);
    return { signedIn: true, confirmationMailSent: result.confirmationMailSent === true };
  }

  /**
   * Takes over an outside sign-in (Google through Firebase): the gateway is asked who its ID token
   * belongs to, which also creates the account's record there on first sight.
   */
  async adoptExternal(external: ExternalSession): Promise<AuthUser> {
    const token = await external.idToken();
    if (!token) throw new Error(NO_SESSION);
    const user = await this.api.meWithToken(token);
    if (!user) throw new Error(NO_SESSION);
    this.external = Promise.resolve(external);
    const stored: ExternalMarker = { kind: 'firebase', user };
    this.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
    this.adopt(stored);
    await this.createUserRecord(external.fullName ?? null);
    return user;
  }

  /** After any sign-in the person's user record is made once; a failure here changes nothing. */
  private async createUserRecord(fullName: string | null): Promise<void> {
    const name = fullName?.trim() ? fullName.trim() : null;
    try {
      await this.api.createUser(name);
    } catch (error) {
      console.warn('The user record could not be created.', errorMessage(error, ''));
    }
  }

  async signOut(): Promise<void> {
    try {
      if (this.session?.kind === 'firebase') await (await this.externalSession())?.signOut();
      // A borrowed sign-in belongs to the window that lent it: it is only forgotten here.
      else if (this.session && this.session.kind !== 'borrowed') await this.api.signOut();
    } catch (error) {
      console.warn(
        'Signing out on the server failed; the session is dropped here anyway.',
        errorMessage(error, ''),
      );
    }
    this.storage.removeItem(SESSION_STORAGE_KEY);
    this.external = null;
    this.adopt(null);
  }

  /** The access token for a request, refreshed first when it expires within three ticks. */
  async accessToken(): Promise<string | null> {
    if (!this.session) return null;
    if (this.session.kind === 'firebase') {
      const external = await this.externalSession();
      return (await external?.idToken().catch(() => null)) ?? null;
    }
    if (this.session.kind === 'borrowed') {
      if (this.session.expires_at * 1000 > this.now()) return this.session.access_token;
      this.adopt(null);
      return null;
    }
    if (this.expiresSoon()) {
      try {
        await this.refresh();
      } catch (error) {
        console.warn('The session could not be refreshed.', error);
      }
    }
    return this.localAccessToken();
  }

  private localAccessToken(): string | null {
    return this.session && this.session.kind !== 'firebase' ? this.session.access_token : null;
  }

  /** The outside sign-in behind a 'firebase' session; when the provider has none, the session ends. */
  private externalSession(): Promise<ExternalSession | null> {
    this.external ??= (async () => {
      let external: ExternalSession | null = null;
      try {
        external = this.externalSource ? await this.externalSource.restore() : null;
      } catch (error) {
        console.warn('The Google sign-in could not be restored.', errorMessage(error, ''));
      }
      if (!external && this.session?.kind === 'firebase') {
        this.storage.removeItem(SESSION_STORAGE_KEY);
        this.adopt(null);
      }
      return external;
    })();
    return this.external;
  }

  /** Refreshes once, however many callers ask at the same time. */
  refresh(): Promise<void> {
    this.refreshing ??= this.refreshUnderLock().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshUnderLock(): Promise<void> {
    if (this.session?.kind === 'borrowed') return;
    const work = async (): Promise<void> => {
      const stored = readStored(this.storage);
      if (!stored || stored.kind === 'firebase') {
        this.adopt(stored);
        return;
      }
      // Another tab may have refreshed while this one waited for the lock: then its session is fresh.
      this.adopt(stored);
      if (!this.expiresSoon(stored)) return;
      try {
        const session = await this.api.refreshSession(stored.refresh_token);
        this.save(session, stored.user);
      } catch (error) {
        // The refresh token is spent or revoked: the session is over.
        if (this.expired(stored)) {
          this.storage.removeItem(SESSION_STORAGE_KEY);
          this.adopt(null);
        }
        throw error;
      }
    };
    if (this.locks) await this.locks.request(AUTH_LOCK_NAME, work);
    else await work();
  }

  private save(session: Session, user: AuthUser): void {
    const stored: LocalSession = {
      access_token: session.access_token,
      refresh_token: session.refresh_token,
      expires_at: session.expires_at,
      user,
    };
    this.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
    this.adopt(stored);
  }

  private adopt(stored: HeldSession | null): void {
    if (stored?.kind !== 'firebase') this.external = null;
    this.session = stored;
    if (stored === null) this.user = null;
    else if (this.user?.id !== stored.user.id || this.user.email !== stored.user.email)
      this.user = stored.user;
  }

  private expiresSoon(session: HeldSession | null = this.session): boolean {
    if (!session || session.kind === 'firebase' || session.kind === 'borrowed') return false;
    return session.expires_at * 1000 - this.now() < REFRESH_TICK_MS * REFRESH_TICKS_BEFORE_EXPIRY;
  }

  private expired(session: LocalSession): boolean {
    return session.expires_at * 1000 <= this.now();
  }

  private startTick(): void {
    if (this.tick !== null || typeof setInterval === 'undefined') return;
    this.tick = setInterval(() => {
      if (this.expiresSoon()) void this.refresh().catch(() => undefined);
    }, REFRESH_TICK_MS);
  }
}

/** The `exp` claim (Unix seconds) of a JWT, or null when it has none that can be read. */
function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}
