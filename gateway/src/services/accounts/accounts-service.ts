import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { User } from '../../data/entities';
import { NotFoundError } from '../../errors';
import { signAccessToken, verifyAccessToken, type AccessTokenClaims } from './access-token';
import {
  AccountInputError,
  AccountSuspendedError,
  EmailTakenError,
  InvalidCredentialsError,
  InvalidTokenError,
  LocalAccountsOffError,
  RESET_LINK_INVALID,
  SESSION_ENDED,
} from './account-errors';
import {
  FREE_NEW_ACCOUNT,
  type AuthResult,
  type AuthUser,
  type Caller,
  type Clock,
  type NewAccountPlan,
  type SessionTokens,
} from './account-types';
import { isValidEmail, normalizeEmail, parseEmail } from './email-address';
import type { Mailer } from './mailer';
import {
  checkScryptCost,
  hashPassword,
  needsRehash,
  PRODUCTION_SCRYPT_COST,
  verifyPassword,
  type ScryptCost,
} from './password-hash';
import { checkNewPassword } from './password-policy';
import { PasswordResetTokens, RESET_MAILS_PER_HOUR } from './password-reset-tokens';
import { confirmAdminMail, resetPasswordMail } from './reset-password-mail';
import { SessionStore } from './session-store';
import { SignInLimiter, type SignInLimits } from './sign-in-limiter';
import { loadTokenSigning, type TokenSigning } from './signing-key';
import { isUuid } from '../../ids';

/** Access tokens live 15 minutes. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const MAX_FULL_NAME_LENGTH = 200;
const AUDIENCE = 'authenticated';

export interface AccountServiceOptions {
  dataSource: DataSource;
  /** Lower-cased e-mails whose accounts are admins (ADMIN_EMAILS). */
  adminEmails: ReadonlySet<string>;
  mailer: Mailer;
  /** Where people reach the product; reset links point here. */
  publicUrl: string;
  clock?: Clock;
  /** scrypt cost for new hashes (default PRODUCTION_SCRYPT_COST; tests pass a cheap one). */
  passwordCost?: ScryptCost;
  signInLimits?: Partial<SignInLimits>;
  /**
   * False when another provider keeps the accounts (AUTH_PROVIDER=firebase): sign-up, sign-in,
   * refresh, sign-out, recovery and password changes are refused; profiles still read.
   */
  localSignIn?: boolean;
  /** The plan new accounts start on, and how it was set (DEFAULT_PLAN; default: Free). */
  newAccountPlan?: NewAccountPlan;
  /** 0 checks the database on every authenticate (default 2000 ms). */
  sessionCheckTtlMs?: number;
  /** Log lines (default console.log) and failures of background work (default console.error). */
  log?: (line: string) => void;
  onBackgroundError?: (error: unknown) => void;
}

export interface SignUpInput {
  email: string;
  password: string;
  fullName?: string;
}

export interface SignInInput {
  email: string;
  password: string;
  /** The client's address, for the per-address failure limit. */
  ip?: string;
}

export interface UpdatePasswordInput {
  password: string;
  /** An access token (changing the password while signed in) or a reset token from the mail. */
  bearer: string;
}

export type SignOutScope = 'local' | 'global';

/**
 * The gateway's own accounts (AUTH_PROVIDER=local): sign-up, sign-in, rotating refresh tokens,
 * sign-out, password recovery through the mailer, password update, and who a bearer token is.
 * Every piece of state lives in the database, so several gateway processes can share it.
 */
export class AccountService {
  private readonly dataSource: DataSource;
  private readonly adminEmails: ReadonlySet<string>;
  private readonly localSignIn: boolean;
  private readonly newAccountPlan: NewAccountPlan;
  private readonly mailer: Mailer;
  private readonly publicUrl: string;
  /** The issuer tokens are signed with when the database names none yet. */
  private readonly defaultIssuer: string;
  private readonly clock: Clock;
  private readonly cost: ScryptCost;
  private readonly limiter: SignInLimiter;
  private readonly sessions: SessionStore;
  private readonly resets: PasswordResetTokens;
  private readonly log: (line: string) => void;
  private readonly onBackgroundError: (error: unknown) => void;
  private signing: Promise<TokenSigning> | undefined;
  /** Verified against when there is no account, so a missing e-mail takes as long as a wrong password. */
  private readonly dummyHash: Promise<string>;
  private readonly background = new Set<Promise<void>>();

