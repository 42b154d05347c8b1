import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { User } from '../../data/entities';
import { NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import { AccountMails } from './account-mails';
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
import { PasswordResetTokens } from './password-reset-tokens';
import { pruneExpired } from './prune-expired';
import { SessionStore } from './session-store';
import { SignInLimiter, type SignInLimits } from './sign-in-limiter';
import { TokenIssuer } from './token-issuer';

export { ACCESS_TOKEN_TTL_SECONDS } from './token-issuer';

const MAX_FULL_NAME_LENGTH = 200;

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
  private readonly clock: Clock;
  private readonly cost: ScryptCost;
  private readonly limiter: SignInLimiter;
  private readonly sessions: SessionStore;
  private readonly resets: PasswordResetTokens;
  private readonly mails: AccountMails;
  private readonly issuer: TokenIssuer;
  /** Verified against when there is no account, so a missing e-mail takes as long as a wrong password. */
  private readonly dummyHash: Promise<string>;

  constructor(options: AccountServiceOptions) {
    this.dataSource = options.dataSource;
    this.adminEmails = new Set([...options.adminEmails].map(normalizeEmail));
    this.localSignIn = options.localSignIn ?? true;
    this.newAccountPlan = options.newAccountPlan ?? FREE_NEW_ACCOUNT;
    const publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.clock = options.clock ?? (() => new Date());
    this.cost = { ...(options.passwordCost ?? PRODUCTION_SCRYPT_COST) };
    checkScryptCost(this.cost);
    this.limiter = new SignInLimiter(this.dataSource, this.clock, options.signInLimits);
    this.sessions = new SessionStore(this.dataSource, this.clock, options.sessionCheckTtlMs);
    this.resets = new PasswordResetTokens(this.dataSource, this.clock);
    this.issuer = new TokenIssuer(this.dataSource, this.clock, `${publicUrl}/auth`);
    this.mails = new AccountMails({
      resets: this.resets,
      mailer: options.mailer,
      publicUrl,
      log: options.log ?? ((line) => console.log(line)),
      onBackgroundError:
        options.onBackgroundError ?? ((error) => console.error('accounts: background work failed:', error)),
    });
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
    if (confirmationMailSent) this.mails.sendAdminConfirmation(email);
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
    const signing = await this.issuer.signing();
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
    return { session: await this.issuer.tokens(user, outcome.familyId, outcome.refreshToken, signing) };
  }

  /**
   * Ends the sign-in the access token belongs to (`global`: every sign-in of that account), so its
   * access and refresh tokens stop working. An expired but genuine token still signs out; signing
   * out twice is fine.
   */
  async signOut(accessToken: string, scope: SignOutScope = 'local'): Promise<void> {
    this.requireLocal();
    const claims = await this.issuer.read(accessToken, { allowExpired: true });
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
    this.mails.sendReset(parseEmail(email));
  }

  /**
   * Deletes what can no longer be used: expired sessions (a reused old refresh token is refused as
   * expired either way), expired or used reset links, and sign-in counts whose window and lock are
   * over. Scheduled work; safe to run from several processes at once. Returns the rows removed.
   */
  async pruneExpired(): Promise<{ sessions: number; resetTokens: number; signInAttempts: number }> {
    return pruneExpired(this.dataSource, this.clock(), this.limiter.windowMs);
  }

  /** Waits for background work (reset mails) to finish: for tests and shutdown. */
  async settled(): Promise<void> {
    await this.mails.settled();
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
    const claims = await this.issuer.read(accessToken, { allowExpired: false });
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

  /** A new sign-in. */
  private async startSession(user: User): Promise<SessionTokens> {
    const signing = await this.issuer.signing();
    const { familyId, refreshToken } = await this.sessions.start(user.id);
    return this.issuer.tokens(user, familyId, refreshToken, signing);
  }
}
