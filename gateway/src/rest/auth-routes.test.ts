import { MailMessage } from '../data/entities';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const PASSWORD = 'a good long password';

describe('/api/auth routes (local accounts)', () => {
  let t: ApiTestGateway;

  beforeAll(async () => {
    t = await startApiTestGateway({ ADMIN_EMAILS: 'boss@example.com' });
  });

  afterAll(() => t.close());

  const signUp = (email: string, extra: Record<string, unknown> = {}) =>
    t.api('POST', '/auth/signup', { body: { email, password: PASSWORD, ...extra } });

  describe('POST /api/auth/signup', () => {
    it('creates the account and answers the user and a session', async () => {
      const answer = await signUp('ann@example.com', { fullName: 'Ann Lee' });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({
        email: 'ann@example.com',
        user_metadata: { full_name: 'Ann Lee', isAdmin: false },
      });
      expect(answer.body.session).toMatchObject({ token_type: 'bearer', expires_in: 900 });
      expect(answer.body.session.expires_at).toBeGreaterThan(Date.now() / 1000);
    });

    it('refuses a password under 8 characters with weak_password, and keeps no account', async () => {
      const answer = await t.api('POST', '/auth/signup', {
        body: { email: 'weak@example.com', password: 'short' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error: 'weak_password',
        message: expect.stringMatching(/8 characters/),
      });
      const signIn = await t.api('POST', '/auth/signin', {
        body: { email: 'weak@example.com', password: 'short' },
      });
      expect(signIn.body.error).toBe('invalid_credentials');
    });

    it('refuses a taken e-mail with a clear 400', async () => {
      await signUp('taken@example.com');
      const again = await signUp('TAKEN@example.com');
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ error: 'email_taken', message: expect.stringMatching(/already exists/) });
    });

    it('answers broken JSON, wrong types and missing fields with 400 naming the problem', async () => {
      const broken = await t.api('POST', '/auth/signup', {
        raw: '{"email": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.status).toBe(400);
      expect(broken.body.error).toBe('invalid_json');
      const wrongType = await t.api('POST', '/auth/signup', { body: { email: 42, password: PASSWORD } });
      expect(wrongType.body).toEqual({ error: 'bad_request', message: '`email` must be a string.' });
      const missing = await t.api('POST', '/auth/signup', { body: { email: 'x@example.com' } });
      expect(missing.body).toEqual({ error: 'bad_request', message: '`password` is required.' });
      const notJson = await t.api('POST', '/auth/signup', {
        raw: 'email=x',
        headers: { 'content-type': 'text/plain' },
      });
      expect(notJson.status).toBe(415);
      const badEmail = await signUp('not-an-address');
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.error).toBe('validation_failed');
    });
  });

  describe('POST /api/auth/signin', () => {
    beforeAll(() => signUp('sam@example.com'));

    it('answers the same shape as sign-up', async () => {
      const answer = await t.api('POST', '/auth/signin', {
        body: { email: 'sam@example.com', password: PASSWORD },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.user.email).toBe('sam@example.com');
      expect(typeof answer.body.session.access_token).toBe('string');
    });

    it('gives the same answer for a wrong password and an unknown e-mail', async () => {
      const wrong = await t.api('POST', '/auth/signin', {
        body: { email: 'sam@example.com', password: 'wrong password' },
      });
      const unknown = await t.api('POST', '/auth/signin', {
        body: { email: 'nobody@example.com', password: PASSWORD },
      });
      for (const answer of [wrong, unknown]) {
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: 'invalid_credentials', message: 'Invalid login credentials' });
      }
    });

    it('slows repeated failures down with 429 and Retry-After', async () => {
      await signUp('target@example.com');
      let answer = await t.api('POST', '/auth/signin', {
        body: { email: 'target@example.com', password: 'nope nope' },
      });
      for (let i = 0; i < 20 && answer.status !== 429; i++) {
        answer = await t.api('POST', '/auth/signin', {
          body: { email: 'target@example.com', password: 'nope nope' },
        });
      }
      expect(answer.status).toBe(429);
      expect(answer.body.error).toBe('rate_limited');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });

  describe('POST /api/auth/refresh', () => {
    it('rotates the refresh token and refuses a reused one', async () => {
      const { body } = await signUp('rita@example.com');
      const first = await t.api('POST', '/auth/refresh', {
        body: { refresh_token: body.session.refresh_token },
      });
      expect(first.status).toBe(200);
      expect(first.body.session.refresh_token).not.toBe(body.session.refresh_token);
      const reused = await t.api('POST', '/auth/refresh', {
        body: { refresh_token: body.session.refresh_token },
      });
      expect(reused.status).toBe(401);
      expect(reused.body.error).toBe('invalid_token');
    });

    it('asks for refresh_token when it is missing', async () => {
      const answer = await t.api('POST', '/auth/refresh', { body: {} });
      expect(answer.body).toEqual({ error: 'bad_request', message: '`refresh_token` is required.' });
    });
  });

  describe('POST /api/auth/signout', () => {
    it('answers 204 and the session’s tokens stop working', async () => {
      const { body } = await signUp('olga@example.com');
      const token = body.session.access_token as string;
      expect((await t.api('GET', '/auth/user', { token })).status).toBe(200);
      const out = await t.api('POST', '/auth/signout', { token });
      expect(out.status).toBe(204);
      const after = await t.api('GET', '/auth/user', { token });
      expect(after.status).toBe(401);
      expect(after.body.error).toBe('invalid_token');
      const refresh = await t.api('POST', '/auth/refresh', {
        body: { refresh_token: body.session.refresh_token },
      });
      expect(refresh.status).toBe(401);
    });

    it('needs a bearer token', async () => {
      const answer = await t.api('POST', '/auth/signout');
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('unauthorized');
    });
  });

  describe('POST /api/auth/recover and /api/auth/update-password', () => {
    it('answers 200 for known and unknown addresses alike, mailing only the known one', async () => {
      await signUp('pat@example.com');
      const mails = t.gateway.database.dataSource.getRepository(MailMessage);
      const before = await mails.count();
      const known = await t.api('POST', '/auth/recover', { body: { email: 'pat@example.com' } });
      const unknown = await t.api('POST', '/auth/recover', { body: { email: 'ghost@example.com' } });
      expect([known.status, unknown.status]).toEqual([200, 200]);
      expect(known.body).toEqual(unknown.body);
      await t.gateway.services.accounts.settled();
      const sent = await mails.find({ order: { createdAt: 'DESC' } });
      expect(sent.length).toBe(before + 1);
      expect(sent[0]!.toAddress).toBe('pat@example.com');
    });

    it('updates the password with the session, refusing short ones', async () => {
      const { body } = await signUp('una@example.com');
      const token = body.session.access_token as string;
      const short = await t.api('POST', '/auth/update-password', { token, body: { password: '1234567' } });
      expect(short.status).toBe(400);
      expect(short.body.error).toBe('weak_password');
      const changed = await t.api('POST', '/auth/update-password', {
        token,
        body: { password: 'a brand new password' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.user.email).toBe('una@example.com');
      const signIn = await t.api('POST', '/auth/signin', {
        body: { email: 'una@example.com', password: 'a brand new password' },
      });
      expect(signIn.status).toBe(200);
    });

    it('needs the reset token or a session', async () => {
      const answer = await t.api('POST', '/auth/update-password', {
        body: { password: 'a brand new password' },
      });
      expect(answer.status).toBe(401);
    });
  });

  describe('GET /api/auth/user', () => {
    it('answers the user; a listed admin carries isAdmin once the mailed link proved the address', async () => {
      const { body } = await signUp('boss@example.com');
      const unproven = await t.api('GET', '/auth/user', { token: body.session.access_token });
      expect(unproven.body.user).toMatchObject({
        email: 'boss@example.com',
        user_metadata: { isAdmin: false },
      });
      await t.gateway.services.accounts.settled();
      const [mail] = await t.gateway.database.dataSource
        .getRepository(MailMessage)
        .find({ where: { toAddress: 'boss@example.com' }, order: { createdAt: 'DESC' }, take: 1 });
      expect(mail!.subject).toBe('Confirm your Blocksmith admin access');
      const resetToken = /access_token=([\w-]+)/.exec(mail!.body)![1]!;
      const confirmed = await t.api('POST', '/auth/update-password', {
        token: resetToken,
        body: { password: PASSWORD },
      });
      expect(confirmed.body.user.user_metadata.isAdmin).toBe(true);
      const signIn = await t.api('POST', '/auth/signin', {
        body: { email: 'boss@example.com', password: PASSWORD },
      });
      const answer = await t.api('GET', '/auth/user', { token: signIn.body.session.access_token });
      expect(answer.body.user).toMatchObject({ email: 'boss@example.com', user_metadata: { isAdmin: true } });
    });

    it('refuses no token and a forged one with 401', async () => {
      expect((await t.api('GET', '/auth/user')).status).toBe(401);
      const forged = await t.api('GET', '/auth/user', { token: 'eyJhbGciOiJub25lIn0.e30.' });
      expect(forged.status).toBe(401);
      expect(forged.body.error).toBe('invalid_token');
    });
  });
});
