import type { DataSource, EntityManager } from 'typeorm';
import { PasswordResetToken, User } from '../../data/entities';
import type { Clock } from './account-types';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';

/** A password reset link works once, within an hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** At most this many reset links per account per hour; further requests quietly send nothing. */
export const RESET_MAILS_PER_HOUR = 3;

export type IssueOutcome =
  | { kind: 'issued'; user: User; token: string }
  /** No local account has this e-mail. */
  | { kind: 'no-account' }
  | { kind: 'capped' };

/** Single-use reset tokens in `password_reset_tokens`, stored as sha256 hashes. */
export class PasswordResetTokens {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** A new token for the local account with this (normalised) e-mail, within the hourly cap. */
  async issue(email: string): Promise<IssueOutcome> {
    const now = this.clock();
    const token = newOpaqueToken();
    return this.dataSource.transaction(async (tx): Promise<IssueOutcome> => {
      // Locking the account makes concurrent requests take turns, so the cap holds.
      const user = await tx
        .getRepository(User)
        .createQueryBuilder('u')
        .setLock('pessimistic_write')
        .where('u.email = :email', { email })
        .getOne();
      if (!user || user.authProvider !== 'local') return { kind: 'no-account' };
      // Tokens still unexpired were issued within the last hour.
      const recent = await tx
        .getRepository(PasswordResetToken)
        .createQueryBuilder('t')
        .where('t.user_id = :userId AND t.expires_at > :now', { userId: user.id, now })
        .getCount();
      if (recent >= RESET_MAILS_PER_HOUR) return { kind: 'capped' };
      await tx.insert(PasswordResetToken, {
        tokenHash: hashOpaqueToken(token),
        userId: user.id,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        usedAt: null,
      });
      return { kind: 'issued', user, token };
    });
  }

  /** A cheap look, outside any transaction: could this token be used now? */
  async isUsable(token: string): Promise<boolean> {
    const row = await this.dataSource
      .getRepository(PasswordResetToken)
      .findOneBy({ tokenHash: hashOpaqueToken(token) });
    return row !== null && this.usable(row);
  }

  /** Uses the token up inside the caller's transaction; the account's id, or null when it is not usable. */
  async consumeIn(tx: EntityManager, token: string): Promise<string | null> {
    const row = await tx
      .getRepository(PasswordResetToken)
      .createQueryBuilder('t')
      .setLock('pessimistic_write')
      .where('t.token_hash = :hash', { hash: hashOpaqueToken(token) })
      .getOne();
    if (!row || !this.usable(row)) return null;
    await this.useUpAllIn(tx, row.userId);
    return row.userId;
  }

  /** Voids every outstanding token of the account (its password just changed). */
  async useUpAllIn(tx: EntityManager, userId: string): Promise<void> {
    await tx
      .createQueryBuilder()
      .update(PasswordResetToken)
      .set({ usedAt: this.clock() })
      .where('user_id = :userId AND used_at IS NULL', { userId })
      .execute();
  }

  private usable(row: PasswordResetToken): boolean {
    return row.usedAt === null && row.expiresAt.getTime() > this.clock().getTime();
  }
}
