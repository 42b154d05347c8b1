import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { EventProps, PageEvent } from '../analytics/tracker';
import { ApiError, errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import { ACCOUNT_TEXTS } from '../texts/account-texts';
import {
  DEFAULT_AFTER_SIGN_IN,
  newPasswordProblem,
  RESET_REDIRECT_MS,
  type RecoveryLink,
} from './auth-rules';
import { GoogleSignInError, type GoogleSignIn } from './firebase-google-auth';
import type { KeyValueStorage, SessionStore } from './session-store';
import type { Timers } from './toast-store';

/** Where to go after the Google round trip, kept while the page is away at Google. */
export const AUTH_REDIRECT_KEY = 'blocksmith-auth-redirect';

export interface AuthDeps {
  api: BlocksmithApi;
  session: SessionStore;
  google: GoogleSignIn;
  track(name: PageEvent, props?: EventProps): void;
  storage: KeyValueStorage;
}

/** The message for a failed sign-in: the server's own words, else the spec's fallback. */
function providerMessage(error: unknown): string {
  return errorMessage(error, ACCOUNT_TEXTS.unexpectedError);
}

/** What a form shows while it waits and when it fails. */
interface FormStatus {
  busy: boolean;
  problem: string;
}

/**
 * Sends a form's request with `busy` set. A failure is tracked as an authentication error of
 * `method()` and shown as the form's problem; the answer is then null.
 */
async function sendRequest<T>(
  form: FormStatus,
  deps: Pick<AuthDeps, 'track'>,
  method: () => string,
  send: () => Promise<T>,
): Promise<T | null> {
  form.busy = true;
  try {
    return await send();
  } catch (error) {
    deps.track('authentication_error', { method: method() });
    runInAction(() => (form.problem = providerMessage(error)));
    return null;
  } finally {
    runInAction(() => (form.busy = false));
  }
}

/**
 * Whether the forms offer Google sign-in: only when the server says it is configured (its
 * serverInfo carries a Firebase web config). Until it has answered, the button is not shown.
 */
export class GoogleOffer {
  offered = false;

  constructor(private readonly google: GoogleSignIn) {
    makeObservable(this, { offered: observable });
  }

  async check(): Promise<void> {
    let offered = false;
    try {
      offered = await this.google.available();
    } catch (error) {
      console.warn('Whether Google sign-in is configured could not be read.', error);
    }
    runInAction(() => (this.offered = offered));
  }
}

/**
 * The Google button of both forms: with Google configured it remembers where to go afterwards and
 * answers true (the page then opens /auth/callback?start=google); otherwise it answers the problem.
 */
async function beginGoogle(
  deps: AuthDeps,
  redirectTo: string,
  failure: string,
): Promise<{ go: true } | { go: false; problem: string }> {
  try {
    if (!(await deps.google.available())) return { go: false, problem: ACCOUNT_TEXTS.googleNotConfigured };
  } catch {
    deps.track('authentication_error', { method: 'google', reason: 'server_info' });
    return { go: false, problem: failure };
  }
  deps.storage.setItem(AUTH_REDIRECT_KEY, redirectTo);
  return { go: true };
}

export type SignInMode = 'login' | 'forgot';

/** /signin: log in, or ask for a reset mail. */
export class SignInForm {
  mode: SignInMode = 'login';
  email = '';
  password = '';
  busy = false;
  problem = '';
  notice = '';
  /** The server offers Google sign-in: only then is the Google button shown. */
  readonly googleOffer: GoogleOffer;

  constructor(
    private readonly deps: AuthDeps,
    /** Where to go after signing in (see redirectAfterSignIn). */
    readonly redirectTo: string,
  ) {
    this.googleOffer = new GoogleOffer(deps.google);
    makeObservable(this, {
      mode: observable,
      email: observable,
      password: observable,
      busy: observable,
      problem: observable,
      notice: observable,
      setMode: action,
      setEmail: action,
      setPassword: action,
      submit: action,
      google: action,
    });
  }

  setMode(mode: SignInMode): void {
    this.mode = mode;
    this.problem = '';
    this.notice = '';
  }

  setEmail(value: string): void {
    this.email = value;
  }

  setPassword(value: string): void {
    this.password = value;
  }

  /** Answers the path to open after signing in, or null (the form shows why, or a notice). */
  async submit(): Promise<string | null> {
    this.problem = '';
    this.notice = '';
    const email = this.email.trim();
    if (this.mode === 'forgot') {
      if (email === '') return this.invalid('email', ACCOUNT_TEXTS.emailRequired);
    } else if (email === '' || this.password === '') {
      return this.invalid(email === '' ? 'email' : 'password', ACCOUNT_TEXTS.signInRequired);
    }
    return sendRequest(
      this,
      this.deps,
      () => (this.mode === 'forgot' ? 'reset' : 'password'),
      async () => {
        if (this.mode === 'forgot') {
          await this.deps.api.recoverPassword(email);
          runInAction(() => (this.notice = ACCOUNT_TEXTS.resetLinkSent));
          return null;
        }
        await this.deps.session.signIn(email, this.password);
        return this.redirectTo;
      },
    );
  }

  /** True when the page should go on to Google. */
  async google(): Promise<boolean> {
    this.problem = '';
    this.notice = '';
    const outcome = await beginGoogle(this.deps, this.redirectTo, ACCOUNT_TEXTS.googleSignInError);
    if (!outcome.go) runInAction(() => (this.problem = outcome.problem));
    return outcome.go;
  }

  private invalid(field: string, message: string): null {
    this.deps.track('validation_error', { form_type: 'signin', field_name: field });
    this.problem = message;
    return null;
  }
}

/** /signup: full name, e-mail, password twice; then the builder, or 'Check Your Email'. */
export class SignUpForm {
  fullName = '';
  email = '';
  password = '';
  confirmPassword = '';
  busy = false;
  problem = '';
  /** The address a confirmation mail went to: the page shows 'Check Your Email'. */
  checkEmailFor: string | null = null;
  /**
   * Signed in already, the mail being the one that unlocks admin rights (an ADMIN_EMAILS
   * address): 'Check Your Email' says so and goes on to `redirectTo`.
   */
  adminConfirmation = false;
  /** The server offers Google sign-in: only then is the Google button shown. */
  readonly googleOffer: GoogleOffer;

  constructor(
    private readonly deps: AuthDeps,
    readonly redirectTo: string = DEFAULT_AFTER_SIGN_IN,
  ) {
    this.googleOffer = new GoogleOffer(deps.google);
    makeObservable(this, {
      fullName: observable,
      email: observable,
      password: observable,
      confirmPassword: observable,
      busy: observable,
      problem: observable,
      checkEmailFor: observable,
      adminConfirmation: observable,
      set: action,
      submit: action,
      google: action,
    });
  }

  set(field: 'fullName' | 'email' | 'password' | 'confirmPassword', value: string): void {
    this[field] = value;
  }

  /** Answers the path to open when the account is signed in at once, else null. */
  async submit(): Promise<string | null> {
    this.problem = '';
    const fields = { fullName: this.fullName.trim(), email: this.email.trim() };
    const missing = (['fullName', 'email', 'password', 'confirmPassword'] as const).find((field) =>
      field === 'fullName' || field === 'email' ? fields[field] === '' : this[field] === '',
    );
    if (missing) return this.invalid(missing, ACCOUNT_TEXTS.signUpRequired);
    const problem = newPasswordProblem(this.password, this.confirmPassword);
    if (problem) {
      return this.invalid(
        problem === ACCOUNT_TEXTS.passwordsDoNotMatch ? 'confirmPassword' : 'password',
        problem,
      );
    }
    return sendRequest(
      this,
      this.deps,
      () => 'signup',
      async () => {
        const outcome = await this.deps.session.signUp(fields.email, this.password, fields.fullName);
        if (outcome.signedIn && !outcome.confirmationMailSent) return this.redirectTo;
        runInAction(() => {
          this.checkEmailFor = fields.email;
          this.adminConfirmation = outcome.signedIn;
        });
        return null;
      },
    );
  }

  async google(): Promise<boolean> {
    this.problem = '';
    const outcome = await beginGoogle(this.deps, this.redirectTo, ACCOUNT_TEXTS.googleSignUpError);
    if (!outcome.go) runInAction(() => (this.problem = outcome.problem));
    return outcome.go;
  }

  private invalid(field: string, message: string): null {
    this.deps.track('validation_error', { form_type: 'signup', field_name: field });
    this.problem = message;
    return null;
  }
}

export type ResetState = 'form' | 'done';

/**
 * /reset-password: the new password twice, proven by the token from the mail's link (or, without
 * one, by the signed-in session). On success: the message, then /signin after 2 s.
 */
export class ResetPasswordForm {
  password = '';
  confirmPassword = '';
  busy = false;
  problem = '';
  state: ResetState = 'form';
  private readonly token: string | null;
  private timer: unknown = null;

  constructor(
    private readonly deps: Pick<AuthDeps, 'api' | 'session' | 'track'>,
    link: RecoveryLink,
    private readonly navigate: (path: string) => void,
    private readonly timers: Timers = {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  ) {
    this.token = link.kind === 'token' ? link.token : null;
    if (link.kind === 'error') this.problem = link.message;
    makeObservable(this, {
      password: observable,
      confirmPassword: observable,
      busy: observable,
      problem: observable,
      state: observable,
      set: action,
      submit: action,
    });
  }

  /** Without a token from the mail and without a session there is nothing to prove the change. */
  get usable(): boolean {
    return this.token !== null || this.deps.session.signedIn;
  }

  set(field: 'password' | 'confirmPassword', value: string): void {
    this[field] = value;
  }

  async submit(): Promise<void> {
    this.problem = '';
    if (this.password === '' || this.confirmPassword === '') {
      this.deps.track('validation_error', { form_type: 'reset_password', field_name: 'password' });
      this.problem = ACCOUNT_TEXTS.passwordsRequired;
      return;
    }
    const problem = newPasswordProblem(this.password, this.confirmPassword);
    if (problem) {
      this.deps.track('validation_error', { form_type: 'reset_password', field_name: 'password' });
      this.problem = problem;
      return;
    }
    this.busy = true;
    try {
      await this.deps.api.updatePassword(this.password, this.token ?? undefined);
      runInAction(() => {
        this.state = 'done';
        this.password = '';
        this.confirmPassword = '';
      });
      this.timer = this.timers.setTimeout(() => this.navigate('/signin'), RESET_REDIRECT_MS);
    } catch (error) {
      this.deps.track('authentication_error', { method: 'reset_password' });
      const expired = error instanceof ApiError && error.code === 'UNAUTHENTICATED' && this.token !== null;
      runInAction(() => (this.problem = expired ? ACCOUNT_TEXTS.resetLinkExpired : providerMessage(error)));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** The page is left: no redirect afterwards. */
  dispose(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}

export type CallbackState =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'done'; to: string };

/** /auth/callback: starts the Google round trip, or finishes it and signs in with its session. */
export class AuthCallbackFlow {
  state: CallbackState = { kind: 'loading' };

  constructor(private readonly deps: AuthDeps) {
    makeObservable(this, { state: observableRef, run: action });
  }

  /**
   * `start`: leave for Google now (the page came from a Google button). Otherwise read what Google
   * sent back. `errorParam`: an error the provider put in the URL.
   */
  async run({ start, errorParam }: { start: boolean; errorParam: string | null }): Promise<void> {
    if (errorParam) return this.fail(ACCOUNT_TEXTS.authenticationFailed, 'provider_error');
    try {
      if (start) {
        await this.deps.google.redirect();
        return;
      }
      const external = await this.deps.google.completeRedirect();
      if (!external) return this.fail(ACCOUNT_TEXTS.noSessionFound, 'no_session');
      await this.deps.session.adoptExternal(external);
    } catch (error) {
      if (error instanceof GoogleSignInError)
        return this.fail(ACCOUNT_TEXTS.authenticationFailed, error.code);
      return this.fail(errorMessage(error, ACCOUNT_TEXTS.authenticationFailed), 'unexpected');
    }
    const to = this.deps.storage.getItem(AUTH_REDIRECT_KEY) ?? DEFAULT_AFTER_SIGN_IN;
    this.deps.storage.removeItem(AUTH_REDIRECT_KEY);
    runInAction(() => (this.state = { kind: 'done', to }));
  }

  private fail(message: string, reason: string): void {
    this.deps.track('authentication_error', { method: 'google', reason });
    runInAction(() => (this.state = { kind: 'error', message }));
  }
}
