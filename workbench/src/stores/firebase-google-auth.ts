import type { Auth, User } from 'firebase/auth';
import type { BlocksmithApi, FirebaseWebConfig } from '../api/blocksmith-api';
import type { ExternalSession, ExternalSessionSource } from './session-store';

/** Where Google sends the person back to (the OAuth callback page). */
export const AUTH_CALLBACK_PATH = '/auth/callback';

/** Google sign-in as the pages see it; the Firebase implementation is below, tests use a fake. */
export interface GoogleSignIn {
  /** Whether this server offers Google sign-in (it sends a Firebase web config). */
  available(): Promise<boolean>;
  /** Leaves for Google's consent page; Google comes back to /auth/callback. */
  redirect(): Promise<void>;
  /** The sign-in Google came back with, or null when there is none. */
  completeRedirect(): Promise<ExternalSession | null>;
}

/** An error of Google sign-in itself (as opposed to this server refusing the token). */
export class GoogleSignInError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'GoogleSignInError';
  }
}

function toExternal(auth: Auth, user: User, signOut: (auth: Auth) => Promise<void>): ExternalSession {
  return {
    fullName: user.displayName,
    // Firebase refreshes the ID token itself when it is within five minutes of expiry.
    idToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
    signOut: () => signOut(auth),
  };
}

/**
 * Google sign-in through the Firebase JS SDK, used when the gateway runs with AUTH_PROVIDER=firebase
 * and accepts Firebase ID tokens as bearer tokens. The SDK is imported only when it is needed (a
 * Google button, the callback page, or a reload of a Google session), so it is never in the
 * first-load JavaScript.
 */
export class FirebaseGoogleAuth implements GoogleSignIn, ExternalSessionSource {
  private config: Promise<FirebaseWebConfig | null> | null = null;
  private auth: Promise<Auth | null> | null = null;

  constructor(private readonly api: BlocksmithApi) {}

  async available(): Promise<boolean> {
    return (await this.webConfig()) !== null;
  }

  async redirect(): Promise<void> {
    const auth = await this.loadAuth();
    if (!auth) throw new GoogleSignInError('Google sign-in is not configured on this server.', 'unavailable');
    const { GoogleAuthProvider, signInWithRedirect } = await import('firebase/auth');
    const provider = new GoogleAuthProvider();
    provider.setCustomParameters({ access_type: 'offline', prompt: 'consent' });
    await signInWithRedirect(auth, provider);
  }

  async completeRedirect(): Promise<ExternalSession | null> {
    const auth = await this.loadAuth();
    if (!auth) return null;
    const { getRedirectResult, signOut } = await import('firebase/auth');
    let user: User | null;
    try {
      user = (await getRedirectResult(auth))?.user ?? null;
    } catch (error) {
      const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : 'unknown';
      throw new GoogleSignInError(error instanceof Error ? error.message : String(error), code);
    }
    user ??= auth.currentUser;
    return user ? toExternal(auth, user, signOut) : null;
  }

  async restore(): Promise<ExternalSession | null> {
    const auth = await this.loadAuth();
    if (!auth) return null;
    await auth.authStateReady();
    const { signOut } = await import('firebase/auth');
    return auth.currentUser ? toExternal(auth, auth.currentUser, signOut) : null;
  }

  private webConfig(): Promise<FirebaseWebConfig | null> {
    this.config ??= this.api.serverInfo().then(
      (info) => info.firebase,
      (error: unknown) => {
        this.config = null;
        throw error;
      },
    );
    return this.config;
  }

  private loadAuth(): Promise<Auth | null> {
    this.auth ??= (async () => {
      const config = await this.webConfig();
      if (!config) return null;
      const [{ initializeApp }, { connectAuthEmulator, getAuth }] = await Promise.all([
        import('firebase/app'),
        import('firebase/auth'),
      ]);
      const { apiKey, authDomain, projectId, authEmulatorUrl } = config;
      const auth = getAuth(initializeApp({ apiKey, authDomain, projectId }, 'blocksmith'));
      // Right after getAuth, before anything signs in (the SDK's rule for the emulator).
      if (authEmulatorUrl) connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });
      return auth;
    })();
    this.auth.catch(() => (this.auth = null));
    return this.auth;
  }
}
