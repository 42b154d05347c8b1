import { createHmac, randomUUID } from 'node:crypto';
import type { Database } from '../../data/database';
import { MailMessage, PasswordResetToken, Secret, Session, User } from '../../data/entities';
import { AccountService, type AccountServiceOptions } from './accounts-service';
import {
  AccountInputError,
  EmailTakenError,
  InvalidCredentialsError,
  InvalidTokenError,
  SignInRateLimitedError,
  WeakPasswordError,
} from './account-errors';
import type { AuthResult } from './account-types';
import { OutboxMailer } from './outbox-mailer';
import { SIGNING_KEY_NAME, TOKEN_ISSUER_NAME } from './signing-key';
import { databaseTargets, openTestDatabase } from '../../testing/database';
import { manualClock, type ManualClock } from '../../testing/manual-clock';

/** Cheap scrypt for the suite; password-hash.test.ts checks the production parameters. */
const FAST_COST = { logN: 10, r: 8, p: 1 };
const PASSWORD = 'correct horse battery';
const MINUTE = 60_000;

describe.each(databaseTargets)('AccountService on %s', (_name, databaseUrl) => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase(databaseUrl);
  });

  afterAll(async () => {
    await db?.close();
  });

  interface Harness {
    accounts: AccountService;
    clock: ManualClock;
    logLines: string[];
  }

  function harness(overrides: Partial<AccountServiceOptions> = {}, clock = manualClock()): Harness {
    const logLines: string[] = [];
    const log = (line: string) => logLines.push(line);
    const accounts = new AccountService({
      dataSource: db.dataSource,
      adminEmails: new Set(),
      mailer: new OutboxMailer({ dataSource: db.dataSource, clock, log }),
      publicUrl: 'http://localhost:4000/',
      clock,
      passwordCost: FAST_COST,
      log,
      ...overrides,
    });
    return { accounts, clock, logLines };
  }

  const newEmail = () => `someone-${randomUUID()}@example.com`;

  async function signedUp(h: Harness, email = newEmail()): Promise<AuthResult> {
    return h.accounts.signUp({ email, password: PASSWORD, fullName: 'Ada Lovelace' });
  }

  async function outbox(to: string): Promise<MailMessage[]> {
    return db.dataSource.getRepository(MailMessage).find({ where: { toAddress: to } });
  }

  function resetTokenFrom(mail: MailMessage): string {
    const match = /\/reset-password#access_token=([A-Za-z0-9_-]+)&type=recovery/.exec(mail.body);
    if (!match) throw new Error(`no reset link in: ${mail.body}`);
    return match[1]!;
  }

  describe('sign-up', () => {
    it('creates a local account with a hashed password, normalised e-mail and a working session', async () => {
      const h = harness();
      const id = randomUUID();
      const { user, session } = await h.accounts.signUp({
        email: `  Ada-${id}@Example.COM `,
        password: PASSWORD,
        fullName: '  Ada Lovelace ',
      });
      const email = `ada-${id}@example.com`;
      expect(user).toEqual({
        id: expect.any(String),
        email,
        user_metadata: { full_name: 'Ada Lovelace', isAdmin: false },
      });
      expect(session).toEqual({
        access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        refresh_token: expect.stringMatching(/^[\w-]{43}$/),
        expires_at: Math.floor(h.clock().getTime() / 1000) + 900,
        expires_in: 900,
        token_type: 'bearer',
      });
      const stored = await db.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
      expect(stored.authProvider).toBe('local');
      expect(stored.passwordHash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
      expect(stored.passwordHash).not.toContain(PASSWORD);
      const sessionRow = await db.dataSource.getRepository(Session).findOneByOrFail({ userId: user.id });
      expect(sessionRow.refreshTokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(sessionRow.refreshTokenHash).not.toBe(session.refresh_token);
      expect(await h.accounts.authenticate(session.access_token)).toEqual({
        userId: user.id,
        email,
        isAdmin: false,
        sessionId: sessionRow.familyId,
      });
      expect(await h.accounts.getUser(user.id)).toEqual(user);
    });

    it('refuses a taken e-mail, whatever its case, with a clear message', async () => {
      const h = harness();
      const email = newEmail();
      await signedUp(h, email);
      const again = h.accounts.signUp({ email: email.toUpperCase(), password: 'another password' });
      await expect(again).rejects.toBeInstanceOf(EmailTakenError);
      await expect(again).rejects.toMatchObject({
        code: 'BAD_USER_INPUT',
        authCode: 'email_taken',
        message: expect.stringContaining('already exists'),
      });
    });

    it('refuses a weak password with its reason, an over-long one, and a malformed e-mail', async () => {
      const h = harness();
      const weak = h.accounts.signUp({ email: newEmail(), password: 'short' });
      await expect(weak).rejects.toBeInstanceOf(WeakPasswordError);
      await expect(weak).rejects.toMatchObject({
        code: 'BAD_USER_INPUT',
        authCode: 'weak_password',
        message: 'Password must be at least 8 characters long.',
        reasons: ['length'],
        details: { authCode: 'weak_password', reasons: ['length'] },
      });
      await expect(h.accounts.signUp({ email: newEmail(), password: 'x'.repeat(129) })).rejects.toMatchObject(
        {
          authCode: 'validation_failed',
          message: 'Password must be at most 128 characters long.',
        },
      );
      await expect(h.accounts.signUp({ email: 'not an e-mail', password: PASSWORD })).rejects.toBeInstanceOf(
        AccountInputError,
      );
      // 8 characters as people count them, even when they take more UTF-16 units.
      await expect(
        h.accounts.signUp({ email: newEmail(), password: '🔑🔑🔑🔑🔑🔑🔑' }),
      ).rejects.toBeInstanceOf(WeakPasswordError);
      await expect(
        h.accounts.signUp({ email: newEmail(), password: '🔑🌲🚀🍎🎈🐙🌙⚡' }),
      ).resolves.toBeDefined();
    });
  });

  describe('sign-in', () => {
    it('signs in with the right password, any e-mail case, into a new session', async () => {
      const h = harness();
      const email = newEmail();
      const first = await signedUp(h, email);
      const { user, session } = await h.accounts.signIn({
        email: ` ${email.toUpperCase()}`,
        password: PASSWORD,
      });
      expect(user).toEqual(first.user);
      const caller = await h.accounts.authenticate(session.access_token);
      const firstCaller = await h.accounts.authenticate(first.session.access_token);
      expect(caller?.userId).toBe(user.id);
      expect(caller?.sessionId).not.toBe(firstCaller?.sessionId);
    });

    it('answers a wrong password and an unknown e-mail the same way', async () => {
      const h = harness();
      const email = newEmail();
      await signedUp(h, email);
      const wrongPassword = await h.accounts.signIn({ email, password: 'wrong password' }).catch((e) => e);
      const unknownEmail = await h.accounts.signIn({ email: newEmail(), password: PASSWORD }).catch((e) => e);
      for (const error of [wrongPassword, unknownEmail]) {
        expect(error).toBeInstanceOf(InvalidCredentialsError);
        expect(error).toMatchObject({
          code: 'BAD_USER_INPUT',
          authCode: 'invalid_credentials',
          message: 'Invalid login credentials',
        });
      }
      expect(Object.entries(wrongPassword)).toEqual(Object.entries(unknownEmail));
      await expect(h.accounts.signIn({ email, password: '' })).rejects.toBeInstanceOf(AccountInputError);
    });

    it('takes about as long for an unknown e-mail as for a wrong password', async () => {
      // Dearer hashing so the scrypt work dominates the timings.
      const h = harness({ passwordCost: { logN: 14, r: 8, p: 1 }, signInLimits: { perEmail: 100 } });
      const email = newEmail();
      await signedUp(h, email);
      // Measured in turns, so a load spike on a busy machine slows both alike; a sign-in that skipped
      // hashing for an unknown e-mail would be tens of times faster, far outside these bounds.
      const time = async (attempt: () => Promise<unknown>) => {
        const started = performance.now();
        await attempt().catch(() => undefined);
        return performance.now() - started;
      };
      const median = (times: number[]) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
      await h.accounts.signIn({ email: newEmail(), password: PASSWORD }).catch(() => undefined); // warm-up
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        wrong.push(await time(() => h.accounts.signIn({ email, password: 'wrong password' })));
        unknown.push(await time(() => h.accounts.signIn({ email: newEmail(), password: PASSWORD })));
      }
      const [wrongPassword, unknownEmail] = [median(wrong), median(unknown)];
      expect(unknownEmail).toBeGreaterThan(wrongPassword / 4);
      expect(unknownEmail).toBeLessThan(wrongPassword * 4);
    });

    it('locks an e-mail for 15 minutes after 5 failures, in every process, then lets it in', async () => {
      const clock = manualClock();
      const h = harness({}, clock);
      const otherProcess = harness({}, clock);
      const email = newEmail();
      await signedUp(h, email);
      for (let i = 0; i < 5; i++) {
        await expect(h.accounts.signIn({ email, password: `wrong ${i}` })).rejects.toBeInstanceOf(
          InvalidCredentialsError,
        );
      }
      // Locked: even the right password is refused, here and in another process.
      const locked = h.accounts.signIn({ email, password: PASSWORD });
      await expect(locked).rejects.toBeInstanceOf(SignInRateLimitedError);
      await expect(locked).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        authCode: 'rate_limited',
        retryAfterSeconds: 900,
        message: 'Too many failed sign-in attempts. Try again in 15 minutes, or reset your password.',
      });
      await expect(otherProcess.accounts.signIn({ email, password: PASSWORD })).rejects.toBeInstanceOf(
        SignInRateLimitedError,
      );
      // Unknown e-mails are limited the same way, so the lock tells nothing either.
      const stranger = newEmail();
      for (let i = 0; i < 5; i++)
        await h.accounts.signIn({ email: stranger, password: PASSWORD }).catch(() => 0);
      await expect(h.accounts.signIn({ email: stranger, password: PASSWORD })).rejects.toBeInstanceOf(
        SignInRateLimitedError,
      );

      clock.advance(14 * MINUTE);
      await expect(h.accounts.signIn({ email, password: PASSWORD })).rejects.toMatchObject({
        retryAfterSeconds: 60,
      });
      clock.advance(MINUTE);
      await expect(h.accounts.signIn({ email, password: PASSWORD })).resolves.toBeDefined();
      // Success clears the count: four more failures do not lock.
      for (let i = 0; i < 4; i++) await h.accounts.signIn({ email, password: 'nope nope' }).catch(() => 0);
      await expect(h.accounts.signIn({ email, password: PASSWORD })).resolves.toBeDefined();
    });

    it('starts a new count when failures are spread beyond the window', async () => {
      const h = harness();
      const email = newEmail();
      await signedUp(h, email);
      for (let i = 0; i < 4; i++) await h.accounts.signIn({ email, password: 'nope nope' }).catch(() => 0);
      h.clock.advance(16 * MINUTE);
      for (let i = 0; i < 4; i++) await h.accounts.signIn({ email, password: 'nope nope' }).catch(() => 0);
      await expect(h.accounts.signIn({ email, password: PASSWORD })).resolves.toBeDefined();
    });

    it('limits failures per client address across e-mails', async () => {
      const h = harness({ signInLimits: { perAddress: 3 } });
      const ip = `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
      for (let i = 0; i < 3; i++) {
        await expect(h.accounts.signIn({ email: newEmail(), password: PASSWORD, ip })).rejects.toBeInstanceOf(
          InvalidCredentialsError,
        );
      }
      await expect(h.accounts.signIn({ email: newEmail(), password: PASSWORD, ip })).rejects.toBeInstanceOf(
        SignInRateLimitedError,
      );
    });
  });

  describe('refresh tokens', () => {
    it('rotate: each refresh gives a new pair and the old access token lives out its 15 minutes', async () => {
      const h = harness();
      const { session: first } = await signedUp(h);
      h.clock.advance(10 * MINUTE);
      const { session: second } = await h.accounts.refresh(first.refresh_token);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.expires_at).toBe(first.expires_at + 600);
      const before = await h.accounts.authenticate(first.access_token);
      const after = await h.accounts.authenticate(second.access_token);
      expect(after).toEqual(before);
      h.clock.advance(6 * MINUTE);
      expect(await h.accounts.authenticate(first.access_token)).toBeNull();
      expect(await h.accounts.authenticate(second.access_token)).not.toBeNull();
      const { session: third } = await h.accounts.refresh(second.refresh_token);
      expect(await h.accounts.authenticate(third.access_token)).toEqual(after);
    });

    it('refuse a reused token and revoke its whole family, leaving other sign-ins alone', async () => {
      const h = harness();
      const email = newEmail();
      const { session: first } = await signedUp(h, email);
      const { session: elsewhere } = await h.accounts.signIn({ email, password: PASSWORD });
      const { session: second } = await h.accounts.refresh(first.refresh_token);

      const reused = h.accounts.refresh(first.refresh_token);
      await expect(reused).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(reused).rejects.toMatchObject({ code: 'UNAUTHENTICATED', authCode: 'invalid_token' });
      // The thief's stolen copy is dead, and so is the rightful holder's newer token.
      await expect(h.accounts.refresh(second.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
      expect(await h.accounts.authenticate(second.access_token)).toBeNull();
      expect(await h.accounts.authenticate(first.access_token)).toBeNull();
      expect(await h.accounts.authenticate(elsewhere.access_token)).not.toBeNull();
      await expect(h.accounts.refresh(elsewhere.refresh_token)).resolves.toBeDefined();
    });

    it('expire 30 days after they were issued, and unknown ones are refused', async () => {
      const h = harness();
      const { session } = await signedUp(h);
      h.clock.advance(30 * 24 * 60 * MINUTE);
      await expect(h.accounts.refresh(session.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(h.accounts.refresh('no-such-token')).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(h.accounts.refresh('')).rejects.toBeInstanceOf(InvalidTokenError);
    });

    it('are deleted by the clean-up once expired, with spent sign-in counts; live ones stay', async () => {
      const h = harness();
      const { user, session } = await signedUp(h);
      const count = async (sql: string) =>
        ((await db.dataSource.query(sql, [user.id])) as { n: number }[])[0]!.n;
      await h.accounts.signIn({ email: user.email, password: 'wrong password' }).catch(() => undefined);
      expect(await h.accounts.pruneExpired()).toMatchObject({ sessions: 0 });
      h.clock.advance(30 * 24 * 60 * MINUTE + MINUTE);
      const pruned = await h.accounts.pruneExpired();
      expect(pruned.sessions).toBeGreaterThanOrEqual(1);
      expect(pruned.signInAttempts).toBeGreaterThanOrEqual(1);
      expect(await count('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1')).toBe(0);
      await expect(h.accounts.refresh(session.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
      const fresh = await h.accounts.signIn({ email: user.email, password: PASSWORD });
      await h.accounts.pruneExpired();
      expect(await h.accounts.authenticate(fresh.session.access_token)).not.toBeNull();
      expect(await count('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1')).toBe(1);
    });

    it('let only one of two simultaneous refreshes of the same token through', async () => {
      const h = harness();
      const { session } = await signedUp(h);
      const results = await Promise.allSettled([
        h.accounts.refresh(session.refresh_token),
        h.accounts.refresh(session.refresh_token),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      // The second one counts as reuse, so the family is gone.
      const winner = results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{
        session: { access_token: string };
      }>;
      expect(await h.accounts.authenticate(winner.value.session.access_token)).toBeNull();
    });
  });

  describe('sign-out', () => {
    it('stops the access and refresh tokens of that sign-in only, and is idempotent', async () => {
      const h = harness();
      const email = newEmail();
      const { session } = await signedUp(h, email);
      const { session: other } = await h.accounts.signIn({ email, password: PASSWORD });
      expect(await h.accounts.authenticate(session.access_token)).not.toBeNull();
      await h.accounts.signOut(session.access_token);
      expect(await h.accounts.authenticate(session.access_token)).toBeNull();
      await expect(h.accounts.refresh(session.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(h.accounts.signOut(session.access_token)).resolves.toBeUndefined();
      expect(await h.accounts.authenticate(other.access_token)).not.toBeNull();
      await expect(h.accounts.signOut('junk')).rejects.toBeInstanceOf(InvalidTokenError);
    });

    it('with global scope ends every sign-in of the account', async () => {
      const h = harness();
      const email = newEmail();
      const { session } = await signedUp(h, email);
      const { session: other } = await h.accounts.signIn({ email, password: PASSWORD });
      await h.accounts.signOut(session.access_token, 'global');
      expect(await h.accounts.authenticate(other.access_token)).toBeNull();
    });

    it('reaches another process once its short live-session cache lapses', async () => {
      const clock = manualClock();
      const a = harness({}, clock);
      const b = harness({ sessionCheckTtlMs: 2000 }, clock);
      const { session } = await signedUp(a);
      expect(await b.accounts.authenticate(session.access_token)).not.toBeNull();
      await a.accounts.signOut(session.access_token);
      expect(await a.accounts.authenticate(session.access_token)).toBeNull();
      clock.advance(2000);
      expect(await b.accounts.authenticate(session.access_token)).toBeNull();
    });
  });

  describe('access tokens', () => {
    function forge(
      token: string,
      edit: (header: Record<string, unknown>, payload: Record<string, unknown>) => void,
    ) {
      const [h, p] = token.split('.') as [string, string, string];
      const header = JSON.parse(Buffer.from(h, 'base64url').toString());
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      edit(header, payload);
      const enc = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      return { header: enc(header), payload: enc(payload) };
    }

    it("refuses alg 'none', other algorithms, tampering, foreign keys and expiry", async () => {
      const h = harness();
      const { session, user } = await signedUp(h);
      const token = session.access_token;
      const signature = token.split('.')[2]!;
      const other = await signedUp(h);
      const otherUserId = other.user.id;

      const none = forge(token, (header) => (header.alg = 'none'));
      const hs512 = forge(token, (header) => (header.alg = 'HS512'));
      const elevated = forge(token, (_header, payload) => (payload.sub = otherUserId));
      const foreignKey = forge(token, () => undefined);
      const foreignSignature = createHmac('sha256', Buffer.alloc(32, 7))
        .update(`${foreignKey.header}.${foreignKey.payload}`)
        .digest('base64url');
      const key = Buffer.from(
        (await db.dataSource.getRepository(Secret).findOneByOrFail({ name: SIGNING_KEY_NAME })).value,
        'base64url',
      );
      // Even correctly signed with our key, 'none' in the header is refused.
      const noneSigned = createHmac('sha256', key)
        .update(`${none.header}.${none.payload}`)
        .digest('base64url');

      for (const bad of [
        `${none.header}.${none.payload}.`,
        `${none.header}.${none.payload}.${noneSigned}`,
        `${hs512.header}.${hs512.payload}.${signature}`,
        `${elevated.header}.${elevated.payload}.${signature}`,
        `${foreignKey.header}.${foreignKey.payload}.${foreignSignature}`,
        `${token}x`,
        token.split('.').slice(0, 2).join('.'),
        '',
        'Bearer ' + token,
      ]) {
        expect(await h.accounts.authenticate(bad)).toBeNull();
      }
      expect(await h.accounts.authenticate(token)).toMatchObject({ userId: user.id });
      h.clock.advance(15 * MINUTE);
      expect(await h.accounts.authenticate(token)).toBeNull();
    });

    it('are signed with a key kept in the secrets table and shared by every process', async () => {
      const a = harness();
      const b = harness();
      const { session } = await signedUp(a);
      expect(await b.accounts.authenticate(session.access_token)).not.toBeNull();
      const secret = await db.dataSource.getRepository(Secret).findOneByOrFail({ name: SIGNING_KEY_NAME });
      expect(Buffer.from(secret.value, 'base64url')).toHaveLength(32);
    });
  });

  describe('admins', () => {
    it('come from adminEmails, whatever their case, once the address is proven by the mailed link', async () => {
      const boss = `boss-${randomUUID()}@example.com`;
      const h = harness({ adminEmails: new Set([boss.toUpperCase()]) });
      const { user, session, confirmationMailSent } = await h.accounts.signUp({
        email: boss,
        password: PASSWORD,
      });
      // Whoever signs up first with the address gets nothing until the mailbox answers, and is told so.
      expect(confirmationMailSent).toBe(true);
      expect(user.user_metadata.isAdmin).toBe(false);
      expect(await h.accounts.authenticate(session.access_token)).toMatchObject({ isAdmin: false });
      await h.accounts.settled();
      const mails = await outbox(boss);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Confirm your Blocksmith admin access');

      await h.accounts.updatePassword({ password: PASSWORD, bearer: resetTokenFrom(mails[0]!) });
      expect((await h.accounts.getUser(user.id)).user_metadata.isAdmin).toBe(true);
      const again = await h.accounts.signIn({ email: boss, password: PASSWORD });
      expect(again.user.user_metadata.isAdmin).toBe(true);
      expect(await h.accounts.authenticate(again.session.access_token)).toMatchObject({ isAdmin: true });
      const plainSignUp = await h.accounts.signUp({ email: newEmail(), password: PASSWORD });
      expect(plainSignUp.confirmationMailSent).toBe(false);
      const plain = plainSignUp.user;
      expect(plain.user_metadata.isAdmin).toBe(false);
      expect(await outbox(plain.email)).toHaveLength(0);
    });

    it('are never made by a proven address that is not listed', async () => {
      const h = harness({ adminEmails: new Set(['someone-else@example.com']) });
      const email = newEmail();
      const { user } = await signedUp(h, email);
      await h.accounts.recover(email);
      await h.accounts.settled();
      const [mail] = await outbox(email);
      await h.accounts.updatePassword({ password: PASSWORD, bearer: resetTokenFrom(mail!) });
      expect((await h.accounts.getUser(user.id)).user_metadata.isAdmin).toBe(false);
    });
  });

  describe('password recovery', () => {
    it('mails one working reset link that works once and ends every sign-in', async () => {
      const h = harness();
      const email = newEmail();
      const { session, user: me } = await signedUp(h, email);
      await h.accounts.recover(email.toUpperCase());
      await h.accounts.settled();

      const mails = await outbox(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ subject: 'Reset your Blocksmith password', sentAt: null });
      expect(mails[0]!.body).toContain('http://localhost:4000/reset-password#access_token=');
      expect(h.logLines[0]?.split('\n')[0]).toBe(`mail to ${email}: Reset your Blocksmith password`);
      expect(h.logLines[0]).toContain(`  http://localhost:4000/reset-password#access_token=`);
      const resetToken = resetTokenFrom(mails[0]!);
      const stored = await db.dataSource.getRepository(PasswordResetToken).findOneByOrFail({ userId: me.id });
      expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.expiresAt.getTime() - h.clock().getTime()).toBe(60 * MINUTE);

      // A weak password is refused without using up the link.
      await expect(
        h.accounts.updatePassword({ password: 'short', bearer: resetToken }),
      ).rejects.toBeInstanceOf(WeakPasswordError);
      const { user } = await h.accounts.updatePassword({
        password: 'a brand new secret',
        bearer: resetToken,
      });
      expect(user.email).toBe(email);
      await expect(
        h.accounts.updatePassword({ password: 'another new secret', bearer: resetToken }),
      ).rejects.toMatchObject({ authCode: 'invalid_token', code: 'UNAUTHENTICATED' });

      expect(await h.accounts.authenticate(session.access_token)).toBeNull();
      await expect(h.accounts.refresh(session.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(h.accounts.signIn({ email, password: PASSWORD })).rejects.toBeInstanceOf(
        InvalidCredentialsError,
      );
      await expect(h.accounts.signIn({ email, password: 'a brand new secret' })).resolves.toBeDefined();
    });

    it('succeeds for an unknown e-mail without sending anything', async () => {
      const h = harness();
      const stranger = newEmail();
      await expect(h.accounts.recover(stranger)).resolves.toBeUndefined();
      await h.accounts.settled();
      expect(await outbox(stranger)).toEqual([]);
      await expect(h.accounts.recover('not an e-mail')).rejects.toBeInstanceOf(AccountInputError);
    });

    it('links expire after an hour; at most 3 mails an hour', async () => {
      const h = harness();
      const email = newEmail();
      await signedUp(h, email);
      for (let i = 0; i < 5; i++) await h.accounts.recover(email);
      await h.accounts.settled();
      const mails = await outbox(email);
      expect(mails).toHaveLength(3);
      h.clock.advance(60 * MINUTE);
      await expect(
        h.accounts.updatePassword({ password: 'a brand new secret', bearer: resetTokenFrom(mails[0]!) }),
      ).rejects.toBeInstanceOf(InvalidTokenError);
      await h.accounts.recover(email);
      await h.accounts.settled();
      expect(await outbox(email)).toHaveLength(4);
      await expect(
        h.accounts.updatePassword({ password: 'a brand new secret', bearer: 'made-up' }),
      ).rejects.toBeInstanceOf(InvalidTokenError);
    });

    it('lifts a sign-in lock once the mailbox is proven', async () => {
      const h = harness();
      const email = newEmail();
      await signedUp(h, email);
      for (let i = 0; i < 5; i++) await h.accounts.signIn({ email, password: 'nope nope' }).catch(() => 0);
      await h.accounts.recover(email);
      await h.accounts.settled();
      const [mail] = await outbox(email);
      await h.accounts.updatePassword({ password: 'a brand new secret', bearer: resetTokenFrom(mail!) });
      await expect(h.accounts.signIn({ email, password: 'a brand new secret' })).resolves.toBeDefined();
    });
  });

  describe('updating the password while signed in', () => {
    it('keeps this sign-in, ends the others and voids outstanding reset links', async () => {
      const h = harness();
      const email = newEmail();
      const { session: here } = await signedUp(h, email);
      const { session: there } = await h.accounts.signIn({ email, password: PASSWORD });
      await h.accounts.recover(email);
      await h.accounts.settled();
      const [mail] = await outbox(email);

      await h.accounts.updatePassword({ password: 'a brand new secret', bearer: here.access_token });
      expect(await h.accounts.authenticate(here.access_token)).not.toBeNull();
      await expect(h.accounts.refresh(here.refresh_token)).resolves.toBeDefined();
      expect(await h.accounts.authenticate(there.access_token)).toBeNull();
      await expect(
        h.accounts.updatePassword({ password: 'yet another secret', bearer: resetTokenFrom(mail!) }),
      ).rejects.toBeInstanceOf(InvalidTokenError);
      await expect(h.accounts.signIn({ email, password: 'a brand new secret' })).resolves.toBeDefined();
    });

    it('refuses a signed-out session', async () => {
      const h = harness();
      const { session } = await signedUp(h);
      await h.accounts.signOut(session.access_token);
      await expect(
        h.accounts.updatePassword({ password: 'a brand new secret', bearer: session.access_token }),
      ).rejects.toBeInstanceOf(InvalidTokenError);
    });
  });

  it('getUser refuses an unknown id', async () => {
    const h = harness();
    await expect(h.accounts.getUser(randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(h.accounts.getUser('not-a-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("accepts each other's tokens between processes that see themselves at different addresses", async () => {
    const a = harness({ publicUrl: 'https://a.blocksmith.example' });
    const b = harness({ publicUrl: 'http://10.0.0.2:4000' });
    const email = newEmail();
    const { session, user } = await signedUp(a, email);
    expect(await b.accounts.authenticate(session.access_token)).toMatchObject({ userId: user.id });
    const onB = await b.accounts.signIn({ email, password: PASSWORD });
    expect(await a.accounts.authenticate(onB.session.access_token)).toMatchObject({ userId: user.id });
    const refreshed = await b.accounts.refresh(session.refresh_token);
    expect(await a.accounts.authenticate(refreshed.session.access_token)).toMatchObject({ userId: user.id });
    // Both sign with the one issuer the database names.
    const issuerOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iss: string }).iss;
    const stored = await db.dataSource.getRepository(Secret).findOneByOrFail({ name: TOKEN_ISSUER_NAME });
    expect(issuerOf(session.access_token)).toBe(stored.value);
    expect(issuerOf(onB.session.access_token)).toBe(stored.value);
  });

  it('checks at most 5 of many wrong passwords sent together to two processes, then refuses the right one', async () => {
    const a = harness();
    const b = harness();
    const email = newEmail();
    await signedUp(a, email);
    const outcomes = await Promise.all(
      Array.from({ length: 29 }, (_, i) =>
        (i % 2 === 0 ? a : b).accounts.signIn({ email, password: `wrong ${i}`, ip: '203.0.113.9' }).then(
          () => 'signed in',
          (error: unknown) => (error as Error).constructor.name,
        ),
      ),
    );
    const counts: Record<string, number> = {};
    for (const outcome of outcomes) counts[outcome] = (counts[outcome] ?? 0) + 1;
    expect(counts).toEqual({ InvalidCredentialsError: 5, SignInRateLimitedError: 24 });
    await expect(a.accounts.signIn({ email, password: PASSWORD })).rejects.toBeInstanceOf(
      SignInRateLimitedError,
    );
  });
});
