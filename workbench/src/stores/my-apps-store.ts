import { orderByTopApp } from '@blocksmith/schema';
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

/** One bar of the runs chart: the day as the axis shows it, and its runs. */
export interface RunsBar {
  date: string;
  label: string;
  runs: number;
}

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The signed-in person's app analytics for the last 7 or 30 days. */
export class MyAppsStore {
  period: AnalyticsPeriod = DEFAULT_ANALYTICS_PERIOD;
  data: MyAppsAnalytics | null = null;
  loading = false;
  error = '';
  private loadCount = 0;

  constructor(private readonly api: BlocksmithApi) {
    makeObservable(this, {
      period: observable,
      data: observableRef,
      loading: observable,
      error: observable,
      totals: computed,
      ranked: computed,
      history: computed,
      setPeriod: action,
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

  get history(): RunsBar[] {
    return (this.data?.history ?? []).map((day) => ({
      date: day.date,
      label: DAY_LABEL.format(new Date(`${day.date}T00:00:00Z`)),
      runs: day.runs,
    }));
  }

  setPeriod(period: AnalyticsPeriod): void {
    if (period === this.period && this.data) return;
    this.period = period;
    void this.load();
  }

  async load(): Promise<void> {
    const count = ++this.loadCount;
    const period = this.period;
    this.loading = true;
    this.error = '';
    try {
      const data = await this.api.myAppsAnalytics(period);
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
