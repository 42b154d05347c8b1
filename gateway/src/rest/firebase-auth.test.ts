import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from '../config';
import { User } from '../data/entities';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

const PROJECT = 'demo-blocksmith';

interface EmulatedUser {
  localId: string;
  email: string;
  emailVerified: boolean;
  disabled?: boolean;
  /** Unix seconds: tokens signed in before this are revoked. */
  validSince?: number;
}

/**
 * The part of the Firebase Auth emulator's REST API that firebase-admin calls to check a token
 * (accounts:lookup), on a loopback port. Emulator tokens are unsigned, as the emulator issues them.
 */
function startAuthEmulator(users: Map<string, EmulatedUser>): Promise<{ server: Server; host: string }> {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const lookup = `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`;
      if (req.method !== 'POST' || req.url !== lookup) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":404}}');
        return;
      }
      const { localId = [] } = JSON.parse(raw) as { localId?: string[] };
      const found = localId.map((id) => users.get(id)).filter((u): u is EmulatedUser => u !== undefined);
      if (found.length === 0) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 400, message: 'USER_NOT_FOUND' } }));
        return;
      }
      const body = {
        kind: 'identitytoolkit#GetAccountInfoResponse',
        users: found.map((u) => ({
          localId: u.localId,
          email: u.email,
          emailVerified: u.emailVerified,
          disabled: u.disabled ?? false,
          ...(u.validSince ? { validSince: String(u.validSince) } : {}),
          createdAt: '1700000000000',
          lastLoginAt: '1700000000000',
        })),
      };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, host: `127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An ID token as the Auth emulator issues it (alg none, no signature). */
function idToken(
  uid: string,
  claims: {
    email?: string;
    email_verified?: boolean;
    name?: string;
    aud?: string;
    exp?: number;
    auth_time?: number;
  },
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${claims.aud ?? PROJECT}`,
    aud: claims.aud ?? PROJECT,
    auth_time: claims.auth_time ?? now - 10,
    user_id: uid,
    sub: uid,
    iat: now - 10,
    exp: claims.exp ?? now + 3600,
    ...(claims.email ? { email: claims.email, email_verified: claims.email_verified ?? false } : {}),
    ...(claims.name ? { name: claims.name } : {}),
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

