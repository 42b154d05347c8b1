import type { App, PublishingInfo } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';

/**
 * The signed-in person's credits, publishing allowance and own apps (for the Analytics entry).
 * A balance of 0 is initialised once and read again, as a new account starts without credits.
 */
export class CreditsStore {
  credits: number | null = null;
  unlimited = false;
  loading = false;
  error = '';
  publishing: PublishingInfo | null = null;
  myApps: App[] = [];
  private initialized = false;

  constructor(private readonly api: BlocksmithApi) {
    makeObservable(this, {
      credits: observable,
      unlimited: observable,
      loading: observable,
      error: observable,
      publishing: observableRef,
      myApps: observableRef,
      hasPublishedApp: computed,
      refresh: action,
      clear: action,
      setPublishing: action,
    });
  }

  get hasPublishedApp(): boolean {
    return this.myApps.some((app) => app.isPublished);
  }

  async refresh(): Promise<void> {
    this.loading = true;
    this.error = '';
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
    this.initialized = false;
  }
}
