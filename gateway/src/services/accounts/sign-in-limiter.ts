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
 * Counts sign-in attempts in the `sign_in_attempts` table, so every gateway process sharing the
 * database sees the same counts. An attempt is counted before its password is checked, in one
 * statement per key, so attempts sent together cannot pass the limit between the check and the
 * count; a successful sign-in then takes its attempt back. A key past its limit is locked for one
 * window; an attempt after the window has passed starts a new count.
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

  /**
   * Counts one attempt against every key and throws SignInRateLimitedError when any of them is
   * past its limit (the password is then not checked at all).
   */
  async consume(keys: readonly LimitedKey[]): Promise<void> {
    const now = this.clock().getTime();
    const at = new Date(now).toISOString();
    const windowStart = new Date(now - this.limits.windowMs).toISOString();
    const lockUntil = new Date(now + this.limits.windowMs).toISOString();
    let lockedUntil = 0;
    for (const { key, max } of keys) {
      // A count starts again once its window has passed and no lock holds; reaching one past the
      // limit locks the key for a window. The row lock orders attempts, across processes too.
      const rows: { failures: number; locked_until: Date | string | null }[] = await this.dataSource.query(
        `INSERT INTO sign_in_attempts AS a (key, failures, window_started_at, locked_until)
         VALUES ($1, 1, $2::timestamptz, CASE WHEN 1 > $4::int THEN $5::timestamptz END)
         ON CONFLICT (key) DO UPDATE SET
           failures = CASE WHEN a.window_started_at <= $3::timestamptz
               AND (a.locked_until IS NULL OR a.locked_until <= $2::timestamptz)
             THEN 1 ELSE a.failures + 1 END,
           window_started_at = CASE WHEN a.window_started_at <= $3::timestamptz
               AND (a.locked_until IS NULL OR a.locked_until <= $2::timestamptz)
             THEN $2::timestamptz ELSE a.window_started_at END,
           locked_until = CASE
             WHEN a.locked_until > $2::timestamptz THEN a.locked_until
             WHEN a.window_started_at > $3::timestamptz AND a.failures + 1 > $4::int THEN $5::timestamptz
           END
         RETURNING failures, locked_until`,
        [key, at, windowStart, max, lockUntil],
      );
      const row = rows[0]!;
      if (row.failures > max && row.locked_until !== null) {
        lockedUntil = Math.max(lockedUntil, new Date(row.locked_until).getTime());
      }
    }
    if (lockedUntil > 0) throw new SignInRateLimitedError(Math.ceil((lockedUntil - now) / 1000));
  }

  /**
   * A successful sign-in: its e-mail's count is cleared and its attempt no longer counts against
   * the client address.
   */
  async recordSuccess(email: string, address: string | undefined): Promise<void> {
    await this.dataSource.query(`DELETE FROM sign_in_attempts WHERE key = $1`, [`email:${email}`]);
    if (address) {
      await this.dataSource.query(
        `UPDATE sign_in_attempts SET failures = GREATEST(failures - 1, 0) WHERE key = $1 AND locked_until IS NULL`,
        [`address:${address}`],
      );
    }
  }
}
