import type { DataSource } from 'typeorm';
import { SignInRateLimitedError } from './account-errors';
import type { Clock } from './account-types';

export interface SignInLimits {
  /** Failed sign-ins allowed per e-mail within `windowMs` (default 5). */
  perEmail: number;
  /** Failed sign-ins allowed per client address within `windowMs` (default 50): slows spraying many e-mails. */
  perAddress: number;
  /** Length of the counting window, and of the lock once a limit is reached (default 15 minutes). */
  windowMs: number;
}

export const DEFAULT_SIGN_IN_LIMITS: Readonly<SignInLimits> = Object.freeze({
  perEmail: 5,
  perAddress: 50,
  windowMs: 15 * 60 * 1000,
});

interface LimitedKey {
  key: string;
  max: number;
}

/**
 * Counts failed sign-ins in the `sign_in_attempts` table, so every gateway process sharing the
 * database sees the same counts. A key that reaches its limit is locked for one window from that
 * failure; a failure after the window has passed starts a new count.
 */
export class SignInLimiter {
  private readonly limits: SignInLimits;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    limits: Partial<SignInLimits> = {},
  ) {
    this.limits = { ...DEFAULT_SIGN_IN_LIMITS, ...limits };
  }

  /** How long a count lasts, and a lock. */
  get windowMs(): number {
    return this.limits.windowMs;
  }

  /** The keys an attempt counts against: its e-mail (when it could be one) and its client address. */
  keysFor(email: string | null, address: string | undefined): LimitedKey[] {
    const keys: LimitedKey[] = [];
    if (email) keys.push({ key: `email:${email}`, max: this.limits.perEmail });
    if (address) keys.push({ key: `address:${address}`, max: this.limits.perAddress });
    return keys;
  }

  /** Throws SignInRateLimitedError while any of the keys is locked. */
  async assertAllowed(keys: readonly LimitedKey[]): Promise<void> {
    if (keys.length === 0) return;
    const now = this.clock();
    const rows: { locked_until: Date | string }[] = await this.dataSource.query(
      `SELECT locked_until FROM sign_in_attempts WHERE key = ANY($1::text[]) AND locked_until > $2::timestamptz`,
      [keys.map((k) => k.key), now.toISOString()],
    );
    if (rows.length === 0) return;
    const until = Math.max(...rows.map((row) => new Date(row.locked_until).getTime()));
    throw new SignInRateLimitedError(Math.ceil((until - now.getTime()) / 1000));
  }

  /** Counts one failure against every key, locking those that reach their limit. */
  async recordFailure(keys: readonly LimitedKey[]): Promise<void> {
    const now = this.clock().getTime();
    const windowStart = new Date(now - this.limits.windowMs).toISOString();
    const lockUntil = new Date(now + this.limits.windowMs).toISOString();
    for (const { key, max } of keys) {
      // One statement, so concurrent failures from several processes all count.
      await this.dataSource.query(
        `INSERT INTO sign_in_attempts AS a (key, failures, window_started_at, locked_until)
         VALUES ($1, 1, $2::timestamptz, CASE WHEN 1 >= $4::int THEN $5::timestamptz END)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN a.window_started_at <= $3::timestamptz THEN 1 ELSE a.failures + 1 END,
           window_started_at = CASE WHEN a.window_started_at <= $3::timestamptz
             THEN $2::timestamptz ELSE a.window_started_at END,
           locked_until = CASE
             WHEN (CASE WHEN a.window_started_at <= $3::timestamptz THEN 1 ELSE a.failures + 1 END) >= $4::int
             THEN $5::timestamptz END`,
        [key, new Date(now).toISOString(), windowStart, max, lockUntil],
      );
    }
  }

  /** A successful sign-in clears its e-mail's count (the address keeps its count). */
  async recordSuccess(email: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM sign_in_attempts WHERE key = $1`, [`email:${email}`]);
  }
}
