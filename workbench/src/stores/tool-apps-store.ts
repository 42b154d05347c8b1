import { withCreatorPrice, type App, type CostRange } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { BlocksmithApi } from '../api/blocksmith-api';
import { matchesSearch } from './app-card-rules';
import type { CatalogueStore } from './catalogue-store';
import type { SessionStore } from './session-store';
import { parseToolRefs } from './tool-refs';

export type ToolAppsState = 'idle' | 'loading' | 'ready' | 'failed';

/** One app a model may be given as a tool: the person's own (by id) or a store app (by slug). */
export interface ToolAppChoice {
  /** How the setting names it: the app's id for one's own, its slug for a store app. */
  ref: string;
  name: string;
  description: string;
  /** One of the person's own apps (its latest saved version runs; no creator price). */
  own: boolean;
  /** What one call costs whoever pays for the run: its blocks, and a store app's creator price. */
  price: CostRange;
  /** The creator's price within `price` (0 for one's own apps). */
  creatorPrice: number;
}

/** A ref the setting holds that is neither one of the person's apps nor a store app they can see. */
export interface UnknownToolApp {
  ref: string;
  unknown: true;
}

/** The most choices listed at once; the search narrows the rest. */
export const TOOL_APP_LIST_LIMIT = 30;

/**
 * What the tools picker of a block that hands apps to a model offers: the signed-in person's own
 * apps and the store's published apps, each with what one call costs, searched by name; and the
 * names of the person's secrets, for a setting that names one. Read once per person, on demand.
 */
export class ToolAppsStore {
  state: ToolAppsState = 'idle';
  own: App[] = [];
  store: App[] = [];
  secretNames: string[] = [];
  search = '';
  private loadedFor: string | null = null;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
    private readonly catalogue: CatalogueStore,
  ) {
    makeObservable(this, {
      state: observable,
      own: observableRef,
      store: observableRef,
      secretNames: observableRef,
      search: observable,
      choices: computed,
      setSearch: action,
    });
  }

  /** Reads the person's apps, the store's and the person's secret names, unless read for them already. */
  async ensureLoaded(): Promise<void> {
    const userId = this.session.user?.id ?? null;
    if (userId === null || (this.loadedFor === userId && this.state !== 'failed')) return;
    this.loadedFor = userId;
    runInAction(() => {
      this.state = 'loading';
    });
    const [own, store, secrets] = await Promise.allSettled([
      this.api.myApps(),
      this.api.storeApps(),
      this.api.secrets(),
    ]);
    runInAction(() => {
      if (this.loadedFor !== userId) return;
      this.own = own.status === 'fulfilled' ? own.value : [];
      this.store = store.status === 'fulfilled' ? store.value : [];
      this.secretNames =
        secrets.status === 'fulfilled' ? secrets.value.map((secret) => secret.name).sort() : [];
      // What could be read is offered; a failed list is read again next time.
      this.state = own.status === 'rejected' || store.status === 'rejected' ? 'failed' : 'ready';
    });
    if (own.status === 'rejected') console.warn('Your apps could not be read.', own.reason);
    if (store.status === 'rejected') console.warn('The store could not be read.', store.reason);
  }

  setSearch(search: string): void {
    this.search = search;
  }

  /** Every app that can be a tool: one's own apps first, then the store's (one's own left out there). */
  get choices(): ToolAppChoice[] {
    const userId = this.session.user?.id;
    const ownIds = new Set(this.own.flatMap((app) => (app.id ? [app.id] : [])));
    const own = this.own.flatMap((app) => (app.id ? [this.choice(app, app.id, true)] : []));
    const store = this.store
      .filter((app) => app.slug && !(app.id && ownIds.has(app.id)) && app.owner_id !== userId)
      .map((app) => this.choice(app, app.slug, false));
    return [...own, ...store];
  }

  /**
   * The choices the search finds, without the app being built (`appId`: an app cannot call
   * itself), at most TOOL_APP_LIST_LIMIT.
   */
  found(appId: string | null | undefined): ToolAppChoice[] {
    return this.choices
      .filter((choice) => !(choice.own && choice.ref === appId) && matchesSearch(choice, this.search))
      .slice(0, TOOL_APP_LIST_LIMIT);
  }

  /** The apps a setting's text names, in its order; refs this person cannot see are kept as unknown. */
  chosen(text: unknown): (ToolAppChoice | UnknownToolApp)[] {
    const byRef = new Map(this.choices.map((choice) => [choice.ref, choice]));
    return parseToolRefs(text).map((ref) => byRef.get(ref) ?? { ref, unknown: true });
  }

  private choice(app: App, ref: string, own: boolean): ToolAppChoice {
    const creatorPrice = own ? 0 : (app.creatorPrice ?? 0);
    return {
      ref,
      name: app.name,
      description: app.description ?? '',
      own,
      price: withCreatorPrice(this.catalogue.costRange(app.config), creatorPrice),
      creatorPrice,
    };
  }
}