  constructor(options: AccountServiceOptions) {
    this.dataSource = options.dataSource;
    this.adminEmails = new Set([...options.adminEmails].map(normalizeEmail));
    this.localSignIn = options.localSignIn ?? true;
    this.newAccountPlan = options.newAccountPlan ?? FREE_NEW_ACCOUNT;
    this.mailer = options.mailer;
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.defaultIssuer = `${this.publicUrl}/auth`;
    this.clock = options.clock ?? (() => new Date());
    this.cost = { ...(options.passwordCost ?? PRODUCTION_SCRYPT_COST) };
    checkScryptCost(this.cost);
    this.limiter = new SignInLimiter(this.dataSource, this.clock, options.signInLimits);
    this.sessions = new SessionStore(this.dataSource, this.clock, options.sessionCheckTtlMs);
    this.resets = new PasswordResetTokens(this.dataSource, this.clock);
    this.log = options.log ?? ((line) => console.log(line));
    this.onBackgroundError =
      options.onBackgroundError ?? ((error) => console.error('accounts: background work failed:', error));
    this.dummyHash = hashPassword(randomBytes(16).toString('base64'), this.cost);
  }

  /** Creates a local account and signs it in. E-mail confirmation is not required. */
  async signUp(input: SignUpInput): Promise<AuthResult> {
    this.requireLocal();
    const email = parseEmail(input.email);
    checkNewPassword(input.password, [email, email.split('@')[0]!, input.fullName ?? '']);
    const fullName = (input.fullName ?? '').trim();
    if (fullName.length > MAX_FULL_NAME_LENGTH) {
      throw new AccountInputError(
        `Full name must be at most ${MAX_FULL_NAME_LENGTH} characters.`,
        'fullName',
      );
    }
    // Hash first: a taken e-mail costs the same time as a new one.
    const passwordHash = await hashPassword(input.password, this.cost);
    const inserted: { id: string }[] = await this.dataSource.query(
      `INSERT INTO users (id, email, password_hash, full_name, auth_provider, created_at, last_sign_in_at,
                          plan, plan_set_by)
       VALUES ($1, $2, $3, $4, 'local', $5::timestamptz, $5::timestamptz, $6, $7)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [
        randomUUID(),
        email,
        passwordHash,
        fullName,
        this.clock().toISOString(),
        this.newAccountPlan.plan,
        this.newAccountPlan.setBy,
      ],
    );
    if (inserted.length === 0) throw new EmailTakenError();
    const user = await this.dataSource.getRepository(User).findOneByOrFail({ id: inserted[0]!.id });
    // Admin rights wait until the address is proven: whoever signs up first with it gets nothing.
    const confirmationMailSent = this.adminEmails.has(email);
    if (confirmationMailSent) this.inBackground(this.sendConfirmationMail(email));
    return { user: this.toAuthUser(user), session: await this.startSession(user), confirmationMailSent };
  }

  /**
   * Signs in with e-mail and password. A wrong e-mail and a wrong password give the same error in
   * about the same time; too many failures lock the e-mail (and the client address) for a while.
   */
  async signIn(input: SignInInput): Promise<AuthResult> {
    this.requireLocal();
    if (!input.email?.trim() || !input.password) {
      throw new AccountInputError('Enter your e-mail address and password.');
    }
    const email = normalizeEmail(input.email);
    const wellFormed = isValidEmail(email);
    const keys = this.limiter.keysFor(wellFormed ? email : null, input.ip);
    // Counted before the password is checked: attempts sent together cannot slip past the limit.
    await this.limiter.consume(keys);
    const user = wellFormed ? await this.dataSource.getRepository(User).findOneBy({ email }) : null;
    let matches = false;
    if (user?.passwordHash) {
      matches = await verifyPassword(input.password, user.passwordHash);
    } else {
      // No local account with this e-mail: do the same work anyway, so timing tells nothing.
      await verifyPassword(input.password, await this.dummyHash);
    }
    if (!user?.passwordHash || !matches) throw new InvalidCredentialsError();
    await this.limiter.recordSuccess(email, input.ip);
    // Said only to whoever knows the password, so it tells nobody else the account exists.
    if (user.suspendedAt) throw new AccountSuspendedError();
    const signedIn: Partial<User> = { lastSignInAt: this.clock() };
    if (needsRehash(user.passwordHash, this.cost)) {
      user.passwordHash = await hashPassword(input.password, this.cost);
      signedIn.passwordHash = user.passwordHash;
    }
    await this.dataSource.getRepository(User).update({ id: user.id }, signedIn);
    return { user: this.toAuthUser(user), session: await this.startSession(user) };
  }

  /**
   * Trades a refresh token for a new pair. Each refresh token works once: presenting one that was
   * already traded means it leaked, so the whole sign-in it belongs to is revoked.
   */
  async refresh(refreshToken: string): Promise<{ session: SessionTokens }> {
    this.requireLocal();
    if (!refreshToken) throw new InvalidTokenError(SESSION_ENDED);
    const signing = await this.getSigning();
    const outcome = await this.sessions.rotate(refreshToken);
    if (outcome.kind === 'reused') {
      throw new InvalidTokenError(
        'This refresh token was already used, so the session was ended to protect the account. Please sign in again.',
      );
    }
    if (outcome.kind === 'refused') throw new InvalidTokenError(SESSION_ENDED);
    const user = await this.dataSource.getRepository(User).findOneBy({ id: outcome.userId });
    if (!user) throw new InvalidTokenError(SESSION_ENDED);
    if (user.suspendedAt) {
      // Suspending ends every sign-in; one that slipped through (or a race) ends here.
      await this.sessions.revoke({ userId: user.id });
      throw new AccountSuspendedError();
    }
    return { session: this.tokens(user, outcome.familyId, outcome.refreshToken, signing) };
  }

  /**
   * Ends the sign-in the access token belongs to (`global`: every sign-in of that account), so its
   * access and refresh tokens stop working. An expired but genuine token still signs out; signing
   * out twice is fine.
   */
  async signOut(accessToken: string, scope: SignOutScope = 'local'): Promise<void> {
    this.requireLocal();
    const claims = await this.readToken(accessToken, { allowExpired: true });
    if (!claims) throw new InvalidTokenError(SESSION_ENDED);
    await this.sessions.revoke(
      scope === 'global' ? { userId: claims.sub } : { userId: claims.sub, familyId: claims.session_id },
    );
  }

  /**
   * Sends a reset link when a local account has this e-mail. Always succeeds for a well-formed
   * e-mail, and answers before any lookup, so neither the answer nor its timing tells whether the
   * account exists. The mail is written in the background (see `settled()`).
   */
  async recover(email: string): Promise<void> {
    this.requireLocal();
    this.inBackground(this.sendResetMail(parseEmail(email)));
  }

  private inBackground(task: Promise<void>): void {
    const work = task.catch((error: unknown) => this.onBackgroundError(error));
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }

  /**
   * Deletes what can no longer be used: expired sessions (a reused old refresh token is refused as
   * expired either way), expired or used reset links, and sign-in counts whose window and lock are
   * over. Scheduled work; safe to run from several processes at once. Returns the rows removed.
   */
  async pruneExpired(): Promise<{ sessions: number; resetTokens: number; signInAttempts: number }> {
    const now = this.clock();
    const count = async (sql: string, parameters: unknown[]) =>
      ((await this.dataSource.query(sql, parameters)) as [unknown[], number])[1];
    const sessions = await count('DELETE FROM sessions WHERE expires_at < $1', [now]);
    const resetTokens = await count(
      'DELETE FROM password_reset_tokens WHERE expires_at < $1 OR used_at IS NOT NULL',
      [now],
    );
    const signInAttempts = await count(
      `DELETE FROM sign_in_attempts
        WHERE window_started_at < $1 AND (locked_until IS NULL OR locked_until < $2)`,
      [new Date(now.getTime() - this.limiter.windowMs), now],
    );
    return { sessions, resetTokens, signInAttempts };
  }

  /** Waits for background work (reset mails) to finish: for tests and shutdown. */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.all([...this.background]);
  }

  /**
   * Sets a new password, proven by an access token (other sign-ins of the account end, this one
   * stays) or by a reset token from the mail (used up; every sign-in of the account ends).
   */
  async updatePassword(input: UpdatePasswordInput): Promise<{ user: AuthUser }> {
    this.requireLocal();
    checkNewPassword(input.password);
    if (!input.bearer) throw new InvalidTokenError(SESSION_ENDED);
    // Access tokens are JWTs (dotted); reset tokens are bare base64url.
    if (input.bearer.includes('.')) {
      const caller = await this.authenticate(input.bearer);
      if (!caller) throw new InvalidTokenError(SESSION_ENDED);
      const passwordHash = await hashPassword(input.password, this.cost);
      await this.dataSource.transaction(async (tx) => {
        await tx.update(User, { id: caller.userId }, { passwordHash });
        await this.sessions.revokeIn(tx, { userId: caller.userId, exceptFamilyId: caller.sessionId });
        await this.resets.useUpAllIn(tx, caller.userId);
      });
      this.sessions.forgetLiveChecks();
      return { user: await this.getUser(caller.userId) };
    }

    // A cheap look first, so made-up tokens cost no scrypt work; the transaction below decides.
    if (!(await this.resets.isUsable(input.bearer))) throw new InvalidTokenError(RESET_LINK_INVALID);
    const passwordHash = await hashPassword(input.password, this.cost);
    const userId = await this.dataSource.transaction(async (tx) => {
      const owner = await this.resets.consumeIn(tx, input.bearer);
      if (!owner) return null;
      // Using the link proves the mailbox.
      await tx
        .createQueryBuilder()
        .update(User)
        .set({ passwordHash, emailConfirmedAt: () => 'COALESCE(email_confirmed_at, now())' })
        .where('id = :owner', { owner })
        .execute();
      await this.sessions.revokeIn(tx, { userId: owner });
      return owner;
    });
    if (!userId) throw new InvalidTokenError(RESET_LINK_INVALID);
    this.sessions.forgetLiveChecks();
    const user = await this.getUser(userId);
    // Proving the mailbox also lifts a sign-in lock on it.
    await this.limiter.recordSuccess(user.email, undefined);
    return { user };
  }

  /** Who an access token belongs to, or null when it is not a valid, live token. Never throws for a bad token. */
  async authenticate(accessToken: string | null | undefined): Promise<Caller | null> {
    if (!accessToken) return null;
    const claims = await this.readToken(accessToken, { allowExpired: false });
    if (!claims || !(await this.sessions.isLive(claims.session_id, claims.sub))) return null;
    return {
      userId: claims.sub,
      email: claims.email,
      isAdmin: claims.email_verified === true && this.adminEmails.has(claims.email),
      sessionId: claims.session_id,
    };
  }

  /**
   * Ends every sign-in of the account inside the caller's transaction (an admin suspending it):
   * its access and refresh tokens stop working once the transaction commits. Call
   * `signInsEnded()` after the commit so this process stops trusting its cached checks at once.
   */
  async endSignInsIn(tx: EntityManager, userId: string): Promise<void> {
    await this.sessions.revokeIn(tx, { userId });
  }

  /** Sign-ins were ended in a transaction that has committed: forget this process's live checks. */
  signInsEnded(): void {
    this.sessions.forgetLiveChecks();
  }

  async getUser(userId: string): Promise<AuthUser> {
    const user = isUuid(userId) ? await this.dataSource.getRepository(User).findOneBy({ id: userId }) : null;
    if (!user) throw new NotFoundError('This account does not exist.');
    return this.toAuthUser(user);
  }

  private toAuthUser(user: User): AuthUser {
    return {
      id: user.id,
      email: user.email,
      user_metadata: { full_name: user.fullName, isAdmin: this.isAdmin(user) },
    };
  }

  private requireLocal(): void {
    if (!this.localSignIn) throw new LocalAccountsOffError();
  }

  private isAdmin(user: User): boolean {
    return user.emailConfirmedAt !== null && this.adminEmails.has(user.email);
  }

  /** The key and issuer of access tokens, shared through the database by every process. */
  private getSigning(): Promise<TokenSigning> {
    if (!this.signing) {
      this.signing = loadTokenSigning(this.dataSource, this.defaultIssuer);
      this.signing.catch(() => (this.signing = undefined));
    }
    return this.signing;
  }

  private async readToken(
    token: string,
    { allowExpired }: { allowExpired: boolean },
  ): Promise<AccessTokenClaims | null> {
    const { key, issuer } = await this.getSigning();
    const check = verifyAccessToken(token, key, {
      now: Math.floor(this.clock().getTime() / 1000),
      issuer,
      audience: AUDIENCE,
      allowExpired,
    });
    if (!check.ok || !isUuid(check.claims.sub) || !isUuid(check.claims.session_id)) return null;
    return check.claims;
  }

  /** A new sign-in. */
  private async startSession(user: User): Promise<SessionTokens> {
    const signing = await this.getSigning();
    const { familyId, refreshToken } = await this.sessions.start(user.id);
    return this.tokens(user, familyId, refreshToken, signing);
  }

  private tokens(
    user: User,
    familyId: string,
    refreshToken: string,
    { key, issuer }: TokenSigning,
  ): SessionTokens {
    const iat = Math.floor(this.clock().getTime() / 1000);
    const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
    const claims: AccessTokenClaims = {
      sub: user.id,
      email: user.email,
      ...(user.emailConfirmedAt !== null ? { email_verified: true } : {}),
      session_id: familyId,
      role: 'authenticated',
      aud: AUDIENCE,
      iss: issuer,
      iat,
      exp,
    };
    return {
      access_token: signAccessToken(claims, key),
      refresh_token: refreshToken,
      expires_at: exp,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      token_type: 'bearer',
    };
  }

  private async sendResetMail(email: string): Promise<void> {
    const outcome = await this.resets.issue(email);
    if (outcome.kind === 'capped') {
      this.log(`accounts: no reset mail to ${email}: ${RESET_MAILS_PER_HOUR} already sent this hour`);
    }
    if (outcome.kind !== 'issued') return;
    await this.mailer.send(resetPasswordMail(outcome.user, this.publicUrl, outcome.token));
  }

  /** The link an admin address proves itself with: a reset link, worded for it. */
  private async sendConfirmationMail(email: string): Promise<void> {
    const outcome = await this.resets.issue(email);
    if (outcome.kind !== 'issued') return;
    await this.mailer.send(confirmAdminMail(outcome.user, this.publicUrl, outcome.token));
  }
}
