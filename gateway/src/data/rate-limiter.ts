import type { DataSource } from 'typeorm';

export interface RateLimitOutcome {
  allowed: boolean;
  /** Seconds until the window ends, when not allowed. */
  retryAfterSeconds: number;
}

/**
 * A fixed-window counter per key in the `rate_limits` table: one upsert counts a request and
 * answers the count, so every process sharing the database counts together and requests sent at
 * once cannot pass the limit between a check and a count.
 */
export class RateLimiter {
  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request against `key`; not allowed past `max` within `windowMs`. */
  async consume(key: string, max: number, windowMs: number): Promise<RateLimitOutcome> {
    const now = this.now();
    const rows = (await this.dataSource.query(
      `INSERT INTO rate_limits AS r (key, points, window_started_at) VALUES ($1, 1, $2::timestamptz)
       ON CONFLICT (key) DO UPDATE SET
         points = CASE WHEN r.window_started_at <= $3::timestamptz THEN 1 ELSE r.points + 1 END,
         window_started_at = CASE WHEN r.window_started_at <= $3::timestamptz
           THEN $2::timestamptz ELSE r.window_started_at END
       RETURNING points, window_started_at`,
      [key, new Date(now).toISOString(), new Date(now - windowMs).toISOString()],
    )) as { points: number; window_started_at: Date | string }[];
    const row = rows[0]!;
    if (Number(row.points) <= max) return { allowed: true, retryAfterSeconds: 0 };
    const ends = new Date(row.window_started_at).getTime() + windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((ends - now) / 1000)) };
  }
}
