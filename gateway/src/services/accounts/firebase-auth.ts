import { randomUUID } from 'node:crypto';
import type { App } from 'firebase-admin/app';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { DataSource } from 'typeorm';
import { firebaseAdmin } from '../../libraries';
import { FREE_NEW_ACCOUNT, type Caller, type NewAccountPlan } from './account-types';
import { normalizeEmail } from './email-address';

export interface FirebaseAuthOptions {
  dataSource: DataSource;
  /** The Firebase project whose ID tokens are accepted. */
  projectId: string;
  adminEmails: ReadonlySet<string>;
  /** The plan new accounts start on, and how it was set (DEFAULT_PLAN; default: Free). */
  newAccountPlan?: NewAccountPlan;
  /**
   * Also ask Firebase whether the token was revoked or the account disabled (one request per
   * token; needs credentials, or the Auth emulator). Default: on.
   */
  checkRevoked?: boolean;
  log?: (message: string) => void;
}

/**
 * A verified token is remembered this long (and never past its expiry), so a revocation or a
 * disabled account takes effect within a minute without asking Firebase on every request.
 */
const CACHE_MS = 60_000;
const MAX_CACHED = 10_000;

/**
 * Accounts kept by Firebase: ID tokens are verified with firebase-admin (signature against
 * Google's keys, project, issuer, expiry; revocation on request), and each Firebase user is
 * mirrored once into `users` (auth_provider firebase, external_id = uid) so apps, credits and runs
 * belong to a local id like any other account.
 */
export class FirebaseAuth {
  private readonly app: App;
  private readonly userIds = new Map<string, string>();
  private readonly verified = new Map<string, { caller: Caller; until: number }>();

  constructor(private readonly options: FirebaseAuthOptions) {
    this.app = firebaseAdmin().app.initializeApp(
      { projectId: options.projectId },
      `blocksmith-${randomUUID()}`,
    );
  }

  /** Who a Firebase ID token belongs to, or null for a token that is not valid now. Never throws. */
  async authenticate(idToken: string | null | undefined): Promise<Caller | null> {
    if (!idToken) return null;
    const cached = this.verified.get(idToken);
    if (cached && cached.until > Date.now()) return cached.caller;
    let decoded: DecodedIdToken;
    try {
      decoded = await firebaseAdmin()
        .auth.getAuth(this.app)
        .verifyIdToken(idToken, this.options.checkRevoked ?? true);
    } catch {
      return null;
    }
    const userId = await this.mirror(decoded).catch((error: unknown) => {
      this.log(`firebase: could not mirror user ${decoded.uid}: ${(error as Error).message}`);
      return null;
    });
    if (!userId) return null;
    const suspended = await this.suspended(userId, decoded.auth_time).catch((error: unknown) => {
      this.log(`firebase: could not check user ${decoded.uid}: ${(error as Error).message}`);
      return true;
    });
    if (suspended) return null;
    const email = decoded.email ? normalizeEmail(decoded.email) : '';
    const caller: Caller = {
      userId,
      email,
      isAdmin: decoded.email_verified === true && this.options.adminEmails.has(email),
      // Firebase keeps the sessions; the uid stands for them here.
      sessionId: decoded.uid,
    };
    if (this.verified.size >= MAX_CACHED) this.verified.clear();
    this.verified.set(idToken, { caller, until: Math.min(decoded.exp * 1000, Date.now() + CACHE_MS) });
    return caller;
  }

  /**
   * Forgets the verified tokens of an account (an admin suspended it), so this process asks again
   * at its next request; other processes ask within CACHE_MS.
   */
  forget(userId: string): void {
    for (const [token, entry] of this.verified) {
      if (entry.caller.userId === userId) this.verified.delete(token);
    }
  }

  async close(): Promise<void> {
    await firebaseAdmin().app.deleteApp(this.app);
  }

  /** The local id of a Firebase user, creating their record on first sight. */
  private async mirror(token: DecodedIdToken): Promise<string> {
    const known = this.userIds.get(token.uid);
    if (known) return known;
    const { dataSource } = this.options;
    // Accounts without an e-mail (phone sign-in) get an address that can never receive mail.
    const email = token.email ? normalizeEmail(token.email) : `${token.uid.toLowerCase()}@firebase.invalid`;
    const fullName = typeof token.name === 'string' ? token.name.trim().slice(0, 100) : '';
    // One statement: creates the record, or finds it (noting a newly verified address).
    const rows = (await dataSource.query(
      `INSERT INTO users (id, email, full_name, auth_provider, external_id, email_confirmed_at, plan, plan_set_by)
       VALUES ($1, $2, $3, 'firebase', $4, CASE WHEN $5::boolean THEN now() END, $6, $7)
       ON CONFLICT (external_id) DO UPDATE
         SET email_confirmed_at = COALESCE(users.email_confirmed_at, EXCLUDED.email_confirmed_at)
       RETURNING id`,
      [
        randomUUID(),
        email,
        fullName,
        token.uid,
        token.email_verified === true,
        (this.options.newAccountPlan ?? FREE_NEW_ACCOUNT).plan,
        (this.options.newAccountPlan ?? FREE_NEW_ACCOUNT).setBy,
      ],
    )) as { id: string }[];
    const id = rows[0]?.id;
    if (!id) throw new Error('the user record was not stored');
    if (this.userIds.size >= MAX_CACHED) this.userIds.clear();
    this.userIds.set(token.uid, id);
    return id;
  }

  /**
   * Whether an admin suspended the account; notes the token's sign-in time as the account's last
   * sign-in (when it is later than the one kept), in the same statement.
   */
  private async suspended(userId: string, authTime: number): Promise<boolean> {
    const signedInAt = Number.isFinite(authTime) && authTime > 0 ? new Date(authTime * 1000) : null;
    const rows = (await this.options.dataSource.query(
      `WITH noted AS (
         UPDATE users SET last_sign_in_at = $2
          WHERE id = $1 AND $2::timestamptz IS NOT NULL
            AND (last_sign_in_at IS NULL OR last_sign_in_at < $2::timestamptz)
       )
       SELECT suspended_at IS NOT NULL AS suspended FROM users WHERE id = $1`,
      [userId, signedInAt],
    )) as { suspended: boolean }[];
    return rows[0]?.suspended !== false;
  }

  private log(message: string): void {
    (this.options.log ?? ((line: string) => console.error(line)))(message);
  }
}
