import { ApiError, type AuthResult, type BlocksmithApi } from '../api/blocksmith-api';
import {
  AUTH_REDIRECT_KEY,
  AuthCallbackFlow,
  ResetPasswordForm,
  SignInForm,
  SignUpForm,
  type AuthDeps,
} from './auth-forms-store';
import { GoogleSignInError, type GoogleSignIn } from './firebase-google-auth';
import { SessionStore, type ExternalSession } from './session-store';
import { ADA, FakeApi, manualTimers, memoryStorage } from '../testing/fake-api';

class FakeGoogle implements GoogleSignIn {
  configured = false;
  redirects = 0;
  result: ExternalSession | null = null;
  error: Error | null = null;
  async available() {
    return this.configured;
  }
  async redirect() {
    this.redirects++;
  }
  async completeRedirect() {
    if (this.error) throw this.error;
    return this.result;
  }
}

function setup() {
  const api = new FakeApi();
  const storage = memoryStorage();
  const session = new SessionStore(api, storage, null);
  const google = new FakeGoogle();
  const tracked: Array<{ name: string; props: unknown }> = [];
  const deps: AuthDeps = {
    api,
    session,
    google,
    storage,
    track: (name, props) => tracked.push({ name, props }),
  };
  return { api, storage, session, google, deps, tracked };
}

describe('SignInForm', () => {
  it('signs in, creates the user record and answers the redirect', async () => {
    const { api, session, deps } = setup();
    const form = new SignInForm(deps, '/store');
    form.setEmail(' ada@example.com ');
    form.setPassword('correct horse');
    expect(await form.submit()).toBe('/store');
    expect(session.signedIn).toBe(true);
    expect(api.createdUsers).toEqual([null]);
  });

  it('needs e-mail and password', async () => {
    const { api, deps, tracked } = setup();
    const form = new SignInForm(deps, '/app');
    form.setEmail('ada@example.com');
    expect(await form.submit()).toBeNull();
    expect(form.problem).toBe('Enter your e-mail address and password.');
    expect(api.calls).not.toContain('signIn');
    expect(tracked).toEqual([
      { name: 'validation_error', props: { form_type: 'signin', field_name: 'password' } },
    ]);
  });

  it("shows the provider's message, else the fallback, and reports the auth error", async () => {
    const { api, deps, tracked } = setup();
    const form = new SignInForm(deps, '/app');
    form.setEmail('ada@example.com');
    form.setPassword('wrong');
    api.failNext.signIn = new ApiError('Invalid login credentials', 'UNAUTHENTICATED');
    await form.submit();
    expect(form.problem).toBe('Invalid login credentials');
    api.failNext.signIn = new Error('');
    await form.submit();
    expect(form.problem).toBe('An unexpected error occurred. Please try again.');
    expect(tracked.map((event) => event.name)).toEqual(['authentication_error', 'authentication_error']);
  });

  it('a failed user record changes nothing', async () => {
    const { api, deps } = setup();
    api.failNext.createUser = new Error('down');
    const form = new SignInForm(deps, '/app');
    form.setEmail('ada@example.com');
    form.setPassword('correct horse');
    expect(await form.submit()).toBe('/app');
  });

  it('forgot password mode sends the reset mail', async () => {
    const { api, deps } = setup();
    const form = new SignInForm(deps, '/app');
    form.setMode('forgot');
    form.setEmail('ada@example.com');
    expect(await form.submit()).toBeNull();
    expect(api.recoveries).toEqual(['ada@example.com']);
    expect(form.notice).toBe('Password reset link sent! Check your email.');
  });

  it('Google: says so when the server has no Google sign-in', async () => {
    const { deps, storage } = setup();
    const form = new SignInForm(deps, '/store');
    expect(await form.google()).toBe(false);
    expect(form.problem).toBe(
      'Google sign-in is not configured on this server. Use your e-mail address and a password instead.',
    );
    expect(storage.getItem(AUTH_REDIRECT_KEY)).toBeNull();
  });

  it('Google: remembers where to go and lets the page leave', async () => {
    const { deps, google, storage } = setup();
    google.configured = true;
    const form = new SignInForm(deps, '/store');
    expect(await form.google()).toBe(true);
    expect(storage.getItem(AUTH_REDIRECT_KEY)).toBe('/store');
  });
});

