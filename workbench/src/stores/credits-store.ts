import {
  RECENT_USAGE_ENTRIES,
  SHOWN_HISTORY_LIMIT,
  type App,
  type CreditHistoryEntry,
  type PublishingInfo,
} from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import { CREDIT_USAGE } from '../texts/run-history-texts';
import type { CatalogueStore } from './catalogue-store';
import { usageNamesOnceRead, usageRow, type UsageRow } from './credit-usage';

/**
 * The signed-in person's credits, publishing allowance and own apps (for the Analytics entry).
 * A balance of 0 is initialised once and read again, as a new account starts without credits.
 * While a credits panel shows recent usage, the history is read with the spec's size (10) along
 * with the balance, and its newest 5 entries are shown.
 */
export class CreditsStore {
  credits: number | null = null;
  unlimited = false;
  loading = false;
  error = '';
  publishing: PublishingInfo | null = null;
  myApps: App[] = [];
  /** The newest history entries (null until read), while a panel shows them. */
  history: CreditHistoryEntry[] | null = null;
  historyError = '';
  private initialized = false;
  private historyViewers = 0;
  private historyRequest = 0;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly catalogue?: CatalogueStore,
  ) {
    makeObservable<CreditsStore, 'historyViewers'>(this, {
      credits: observable,
      unlimited: observable,
      loading: observable,
      error: observable,
      publishing: observableRef,
      myApps: observableRef,
      history: observableRef,
      historyError: observable,
      historyViewers: observable,
      hasPublishedApp: computed,
      recentUsage: computed,
      refresh: action,
      clear: action,
      setPublishing: action,
      showHistory: action,
      loadHistory: action,
    });
  }

  /** The spec's recent usage list: the newest 5 entries ('Test' or 'Published', block, credits, time). */
  get recentUsage(): UsageRow[] | null {
    if (this.history === null) return null;
    const names = this.catalogue ? usageNamesOnceRead(this.catalogue) : new Map<string, string>();
    if (names === null) return null;
    return this.history.slice(0, RECENT_USAGE_ENTRIES).map((entry) => usageRow(entry, names));
  }

  /**
   * A panel shows recent usage: the history is read now and with every refresh until the
   * returned function is called. Nobody showing it, nothing is asked (the spec's limit 0).
   */
  showHistory(): () => void {
    this.historyViewers += 1;
    void this.catalogue?.load();
    void this.loadHistory();
    let shown = true;
    return action(() => {
      if (!shown) return;
      shown = false;
      this.historyViewers -= 1;
    });
  }

  async loadHistory(): Promise<void> {
    const request = ++this.historyRequest;
    this.historyError = '';
    try {
      const history = await this.api.creditHistory(SHOWN_HISTORY_LIMIT);
      if (request !== this.historyRequest) return;
      runInAction(() => {
        this.history = history;
      });
    } catch (error) {
      if (request !== this.historyRequest) return;
      runInAction(() => {
        this.historyError = errorMessage(error, CREDIT_USAGE.failed);
      });
    }
  }

  get hasPublishedApp(): boolean {
    return this.myApps.some((app) => app.isPublished);
  }

  async refresh(): Promise<void> {
    this.loading = true;
    this.error = '';
    if (this.historyViewers > 0) void this.loadHistory();
    try {
      let balance = await this.api.credits();
      if (balance.credits === 0 && !balance.unlimited && !this.initialized) {
        this.initialized = true;
        try {
          balance = await this.api.initializeCredits();
        } catch (error) {
          console.warn('Credits could not be initialised.', error);
        }
      }
      const [publishing, myApps] = await Promise.all([
        this.api.publishingInfo().catch(() => null),
        this.api.myApps().catch(() => null),
      ]);
      runInAction(() => {
        this.credits = balance.credits;
        this.unlimited = balance.unlimited;
        if (publishing) this.publishing = publishing;
        if (myApps) this.myApps = myApps;
        this.loading = false;
      });
    } catch (error) {
      runInAction(() => {
        this.error = errorMessage(error, 'Error loading credits');
        this.loading = false;
      });
    }
  }

  setPublishing(info: PublishingInfo): void {
    this.publishing = info;
  }

  clear(): void {
    this.credits = null;
    this.unlimited = false;
    this.error = '';
    this.publishing = null;
    this.myApps = [];
    this.history = null;
    this.historyError = '';
    this.historyRequest += 1;
    this.initialized = false;
  }
}
