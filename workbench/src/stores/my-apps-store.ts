import {
  entitlementMessage,
  orderByTopApp,
  PLAN_IDS,
  PLANS,
  type AnalyticsLevel,
  type Entitlement,
  type PlanId,
} from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import {
  errorMessage,
  type AnalyticsPeriod,
  type AppAnalytics,
  type BlocksmithApi,
  type MyAppsAnalytics,
} from '../api/blocksmith-api';
import { MY_APPS } from '../texts/public-texts';

/** The period the page opens with. */
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '7d';

export type AppStatusLabel = (typeof MY_APPS.status)[keyof typeof MY_APPS.status];

/** Private, Published or Draft. */
export function appStatusLabel(app: Pick<AppAnalytics, 'isPrivate' | 'isPublished'>): AppStatusLabel {
  if (app.isPrivate) return MY_APPS.status.private;
  return app.isPublished ? MY_APPS.status.published : MY_APPS.status.draft;
}

/** One bar of the runs chart: the day as the axis shows it, its runs, and its views when known. */
export interface RunsBar {
  date: string;
  label: string;
  runs: number;
  views?: number;
}

/** The plan whose analytics are `level` (the plans table gives each level to one plan). */
function planWithAnalytics(level: AnalyticsLevel): PlanId {
  return PLAN_IDS.find((id) => PLANS[id].analytics === level) ?? 'free';
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The signed-in person's app analytics for the last 7 or 30 days, as far as their plan's analytics
 * go: none on Free (the apps and their counters), runs per day on Starter, views per day and one
 * app at a time on Enterprise.
 */
export class MyAppsStore {
  period: AnalyticsPeriod = DEFAULT_ANALYTICS_PERIOD;
  /** The one app the history is about (advanced analytics), or null for all. */
  appId: string | null = null;
  data: MyAppsAnalytics | null = null;
  loading = false;
  error = '';
  private loadCount = 0;

  constructor(private readonly api: BlocksmithApi) {
    makeObservable(this, {
      period: observable,
      appId: observable,
      data: observableRef,
      level: computed,
      loading: observable,
      error: observable,
      totals: computed,
      ranked: computed,
      history: computed,
      setPeriod: action,
      setAppId: action,
      load: action,
    });
  }

  /** Views, runs and upvotes summed over the person's apps. */
  get totals(): { views: number; runs: number; upvotes: number } {
    const apps = this.data?.apps ?? [];
    return apps.reduce(
      (sum, app) => ({
        views: sum.views + app.views,
        runs: sum.runs + app.runs,
        upvotes: sum.upvotes + app.upvotes,
      }),
      { views: 0, runs: 0, upvotes: 0 },
    );
  }

  /** Published apps, the best scoring first ('Top App'), the rest in the server's order. */
  get ranked(): { apps: AppAnalytics[]; topAppId: string | null } {
    const published = (this.data?.apps ?? []).filter((app) => app.isPublished);
    return orderByTopApp(published);
  }

  /** What the plan's analytics show; null until loaded. */
  get level(): AnalyticsLevel | null {
    return this.data?.level ?? null;
  }

  /** Why the plan does not show `entitlement` (the server's own words), or '' when it does. */
  lockedMessage(entitlement: Extract<Entitlement, 'analytics' | 'advancedAnalytics'>): string {
    if (!this.level) return '';
    const plan = planWithAnalytics(this.level);
    const shown = entitlement === 'analytics' ? this.level !== 'none' : this.level === 'advanced';
    return shown ? '' : entitlementMessage(plan, entitlement);
  }

  get history(): RunsBar[] {
    return (this.data?.history ?? []).map((day) => ({
      date: day.date,
      label: DAY_LABEL.format(new Date(`${day.date}T00:00:00Z`)),
      runs: day.runs,
      ...(day.views === null ? {} : { views: day.views }),
    }));
  }

  setPeriod(period: AnalyticsPeriod): void {
    if (period === this.period && this.data) return;
    this.period = period;
    void this.load();
  }

  /** Shows one app's history, or all apps' (null). */
  setAppId(appId: string | null): void {
    if (appId === this.appId && this.data) return;
    this.appId = appId;
    void this.load();
  }

  async load(): Promise<void> {
    const count = ++this.loadCount;
    const { period, appId } = this;
    this.loading = true;
    this.error = '';
    try {
      const data = await this.api.myAppsAnalytics(period, appId);
      if (count !== this.loadCount) return;
      runInAction(() => {
        this.data = data;
        this.loading = false;
      });
    } catch (error) {
      if (count !== this.loadCount) return;
      runInAction(() => {
        this.error = errorMessage(error, MY_APPS.loadFailed);
        this.loading = false;
      });
    }
  }
}
