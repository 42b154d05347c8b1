import {
  PLANS,
  UNLIMITED,
  isPlanId,
  type App,
  type PlanId,
  type PublishingInfo,
  type VerificationStatus,
} from '@blocksmith/schema';
import type { DataSource, EntityManager } from 'typeorm';
import { AppRecord, AppVersion, User } from '../../data/entities';
import { contentOf } from '../apps/app-versions';
import { ForbiddenError, InputError, NotFoundError, PublishingLimitError } from '../../errors';
import type { AppInput } from '../apps/app-input';
import type { AppService } from '../apps/app-service';
import { toApp } from '../apps/to-app';
import { isUuid } from '../../ids';

/** Server-side texts; the workbench matches on the quoted phrases (spec, error catalogue). */
export const NAME_AND_CATEGORY_REQUIRED = 'Name and category are required to publish an app.';
export const REVIEW_NOTES_REQUIRED =
  'Review Notes Required: Please provide review notes when rejecting an app.';

export function publishingLimitMessage(plan: PlanId, limit: number): string {
  return (
    `Publishing limit reached: the ${PLANS[plan].name} plan allows ${limit} published ` +
    `app${limit === 1 ? '' : 's'}. Upgrade your plan to publish more apps.`
  );
}

export interface Reviewer {
  userId: string;
  isAdmin: boolean;
}

/**
 * Publishing within plan limits, unpublishing, and the admins' review. A publish or review is one
 * transaction that locks the owner's row, so two publishes at once cannot pass the limit together.
 */
