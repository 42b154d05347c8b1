import type { DataSource } from 'typeorm';

/**
 * Deletes what can no longer be used: expired sessions (a reused old refresh token is refused as
 * expired either way), expired or used reset links, and sign-in counts whose window (`windowMs`)
 * and lock are over at `now`. Safe to run from several processes at once. Returns the rows removed.
 */
export async function pruneExpired(
  dataSource: DataSource,
  now: Date,
  windowMs: number,
): Promise<{ sessions: number; resetTokens: number; signInAttempts: number }> {
  const count = async (sql: string, parameters: unknown[]) =>
    ((await dataSource.query(sql, parameters)) as [unknown[], number])[1];
  const sessions = await count('DELETE FROM sessions WHERE expires_at < $1', [now]);
  const resetTokens = await count(
    'DELETE FROM password_reset_tokens WHERE expires_at < $1 OR used_at IS NOT NULL',
    [now],
  );
  const signInAttempts = await count(
    `DELETE FROM sign_in_attempts
      WHERE window_started_at < $1 AND (locked_until IS NULL OR locked_until < $2)`,
    [new Date(now.getTime() - windowMs), now],
  );
  return { sessions, resetTokens, signInAttempts };
}
