import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { Session } from '../../data/entities';
import type { Clock } from './account-types';
import { hashOpaqueToken, newOpaqueToken } from './opaque-token';

/** A refresh token works for 30 days after it was issued (each refresh starts a new 30 days). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How long a live-session check is trusted before asking the database again. */
export const DEFAULT_SESSION_CHECK_TTL_MS = 2000;
const MAX_CACHED_CHECKS = 10_000;

/** Which sign-ins to end. */
export interface RevokeWhich {
  familyId?: string;
  userId?: string;
  exceptFamilyId?: string;
}

export type RotateOutcome =
  | { kind: 'rotated'; userId: string; familyId: string; refreshToken: string }
  /** The token had already been traded: the whole family is now revoked. */
  | { kind: 'reused' }
  /** Unknown, expired or revoked. */
  | { kind: 'refused' };

/**
 * Sign-ins in the `sessions` table. A sign-in is a family of rows, one per refresh token; a
 * refresh marks its row rotated and adds the next one. Revocation always covers a whole family, so
 * a family is live exactly while none of its rows is revoked. Only sha256 hashes of refresh tokens
 * are stored.
 */
export class SessionStore {
  /** Families seen live recently, with when they were checked (clock ms). */
  private readonly liveChecks = new Map<string, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly checkTtlMs = DEFAULT_SESSION_CHECK_TTL_MS,
  ) {}

  /** A new sign-in; the family's id is also its first row's id. */
  async start(userId: string): Promise<{ familyId: string; refreshToken: string }> {
    const familyId = randomUUID();
    const refreshToken = newOpaqueToken();
    await this.dataSource.getRepository(Session).insert(this.row(userId, familyId, refreshToken, familyId));
    return { familyId, refreshToken };
  }

  /** Trades a refresh token for the next one, detecting reuse. */
  async rotate(refreshToken: string): Promise<RotateOutcome> {
    const now = this.clock();
    const next = newOpaqueToken();
    const outcome = await this.dataSource.transaction(async (tx): Promise<RotateOutcome> => {
      // The row lock makes two refreshes of one token take turns: the second sees it rotated.
      const row = await tx
        .getRepository(Session)
        .createQueryBuilder('s')
        .setLock('pessimistic_write')
        .where('s.refresh_token_hash = :hash', { hash: hashOpaqueToken(refreshToken) })
        .getOne();
      if (!row || row.revokedAt || (await this.familyRevoked(tx, row.familyId))) return { kind: 'refused' };
      if (row.rotatedAt) {
        await this.revokeIn(tx, { familyId: row.familyId });
        return { kind: 'reused' };
      }
      if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'refused' };
      await tx.update(Session, { id: row.id }, { rotatedAt: now });
      await tx.insert(Session, this.row(row.userId, row.familyId, next));
      return { kind: 'rotated', userId: row.userId, familyId: row.familyId, refreshToken: next };
    });
    if (outcome.kind === 'reused') this.forgetLiveChecks();
    return outcome;
  }

  /** Ends sign-ins in a transaction of its own. */
  async revoke(which: RevokeWhich): Promise<void> {
    await this.dataSource.transaction((tx) => this.revokeIn(tx, which));
    this.forgetLiveChecks();
  }

  /** Ends sign-ins inside the caller's transaction; call `forgetLiveChecks()` once it commits. */
  async revokeIn(tx: EntityManager, which: RevokeWhich): Promise<void> {
    const query = tx
      .createQueryBuilder()
      .update(Session)
      .set({ revokedAt: this.clock() })
      .where('revoked_at IS NULL');
    if (which.familyId) query.andWhere('family_id = :familyId', { familyId: which.familyId });
    if (which.userId) query.andWhere('user_id = :userId', { userId: which.userId });
    if (which.exceptFamilyId) {
      query.andWhere('family_id <> :exceptFamilyId', { exceptFamilyId: which.exceptFamilyId });
    }
    await query.execute();
  }

  /**
   * True while the sign-in has not been revoked. A live answer is trusted for `checkTtlMs` in this
   * process; revocations made here clear that at once, other processes see them within `checkTtlMs`.
   */
  async isLive(familyId: string, userId: string): Promise<boolean> {
    const nowMs = this.clock().getTime();
    const checkedAt = this.liveChecks.get(familyId);
    if (checkedAt !== undefined && nowMs - checkedAt < this.checkTtlMs) return true;
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS total, count(revoked_at)::int AS revoked
       FROM sessions WHERE family_id = $1 AND user_id = $2`,
      [familyId, userId],
    );
    const live = Number(row?.total) > 0 && Number(row?.revoked) === 0;
    if (!live) {
      this.liveChecks.delete(familyId);
    } else if (this.checkTtlMs > 0) {
      if (this.liveChecks.size >= MAX_CACHED_CHECKS) this.liveChecks.clear();
      this.liveChecks.set(familyId, nowMs);
    }
    return live;
  }

  forgetLiveChecks(): void {
    this.liveChecks.clear();
  }

  private async familyRevoked(tx: EntityManager, familyId: string): Promise<boolean> {
    const [row] = await tx.query(
      `SELECT EXISTS (SELECT 1 FROM sessions WHERE family_id = $1 AND revoked_at IS NOT NULL) AS revoked`,
      [familyId],
    );
    return row?.revoked === true;
  }

  private row(userId: string, familyId: string, refreshToken: string, id: string = randomUUID()) {
    const now = this.clock();
    return {
      id,
      userId,
      familyId,
      refreshTokenHash: hashOpaqueToken(refreshToken),
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      revokedAt: null,
      rotatedAt: null,
      createdAt: now,
    };
  }
}