export class PublishingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly apps: AppService,
    /** Runs the app's test set before a version goes to review, and refuses what the gate does not pass. */
    private readonly tests?: { beforeSubmit(ownerId: string, appId: string): Promise<unknown> },
  ) {}

  async info(userId: string): Promise<PublishingInfo> {
    return this.infoWith(this.dataSource.manager, userId);
  }

  /** Publishes an own app: it goes to review (pending) and counts against the plan. */
  async publish(ownerId: string, appId: string): Promise<{ app: App; publishingInfo: PublishingInfo }> {
    await this.testBeforeReview(ownerId, appId);
    return this.changingStore(async (tx) => {
      const plan = await this.lockOwner(tx, ownerId);
      const record = await this.ownApp(tx, ownerId, appId);
      if (record.name.trim() === '' || record.category.trim() === '')
        throw new InputError(NAME_AND_CATEGORY_REQUIRED);
      if (!record.isPublished) {
        const limit = PLANS[plan].publishedAppLimit;
        const count = await this.publishedCount(tx, ownerId);
        if (limit !== UNLIMITED && count >= limit)
          throw new PublishingLimitError(publishingLimitMessage(plan, limit));
      }
      // The draft as it is now goes to review; the live version, if any, keeps serving meanwhile.
      // A draft that is the live version already has nothing to review.
      const draft = record.draftVersionId;
      const unchanged = draft !== null && draft === record.liveVersionId && record.isPublished;
      Object.assign(record, {
        isPublished: true,
        verificationStatus: (unchanged ? 'approved' : 'pending') satisfies VerificationStatus,
        submittedVersionId: unchanged ? null : draft,
        reviewNotes: null,
        publishedAt: record.publishedAt ?? new Date(),
        updatedAt: new Date(),
      });
      await tx.getRepository(AppRecord).save(record);
      return { app: toApp(record), publishingInfo: await this.infoWith(tx, ownerId) };
    });
  }

  /**
   * A draft about to go to review runs its test set first (waited for, on the owner's credits);
   * the gate's minimums refuse it with what to do. A draft already live has nothing to test.
   */
  private async testBeforeReview(ownerId: string, appId: string): Promise<void> {
    if (!this.tests || !isUuid(appId)) return;
    const record = await this.dataSource.getRepository(AppRecord).findOneBy({ id: appId, ownerId });
    if (!record) return; // publish answers it as not found
    const unchanged = record.draftVersionId !== null && record.draftVersionId === record.liveVersionId;
    if (unchanged && record.isPublished) return;
    // What publish refuses anyway is refused before anything is run and charged.
    if (record.name.trim() === '' || record.category.trim() === '') return;
    if (!record.isPublished) {
      const user = await this.dataSource.getRepository(User).findOneBy({ id: ownerId });
      const limit = PLANS[isPlanId(user?.plan) ? user.plan : 'free'].publishedAppLimit;
      if (limit !== UNLIMITED && (await this.publishedCount(this.dataSource.manager, ownerId)) >= limit)
        return;
    }
    await this.tests.beforeSubmit(ownerId, appId);
  }

  /** Saves the whole app (creating it when it has no id), then publishes it. */
  async publishWithData(
    ownerId: string,
    input: AppInput & { id?: string },
  ): Promise<{ app: App; publishingInfo: PublishingInfo }> {
    if ((input.name ?? '').trim() === '' || (input.category ?? '').trim() === '') {
      throw new InputError(NAME_AND_CATEGORY_REQUIRED);
    }
    const saved = input.id
      ? await this.apps.update(ownerId, input.id, input)
      : await this.apps.create(ownerId, input);
    return this.publish(ownerId, saved.id!);
  }

  async unpublish(ownerId: string, appId: string): Promise<App> {
    return this.changingStore(async (tx) => {
      const record = await this.ownApp(tx, ownerId, appId);
      // Taken down: nothing is live or in review until it is published and approved again.
      Object.assign(record, {
        isPublished: false,
        liveVersionId: null,
        live: null,
        submittedVersionId: null,
        updatedAt: new Date(),
      });
      await tx.getRepository(AppRecord).save(record);
      return toApp(record);
    });
  }

  /** Published apps waiting for review, oldest first (admins only). */
  async pending(reviewer: Reviewer): Promise<App[]> {
    this.requireAdmin(reviewer);
    const records = await this.dataSource.getRepository(AppRecord).find({
      where: { isPublished: true, verificationStatus: 'pending' },
      order: { publishedAt: 'ASC' },
    });
    return records.map(toApp);
  }

  /** Published apps by review status (admins only). */
  async counts(reviewer: Reviewer): Promise<Record<VerificationStatus, number>> {
    this.requireAdmin(reviewer);
    const rows = (await this.dataSource.query(
      `SELECT verification_status AS status, count(*)::int AS n FROM apps WHERE is_published GROUP BY verification_status`,
    )) as { status: VerificationStatus; n: number }[];
    const counts: Record<VerificationStatus, number> = { pending: 0, approved: 0, rejected: 0 };
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }

  /** Approves (notes optional) or rejects (notes required) a published app. */
  async review(reviewer: Reviewer, appId: string, status: string, reviewNotes?: string | null): Promise<App> {
    this.requireAdmin(reviewer);
    if (status !== 'approved' && status !== 'rejected')
      throw new InputError('status must be approved or rejected.');
    const notes = typeof reviewNotes === 'string' ? reviewNotes.trim() : '';
    if (status === 'rejected' && notes === '') throw new InputError(REVIEW_NOTES_REQUIRED);
    if (notes.length > 5000) throw new InputError('Review notes must be at most 5,000 characters.');
    return this.changingStore(async (tx) => {
      const record = await tx.getRepository(AppRecord).findOne({
        where: { id: this.uuid(appId), isPublished: true },
        lock: { mode: 'pessimistic_write' },
      });
      if (!record) throw new NotFoundError('App not found.');
      // What was submitted (an app from before versions: its draft) becomes live when approved;
      // a rejection leaves the live version live.
      const submitted = record.submittedVersionId ?? record.draftVersionId;
      if (status === 'approved' && submitted) {
        const version = await tx.getRepository(AppVersion).findOneByOrFail({ id: submitted });
        Object.assign(record, { liveVersionId: version.id, live: contentOf(version) });
      }
      Object.assign(record, {
        verificationStatus: status,
        submittedVersionId: null,
        reviewNotes: notes === '' ? null : notes,
        updatedAt: new Date(),
      });
      await tx.getRepository(AppRecord).save(record);
      return toApp(record);
    });
  }

  /** One transaction that may change what the store lists; the store is read afresh after it. */
  private async changingStore<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction(work);
    this.apps.storeChanged();
    return result;
  }

  private requireAdmin(reviewer: Reviewer): void {
    if (!reviewer.isAdmin) throw new ForbiddenError('Only admins may review apps.');
  }

  private async infoWith(manager: EntityManager, userId: string): Promise<PublishingInfo> {
    const user = await manager.getRepository(User).findOneBy({ id: this.uuid(userId) });
    if (!user) throw new NotFoundError('There is no such user.');
    const plan = isPlanId(user.plan) ? user.plan : 'free';
    const limit = PLANS[plan].publishedAppLimit;
    const currentCount = await this.publishedCount(manager, userId);
    const remaining = limit === UNLIMITED ? UNLIMITED : Math.max(0, limit - currentCount);
    return { plan, limit, currentCount, remaining, canPublish: limit === UNLIMITED || remaining > 0 };
  }

  /**
   * Locks the owner's row against another publish (FOR NO KEY UPDATE: a save of one of their apps,
   * whose new version refers to the owner, still goes ahead, so the two never deadlock).
   */
  private async lockOwner(tx: EntityManager, ownerId: string): Promise<PlanId> {
    const user = await tx
      .getRepository(User)
      .findOne({ where: { id: this.uuid(ownerId) }, lock: { mode: 'for_no_key_update' } });
    if (!user) throw new NotFoundError('There is no such user.');
    return isPlanId(user.plan) ? user.plan : 'free';
  }

  private async ownApp(tx: EntityManager, ownerId: string, appId: string): Promise<AppRecord> {
    const record = await tx
      .getRepository(AppRecord)
      .findOne({ where: { id: this.uuid(appId), ownerId }, lock: { mode: 'pessimistic_write' } });
    if (!record) throw new NotFoundError('App not found.');
    return record;
  }

  private publishedCount(manager: EntityManager, ownerId: string): Promise<number> {
    return manager.getRepository(AppRecord).countBy({ ownerId, isPublished: true });
  }

  private uuid(id: string): string {
    if (!isUuid(id)) throw new NotFoundError('App not found.');
    return id;
  }
}