describe('SignUpForm', () => {
  function filled(deps: AuthDeps) {
    const form = new SignUpForm(deps);
    form.set('fullName', 'Ada Lovelace');
    form.set('email', 'ada@example.com');
    form.set('password', 'correct horse');
    form.set('confirmPassword', 'correct horse');
    return form;
  }

  it('signs up with the full name and goes to /app', async () => {
    const { api, deps } = setup();
    expect(await filled(deps).submit()).toBe('/app');
    expect(api.createdUsers).toEqual(['Ada Lovelace']);
  });

  it('needs every field, and matching passwords', async () => {
    const { api, deps } = setup();
    const form = filled(deps);
    form.set('fullName', ' ');
    await form.submit();
    expect(form.problem).toBe('Please fill in every field.');
    form.set('fullName', 'Ada');
    form.set('confirmPassword', 'correct horsf');
    await form.submit();
    expect(form.problem).toBe('Passwords do not match.');
    expect(api.calls).not.toContain('signUp');
  });

  it("shows 'Check Your Email' when no session comes back", async () => {
    const { api, deps } = setup();
    const unconfirmed: BlocksmithApi = api;
    unconfirmed.signUp = async (): Promise<AuthResult> => ({ user: ADA, session: null });
    const form = filled(deps);
    expect(await form.submit()).toBeNull();
    expect(form.checkEmailFor).toBe('ada@example.com');
    expect(form.adminConfirmation).toBe(false);
  });

  it('tells an ADMIN_EMAILS address, signed in at once, that a confirmation mail unlocks admin rights', async () => {
    const { api, session, deps } = setup();
    const admin: BlocksmithApi = api;
    const signUp = api.signUp.bind(api);
    admin.signUp = async (): Promise<AuthResult> => ({ ...(await signUp()), confirmationMailSent: true });
    const form = filled(deps);
    expect(await form.submit()).toBeNull();
    expect(session.signedIn).toBe(true);
    expect(form.checkEmailFor).toBe('ada@example.com');
    expect(form.adminConfirmation).toBe(true);
  });

  it('offers Google only when the server has it configured', async () => {
    const { deps, google } = setup();
    const form = filled(deps);
    await form.googleOffer.check();
    expect(form.googleOffer.offered).toBe(false);
    google.configured = true;
    await form.googleOffer.check();
    expect(form.googleOffer.offered).toBe(true);
    google.available = async () => {
      throw new Error('offline');
    };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await form.googleOffer.check();
    warn.mockRestore();
    expect(form.googleOffer.offered).toBe(false);
  });
});