describe('AUTH_PROVIDER=firebase', () => {
  const users = new Map<string, EmulatedUser>();
  let emulator: Server;
  let t: ApiTestGateway;

  beforeAll(async () => {
    const started = await startAuthEmulator(users);
    emulator = started.server;
    // firebase-admin talks to the emulator instead of Google when this is set.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = started.host;
    t = await startApiTestGateway({
      AUTH_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: PROJECT,
      ADMIN_EMAILS: 'chief@example.com,unproven@example.com',
    });
  });

  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => emulator.close(resolve));
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });

  it('accepts a Firebase ID token and mirrors the user once', async () => {
    users.set('uid-ada', { localId: 'uid-ada', email: 'Ada@Example.com', emailVerified: true });
    const token = idToken('uid-ada', { email: 'Ada@Example.com', email_verified: true, name: 'Ada L' });
    const me = await t.api('GET', '/auth/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      email: 'ada@example.com',
      user_metadata: { full_name: 'Ada L', isAdmin: false },
    });
    const created = await t.api('POST', '/apps', {
      token,
      body: { name: 'Firebase app', config: { plugins: [], connections: [] } },
    });
    expect(created.status).toBe(201);
    expect(created.body.owner_id).toBe(me.body.user.id);
    // A second token of the same person is the same account.
    const again = await t.api('GET', '/auth/user', {
      token: idToken('uid-ada', { email: 'Ada@Example.com' }),
    });
    expect(again.body.user.id).toBe(me.body.user.id);
    const rows = await t.gateway.database.dataSource.getRepository(User).findBy({ externalId: 'uid-ada' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ authProvider: 'firebase', passwordHash: null });
    const byAuthId = await t.api('GET', '/users/by-supabase-id/uid-ada', { token });
    expect(byAuthId.body).toEqual({ id: me.body.user.id, full_name: 'Ada L' });
  });

  it('refuses tokens of another project, expired ones, disabled accounts and revoked sign-ins', async () => {
    users.set('uid-bob', { localId: 'uid-bob', email: 'bob@example.com', emailVerified: true });
    const other = idToken('uid-bob', { email: 'bob@example.com', aud: 'someone-elses-project' });
    const expired = idToken('uid-bob', { email: 'bob@example.com', exp: Math.floor(Date.now() / 1000) - 60 });
    for (const token of [other, expired, 'not.a.token']) {
      const answer = await t.api('GET', '/auth/user', { token });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe('invalid_token');
    }
    users.set('uid-off', {
      localId: 'uid-off',
      email: 'off@example.com',
      emailVerified: true,
      disabled: true,
    });
    expect(
      (await t.api('GET', '/auth/user', { token: idToken('uid-off', { email: 'off@example.com' }) })).status,
    ).toBe(401);
    const now = Math.floor(Date.now() / 1000);
    users.set('uid-old', {
      localId: 'uid-old',
      email: 'old@example.com',
      emailVerified: true,
      validSince: now,
    });
    const revoked = idToken('uid-old', { email: 'old@example.com', auth_time: now - 600 });
    expect((await t.api('GET', '/auth/user', { token: revoked })).status).toBe(401);
    expect(await t.gateway.database.dataSource.getRepository(User).countBy({ externalId: 'uid-off' })).toBe(
      0,
    );
  });

  it('makes admins of listed addresses Firebase has verified, only', async () => {
    users.set('uid-chief', { localId: 'uid-chief', email: 'chief@example.com', emailVerified: true });
    users.set('uid-unproven', {
      localId: 'uid-unproven',
      email: 'unproven@example.com',
      emailVerified: false,
    });
    const chief = idToken('uid-chief', { email: 'chief@example.com', email_verified: true });
    const unproven = idToken('uid-unproven', { email: 'unproven@example.com', email_verified: false });
    expect((await t.api('GET', '/auth/user', { token: chief })).body.user.user_metadata.isAdmin).toBe(true);
    expect((await t.api('GET', '/apps/pending-verification', { token: chief })).status).toBe(200);
    expect((await t.api('GET', '/apps/pending-verification', { token: unproven })).status).toBe(403);
  });

  it('refuses a Firebase account an admin suspended at once, and takes it back when lifted', async () => {
    users.set('uid-chief', { localId: 'uid-chief', email: 'chief@example.com', emailVerified: true });
    const chief = idToken('uid-chief', { email: 'chief@example.com', email_verified: true });
    users.set('uid-sue', { localId: 'uid-sue', email: 'sue@example.com', emailVerified: true });
    const signedInAt = Math.floor(Date.now() / 1000) - 30;
    const token = idToken('uid-sue', { email: 'sue@example.com', auth_time: signedInAt });
    const me = await t.api('GET', '/auth/user', { token });
    expect(me.status).toBe(200);
    const id = me.body.user.id as string;
    // The token's sign-in time is the account's last sign-in.
    const found = await t.api('GET', `/admin/users/${id}`, { token: chief });
    expect(found.body.lastSignInAt).toBe(new Date(signedInAt * 1000).toISOString());
    expect((await t.api('POST', `/admin/users/${id}/suspend`, { token: chief, body: {} })).status).toBe(200);
    // The verified token this process remembered is forgotten with the suspension.
    expect((await t.api('GET', '/auth/user', { token })).status).toBe(401);
    expect((await t.api('POST', `/admin/users/${id}/unsuspend`, { token: chief })).status).toBe(200);
    expect((await t.api('GET', '/auth/user', { token })).status).toBe(200);
  });

  it('turns the server’s own sign-in routes away with a clear message', async () => {
    const answer = await t.api('POST', '/auth/signup', {
      body: { email: 'local@example.com', password: 'a good long password' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('provider_disabled');
    expect(answer.body.message).toMatch(/Firebase/);
  });

  it('needs the project id to start', () => {
    expect(() => loadConfig({ AUTH_PROVIDER: 'firebase' })).toThrow(ConfigError);
    expect(() => loadConfig({ AUTH_PROVIDER: 'firebase' })).toThrow(/FIREBASE_PROJECT_ID/);
  });
});
