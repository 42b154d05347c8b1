import { action, computed, makeObservable, observable, observableRef, runInAction, when } from 'mobx';
import {
  ApiError,
  errorMessage,
  type AnalyticsSummary,
  type AppStatusCounts,
  type BlocksmithApi,
  type VersionedApp,
} from '../api/blocksmith-api';
import { ADMIN_TEXTS } from '../texts/account-texts';
import { ReviewComparisonStore } from './review-comparison-store';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

export const ANALYTICS_RANGES = ['1d', '7d', '30d', 'all'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
export const DEFAULT_ANALYTICS_RANGE: AnalyticsRange = '30d';

/** `signed-out` and `denied` both refuse; the first also offers signing in. */
export type AdminAccess = 'checking' | 'admin' | 'denied' | 'signed-out' | 'error';

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'FORBIDDEN' || error.code === 'UNAUTHENTICATED');
}

/**
 * Whether the signed-in person may see the admin pages, as the gateway answers it
 * (`me.user_metadata.isAdmin`). A FORBIDDEN answer to any admin call also closes the page.
 */
export class AdminGate {
  access: AdminAccess = 'checking';

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
  ) {
    makeObservable(this, { access: observable, check: action, deny: action });
  }

  async check(): Promise<AdminAccess> {
    this.access = 'checking';
    await when(() => this.session.checked);
    if (!this.session.signedIn) return this.settle('signed-out');
    try {
      const me = await this.api.me();
      if (!me) return this.settle('signed-out');
      return this.settle(me.user_metadata.isAdmin === true ? 'admin' : 'denied');
    } catch (error) {
      return this.settle(isForbidden(error) ? 'denied' : 'error');
    }
  }

  deny(): void {
    this.access = 'denied';
  }

  private settle(access: AdminAccess): AdminAccess {
    runInAction(() => (this.access = access));
    return access;
  }
}

export interface EventCount {
  name: string;
  count: number;
}

export interface EventKindGroup {
  kind: string;
  total: number;
  events: EventCount[];
}

/** Event kinds of the analytics cards, in card order; the first that matches a name wins. */
const EVENT_KINDS: ReadonlyArray<{ kind: string; matches: (name: string) => boolean }> = [
  { kind: 'Errors', matches: (name) => name.endsWith('_error') || name === 'error_occurred' },
  { kind: 'Accounts', matches: (name) => name.startsWith('user_') || name.startsWith('password_') },
  { kind: 'Runs', matches: (name) => name === 'app_executed' },
  { kind: 'Apps', matches: (name) => name.startsWith('app_') },
  {
    kind: 'Building',
    matches: (name) =>
      name.startsWith('start_building') ||
      ['visit_playground', 'plugin_used', 'template_loaded', 'assistant_used'].includes(name),
  },
  {
    kind: 'Engagement',
    matches: (name) => ['upvote_given', 'landing_page_interaction'].includes(name),
  },
];
const CARD_ORDER = ['Accounts', 'Apps', 'Runs', 'Building', 'Engagement', 'Errors', 'Other'];

/** Groups the raw event-name counts by kind: cards in a fixed order, biggest counts first. */
export function groupEventCounts(raw: Record<string, number>): EventKindGroup[] {
  const groups = new Map<string, EventCount[]>();
  for (const [name, count] of Object.entries(raw)) {
    if (typeof count !== 'number' || !Number.isFinite(count)) continue;
    const kind = EVENT_KINDS.find((candidate) => candidate.matches(name))?.kind ?? 'Other';
    groups.set(kind, [...(groups.get(kind) ?? []), { name, count }]);
  }
  return CARD_ORDER.filter((kind) => groups.has(kind)).map((kind) => {
    const events = groups.get(kind)!.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    return { kind, total: events.reduce((sum, event) => sum + event.count, 0), events };
  });
}

/** /analytics: event counts over a range, grouped by kind, and the raw recent events. */
export class AdminAnalyticsStore {
  range: AnalyticsRange = DEFAULT_ANALYTICS_RANGE;
  summary: AnalyticsSummary | null = null;
  loading = false;
  error: string | null = null;
  readonly gate: AdminGate;
  private request = 0;

  constructor(
    private readonly api: BlocksmithApi,
    session: SessionStore,
  ) {
    this.gate = new AdminGate(api, session);
    makeObservable(this, {
      range: observable,
      summary: observableRef,
      loading: observable,
      error: observable,
      groups: computed,
      empty: computed,
      setRange: action,
      load: action,
    });
  }

  get groups(): EventKindGroup[] {
    return this.summary ? groupEventCounts(this.summary.raw) : [];
  }

  get empty(): boolean {
    return this.summary !== null && this.groups.length === 0 && this.summary.recent.length === 0;
  }

  /** Checks admin rights, then loads the default range. */
  async open(): Promise<void> {
    if ((await this.gate.check()) === 'admin') await this.load();
  }

  async setRange(range: AnalyticsRange): Promise<void> {
    this.range = range;
    await this.load();
  }

  async load(): Promise<void> {
    const request = ++this.request;
    const range = this.range;
    this.loading = true;
    this.error = null;
    try {
      const summary = await this.api.analyticsSummary(range);
      if (request !== this.request) return;
      runInAction(() => (this.summary = summary));
    } catch (error) {
      if (request !== this.request) return;
      if (isForbidden(error)) this.gate.deny();
      runInAction(() => (this.error = ADMIN_TEXTS.fetchAnalyticsFailed));
    } finally {
      if (request === this.request) runInAction(() => (this.loading = false));
    }
  }
}