describe('ResetPasswordForm', () => {
  it('sets the password with the token from the link, then opens /signin after 2 s', async () => {
    jest.useFakeTimers();
    try {
      const { api, deps } = setup();
      const went: string[] = [];
      const form = new ResetPasswordForm(deps, { kind: 'token', token: 'tok' }, (path) => went.push(path));
      expect(form.usable).toBe(true);
      form.set('password', 'new password');
      form.set('confirmPassword', 'new password');
      await form.submit();
      expect(api.passwordUpdates).toEqual([{ password: 'new password', recoveryToken: 'tok' }]);
      expect(form.state).toBe('done');
      jest.advanceTimersByTime(1999);
      expect(went).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(went).toEqual(['/signin']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('checks match and length before asking the server', async () => {
    const { api, deps } = setup();
    const form = new ResetPasswordForm(
      deps,
      { kind: 'token', token: 'tok' },
      () => undefined,
      manualTimers(),
    );
    form.set('password', 'abcdefgh');
    form.set('confirmPassword', 'abcdefgx');
    await form.submit();
    expect(form.problem).toBe('Passwords do not match.');
    form.set('password', 'abc');
    form.set('confirmPassword', 'abc');
    await form.submit();
    expect(form.problem).toBe('Password must be at least 8 characters long.');
    expect(api.passwordUpdates).toEqual([]);
  });

  it('an expired link asks for a new one; leaving the page cancels the redirect', async () => {
    const { api, deps } = setup();
    const timers = manualTimers();
    const went: string[] = [];
    const form = new ResetPasswordForm(
      deps,
      { kind: 'token', token: 'old' },
      (path) => went.push(path),
      timers,
    );
    form.set('password', 'abcdefgh');
    form.set('confirmPassword', 'abcdefgh');
    api.failNext.updatePassword = new ApiError('This reset link is not valid.', 'UNAUTHENTICATED');
    await form.submit();
    expect(form.problem).toBe('This reset link has expired or was already used. Please request a new one.');
    await form.submit();
    form.dispose();
    timers.advance(5000);
    expect(went).toEqual([]);
  });

  it('without a token or a session there is nothing to reset with', () => {
    const { deps } = setup();
    expect(new ResetPasswordForm(deps, { kind: 'none' }, () => undefined).usable).toBe(false);
    const withError = new ResetPasswordForm(
      deps,
      { kind: 'error', message: 'Link expired' },
      () => undefined,
    );
    expect(withError.problem).toBe('Link expired');
  });
});

describe('AuthCallbackFlow', () => {
  const external = (token: string | null): ExternalSession => ({
    fullName: 'Ada Lovelace',
    idToken: async () => token,
    signOut: async () => undefined,
  });

  it('starts the Google round trip', async () => {
    const { deps, google } = setup();
    const flow = new AuthCallbackFlow(deps);
    await flow.run({ start: true, errorParam: null });
    expect(google.redirects).toBe(1);
    expect(flow.state).toEqual({ kind: 'loading' });
  });

  it('signs in with the Google session and goes where the button was pressed', async () => {
    const { api, deps, google, session, storage } = setup();
    api.tokenUsers.set('id-token', ADA);
    google.result = external('id-token');
    storage.setItem(AUTH_REDIRECT_KEY, '/store');
    const flow = new AuthCallbackFlow(deps);
    await flow.run({ start: false, errorParam: null });
    expect(flow.state).toEqual({ kind: 'done', to: '/store' });
    expect(session.user?.id).toBe(ADA.id);
    expect(api.createdUsers).toEqual(['Ada Lovelace']);
    expect(storage.getItem(AUTH_REDIRECT_KEY)).toBeNull();
  });

  it('shows the spec errors', async () => {
    const { deps, google } = setup();
    const flow = new AuthCallbackFlow(deps);
    await flow.run({ start: false, errorParam: null });
    expect(flow.state).toEqual({ kind: 'error', message: 'No session found. Please try signing in again.' });
    await flow.run({ start: false, errorParam: 'access_denied' });
    expect(flow.state).toEqual({ kind: 'error', message: 'Authentication failed. Please try again.' });
    google.error = new GoogleSignInError('popup closed', 'auth/redirect-cancelled-by-user');
    await flow.run({ start: false, errorParam: null });
    expect(flow.state).toEqual({ kind: 'error', message: 'Authentication failed. Please try again.' });
    google.error = new Error('Network down');
    await flow.run({ start: false, errorParam: null });
    expect(flow.state).toEqual({ kind: 'error', message: 'Network down' });
  });

  it('a token the gateway does not accept is no session', async () => {
    const { deps, google } = setup();
    google.result = external('unknown-token');
    const flow = new AuthCallbackFlow(deps);
    await flow.run({ start: false, errorParam: null });
    expect(flow.state).toEqual({ kind: 'error', message: 'No session found. Please try signing in again.' });
  });
});
