import type { DataSource } from 'typeorm';
import { InputError } from '../../errors';
import { isUuid } from '../../ids';
import type { Viewer } from '../apps/app-access';
import type { AppService } from '../apps/app-service';

/** Apps one `upvotedAmong` question may name. */
export const MAX_UPVOTE_QUESTIONS = 500;

export interface UpvoteResult {
  /** False when this person had already upvoted the app. */
  counted: boolean;
  upvotes: number;
}

/**
 * Upvotes (one per person per app: the table's primary key says so) and views. Only apps the
 * person can see may be upvoted or viewed; the count changes in the same transaction as the vote.
 */
export class UpvoteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly apps: AppService,
  ) {}

  async upvote(userId: string, appId: string): Promise<UpvoteResult> {
    const app = await this.apps.get({ userId, isAdmin: false }, appId);
    const result = await this.dataSource.transaction(async (tx) => {
      const inserted = (await tx.query(
        'INSERT INTO upvotes (app_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING app_id',
        [app.id, userId],
      )) as unknown[];
      const counted = inserted.length === 1;
      // TypeORM answers an UPDATE with [rows, count] and a SELECT with rows.
      const upvotes = counted
        ? (
            (await tx.query('UPDATE apps SET upvotes = upvotes + 1 WHERE id = $1 RETURNING upvotes', [
              app.id,
            ])) as [{ upvotes: number }[], number]
          )[0][0]!.upvotes
        : ((await tx.query('SELECT upvotes FROM apps WHERE id = $1', [app.id])) as { upvotes: number }[])[0]!
            .upvotes;
      return { counted, upvotes: Number(upvotes) };
    });
    // Upvotes order the store.
    if (result.counted) this.apps.storeChanged();
    return result;
  }

  async hasUpvoted(userId: string, appId: string): Promise<boolean> {
    const app = await this.apps.get({ userId, isAdmin: false }, appId);
    const rows = (await this.dataSource.query('SELECT 1 FROM upvotes WHERE app_id = $1 AND user_id = $2', [
      app.id,
      userId,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** Of `appIds`, the ones this person has upvoted (the store asks for a whole page at once). */
  async upvotedAmong(userId: string, appIds: readonly string[]): Promise<string[]> {
    if (appIds.length > MAX_UPVOTE_QUESTIONS) {
      throw new InputError(`Ask about ${MAX_UPVOTE_QUESTIONS} apps at most at once.`);
    }
    const ids = appIds.filter(isUuid);
    if (ids.length === 0) return [];
    const rows = (await this.dataSource.query(
      'SELECT app_id FROM upvotes WHERE user_id = $1 AND app_id = ANY($2::uuid[])',
      [userId, ids],
    )) as { app_id: string }[];
    return rows.map((row) => row.app_id);
  }

  /** Counts a view of an app's page; returns the new count. */
  async view(viewer: Viewer, appId: string): Promise<number> {
    const app = await this.apps.get(viewer, appId);
    const [changed] = (await this.dataSource.query(
      'UPDATE apps SET views = views + 1 WHERE id = $1 RETURNING views',
      [app.id],
    )) as [{ views: number }[], number];
    return Number(changed[0]!.views);
  }
}