/** 'all', or a category of the pending apps. */
export type VerificationFilter = string;

export type ReviewDecision = 'approved' | 'rejected';

/**
 * /verification: counts by status, the apps awaiting review, and the review dialog, which shows
 * the submitted version beside the live one.
 */
export class VerificationStore {
  counts: AppStatusCounts | null = null;
  pending: VersionedApp[] = [];
  filter: VerificationFilter = 'all';
  loading = false;
  error: string | null = null;
  /** The app in the review dialog. */
  reviewing: VersionedApp | null = null;
  notes = '';
  busy: ReviewDecision | null = null;
  readonly gate: AdminGate;
  /** The submitted and the live version of the app in the review dialog. */
  readonly comparison: ReviewComparisonStore;

  constructor(
    private readonly api: BlocksmithApi,
    session: SessionStore,
    private readonly toasts: ToastStore,
  ) {
    this.gate = new AdminGate(api, session);
    this.comparison = new ReviewComparisonStore(api);
    makeObservable(this, {
      counts: observableRef,
      pending: observableRef,
      filter: observable,
      loading: observable,
      error: observable,
      reviewing: observableRef,
      notes: observable,
      busy: observable,
      tabs: computed,
      visible: computed,
      canReject: computed,
      setFilter: action,
      openReview: action,
      closeReview: action,
      setNotes: action,
      load: action,
      review: action,
    });
  }

  /** The filter tabs: all pending apps, then each category that has some, with counts. */
  get tabs(): Array<{ id: VerificationFilter; label: string; count: number }> {
    const byCategory = new Map<string, number>();
    for (const app of this.pending) {
      const category = app.category || 'Uncategorised';
      byCategory.set(category, (byCategory.get(category) ?? 0) + 1);
    }
    return [
      { id: 'all', label: 'All', count: this.pending.length },
      ...[...byCategory.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([category, count]) => ({ id: category, label: category, count })),
    ];
  }

  get visible(): VersionedApp[] {
    if (this.filter === 'all') return this.pending;
    return this.pending.filter((app) => (app.category || 'Uncategorised') === this.filter);
  }

  /** Rejecting needs review notes. */
  get canReject(): boolean {
    return this.notes.trim() !== '' && this.busy === null;
  }

  async open(): Promise<void> {
    if ((await this.gate.check()) === 'admin') await this.load();
  }

  setFilter(filter: VerificationFilter): void {
    this.filter = filter;
  }

  openReview(app: VersionedApp): void {
    this.reviewing = app;
    this.notes = app.reviewNotes ?? '';
    void this.comparison.load(app);
  }

  closeReview(): void {
    if (this.busy) return;
    this.reviewing = null;
    this.notes = '';
    this.comparison.clear();
  }

  setNotes(notes: string): void {
    this.notes = notes;
  }

  async load(): Promise<void> {
    this.loading = true;
    this.error = null;
    try {
      const [pending, counts] = await Promise.all([this.api.pendingApps(), this.api.appStatusCounts()]);
      runInAction(() => {
        this.pending = pending;
        this.counts = counts;
        if (!this.tabs.some((tab) => tab.id === this.filter)) this.filter = 'all';
      });
    } catch (error) {
      if (isForbidden(error)) this.gate.deny();
      const status = error instanceof ApiError && error.code ? error.code : errorMessage(error, 'unknown');
      runInAction(() => (this.error = ADMIN_TEXTS.fetchPendingFailed(status)));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** Approves or rejects the app in the dialog; rejecting without notes is refused. */
  async review(decision: ReviewDecision): Promise<boolean> {
    const app = this.reviewing;
    if (!app?.id || this.busy) return false;
    const id = app.id;
    const notes = this.notes.trim();
    if (decision === 'rejected' && notes === '') {
      this.toasts.show('warning', {
        title: ADMIN_TEXTS.notesRequiredTitle,
        description: ADMIN_TEXTS.notesRequiredBody,
      });
      return false;
    }
    this.busy = decision;
    try {
      await this.api.reviewApp(id, decision, notes === '' ? null : notes);
      runInAction(() => {
        this.pending = this.pending.filter((candidate) => candidate.id !== app.id);
        this.reviewing = null;
        this.notes = '';
        this.comparison.clear();
        if (!this.tabs.some((tab) => tab.id === this.filter)) this.filter = 'all';
      });
      if (decision === 'approved') {
        this.toasts.success({
          title: ADMIN_TEXTS.appApproved,
          description: ADMIN_TEXTS.approvedBody(app.name),
        });
      } else {
        this.toasts.show('primary', {
          title: ADMIN_TEXTS.appRejected,
          description: ADMIN_TEXTS.rejectedBody(app.name),
        });
      }
      void this.refreshCounts();
      return true;
    } catch (error) {
      if (isForbidden(error)) this.gate.deny();
      this.toasts.show('danger', {
        title: ADMIN_TEXTS.reviewFailed,
        description: errorMessage(error, ADMIN_TEXTS.reviewAppFailed),
      });
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  private async refreshCounts(): Promise<void> {
    try {
      const counts = await this.api.appStatusCounts();
      runInAction(() => (this.counts = counts));
    } catch {
      // The counts stay as they were; the list is already right.
    }
  }
}
