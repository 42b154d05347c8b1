import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { AppVersion, BlocksmithApi, VersionedApp } from '../api/blocksmith-api';
import { REVIEW_COMPARISON } from '../texts/version-texts';

export type ComparedField = keyof typeof REVIEW_COMPARISON.fields;

/** One line of the side-by-side view: a field of the live version and of the submitted one. */
export interface ComparisonRow {
  field: ComparedField;
  label: string;
  /** Null when nothing is live yet. */
  live: string | null;
  submitted: string;
  changed: boolean;
}

function fieldValue(version: AppVersion, field: ComparedField): string {
  if (field === 'blocks') return String(version.config?.plugins?.length ?? 0);
  return version[field];
}

/** The rows of the side-by-side view, in a fixed order. */
export function comparisonRows(submitted: AppVersion, live: AppVersion | null): ComparisonRow[] {
  return (Object.keys(REVIEW_COMPARISON.fields) as ComparedField[]).map((field) => {
    const next = fieldValue(submitted, field);
    const before = live ? fieldValue(live, field) : null;
    return {
      field,
      label: REVIEW_COMPARISON.fields[field],
      live: before,
      submitted: next,
      changed: before !== next,
    };
  });
}

/**
 * What a reviewer compares for an app in review: the submitted version beside the live one (none
 * for a first publication), with the server's lines of what differs from the live version.
 */
export class ReviewComparisonStore {
  submitted: AppVersion | null = null;
  live: AppVersion | null = null;
  loading = false;
  error: string | null = null;
  /** The app has no version waiting for review. */
  missing = false;
  private request = 0;

  constructor(private readonly api: BlocksmithApi) {
    makeObservable(this, {
      submitted: observableRef,
      live: observableRef,
      loading: observable,
      error: observable,
      missing: observable,
      rows: computed,
      changes: computed,
      clear: action,
    });
  }

  get rows(): ComparisonRow[] {
    return this.submitted ? comparisonRows(this.submitted, this.live) : [];
  }

  /** The server's lines of what the submitted version changes from the live one. */
  get changes(): string[] {
    return this.submitted?.changesFromLive ?? [];
  }

  clear(): void {
    this.request += 1;
    this.submitted = null;
    this.live = null;
    this.loading = false;
    this.error = null;
    this.missing = false;
  }

  /** Reads the submitted and the live version of `app` (by its version ids, else from its history). */
  async load(app: VersionedApp): Promise<void> {
    this.clear();
    const appId = app.id;
    if (!appId) return;
    const request = this.request;
    runInAction(() => (this.loading = true));
    try {
      let submittedId = app.submittedVersionId ?? null;
      let liveId = app.liveVersionId ?? null;
      if (!submittedId) {
        const entries = await this.api.appVersions(appId);
        submittedId = entries.find((entry) => entry.isInReview)?.id ?? null;
        liveId ??= entries.find((entry) => entry.isLive)?.id ?? null;
      }
      if (!submittedId) {
        if (request === this.request) runInAction(() => (this.missing = true));
        return;
      }
      const [submitted, live] = await Promise.all([
        this.api.appVersion(appId, submittedId),
        liveId ? this.api.appVersion(appId, liveId) : Promise.resolve(null),
      ]);
      if (request !== this.request) return;
      runInAction(() => {
        this.submitted = submitted;
        this.live = live;
      });
    } catch (error) {
      if (request !== this.request) return;
      console.warn('The versions in review could not be loaded.', error);
      runInAction(() => (this.error = REVIEW_COMPARISON.loadFailed));
    } finally {
      if (request === this.request) runInAction(() => (this.loading = false));
    }
  }
}
