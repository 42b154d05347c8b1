import type { App } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { BlocksmithApi } from '../api/blocksmith-api';
import { PUBLISHER } from '../texts/public-texts';
import { byUpvotes } from './app-card-rules';

/** A publisher page: their name and their published, public apps. */
export class PublisherStore {
  userId = '';
  /** Null while unknown (not loaded, or the publisher has no name). */
  name: string | null = null;
  apps: App[] = [];
  loading = false;
  failed = false;
  private loadCount = 0;

  constructor(private readonly api: BlocksmithApi) {
    makeObservable(this, {
      userId: observable,
      name: observable,
      apps: observableRef,
      loading: observable,
      failed: observable,
      heading: computed,
      load: action,
    });
  }

  /** 'More by {name}', or 'More by Publisher' when the name is unknown. */
  get heading(): string {
    return this.name ? PUBLISHER.heading(this.name) : PUBLISHER.headingUnknown;
  }

  async load(userId: string): Promise<void> {
    const count = ++this.loadCount;
    this.userId = userId;
    this.name = null;
    this.apps = [];
    this.loading = true;
    this.failed = false;
    try {
      const [name, apps] = await Promise.all([
        // An unknown publisher still has a page: 'More by Publisher' and no apps.
        this.api.publisherName(userId).catch(() => null),
        this.api.appsByUser(userId),
      ]);
      if (count !== this.loadCount) return;
      runInAction(() => {
        this.name = name?.trim() || null;
        this.apps = byUpvotes(apps.filter((app) => app.isPublished && !app.isPrivate));
        this.loading = false;
      });
    } catch (error) {
      console.warn('The publisher page could not be loaded.', error);
      if (count !== this.loadCount) return;
      runInAction(() => {
        this.failed = true;
        this.loading = false;
      });
    }
  }
}
