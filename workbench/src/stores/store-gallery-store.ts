import { CATEGORIES, type App, type Category } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import { STORE } from '../texts/public-texts';
import { byUpvotes, matchesSearch } from './app-card-rules';
import { byQuality, testedOnly, type StoreSort } from './store-quality';
import { EDIT_EXISTING_APP_KEY } from './app-opener';
import type { KeyValueStorage, SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

/** Remembers whether the store shows My Apps (true) or All Apps. */
export const SHOW_MY_APPS_KEY = 'gallery-show-my-apps';
/** How long the upvote count animates after an upvote. */
export const UPVOTE_ANIMATION_MS = 300;

export type CategoryFilter = 'All' | Category;
export const CATEGORY_FILTERS: readonly CategoryFilter[] = ['All', ...CATEGORIES];

export interface GalleryTimers {
  setTimeout(callback: () => void, ms: number): unknown;
}

const realTimers: GalleryTimers = { setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms) };

/**
 * The store gallery: the store's apps and the person's own, search on name and description, the
 * All Apps / My Apps toggle (remembered), category chips (All Apps only), upvotes, and the owner's
 * Delete App, Make Public / Make Private and Review Feedback.
 */
export class StoreGalleryStore {
  storeApps: App[] = [];
  myApps: App[] = [];
  showMyApps: boolean;
  search = '';
  category: CategoryFilter = 'All';
  sort: StoreSort = 'upvotes';
  testedOnly = false;
  loading = false;
  loaded = false;
  error = '';
  /** Publisher names by owner id, as far as they are known. */
  publishers = new Map<string, string>();
  /** Apps the person has upvoted (from the server, and in this session). */
  upvoted = new Set<string>();
  /** Whose upvotes `upvoted` holds. */
  private upvotesOf: string | null = null;
  /** The app whose count is animating after an upvote. */
  animating: string | null = null;
  /** The app waiting for 'Confirm Deletion'. */
  deleteTarget: App | null = null;
  deleting = false;
  /** The rejected app whose review feedback is open. */
  feedbackTarget: App | null = null;
  /** Apps whose privacy is being changed. */
  togglingPrivacy = new Set<string>();
  private loadCount = 0;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
    private readonly storage: KeyValueStorage,
    private readonly toasts: ToastStore,
    private readonly timers: GalleryTimers = realTimers,
  ) {
    this.showMyApps = storage.getItem(SHOW_MY_APPS_KEY) === 'true';
    makeObservable(this, {
      storeApps: observableRef,
      myApps: observableRef,
      showMyApps: observable,
      search: observable,
      category: observable,
      sort: observable,
      testedOnly: observable,
      loading: observable,
      loaded: observable,
      error: observable,
      publishers: observable,
      upvoted: observable,
      animating: observable,
      deleteTarget: observableRef,
      deleting: observable,
      feedbackTarget: observableRef,
      togglingPrivacy: observable,
      showingMyApps: computed,
      showCategories: computed,
      visibleApps: computed,
      filtering: computed,
      setShowMyApps: action,
      setSearch: action,
      setCategory: action,
      setSort: action,
      setTestedOnly: action,
      clearFilters: action,
      load: action,
      upvote: action,
      askDelete: action,
      cancelDelete: action,
      confirmDelete: action,
      togglePrivate: action,
      openFeedback: action,
      closeFeedback: action,
      editApp: action,
    });
  }

  /** My Apps is shown only to a signed-in person (the remembered choice waits for sign-in). */
  get showingMyApps(): boolean {
    return this.showMyApps && this.session.signedIn;
  }

  /** Category chips belong to the All Apps view. */
  get showCategories(): boolean {
    return !this.showMyApps;
  }

  /** A search or a category narrows the list. */
  get filtering(): boolean {
    return this.search.trim() !== '' || this.testedOnly || (this.showCategories && this.category !== 'All');
  }

  /** The cards: the chosen list, searched, filtered by category (All Apps), most upvoted first. */
  get visibleApps(): App[] {
    const source = this.showingMyApps ? this.myApps : this.storeApps;
    const category = this.showCategories ? this.category : 'All';
    const found = byUpvotes(
      source.filter(
        (app) => matchesSearch(app, this.search) && (category === 'All' || app.category === category),
      ),
    );
    const tested = this.testedOnly ? testedOnly(found) : found;
    return this.sort === 'quality' ? byQuality(tested) : tested;
  }

  isOwner(app: App): boolean {
    return this.session.user !== null && app.owner_id === this.session.user.id;
  }

  /** The Upvote button shows when signed in and not yet upvoted. */
  canUpvote(app: App): boolean {
    return this.session.signedIn && app.id !== undefined && !this.upvoted.has(app.id);
  }

  publisherName(app: App): string {
    return (app.owner_id && this.publishers.get(app.owner_id)) || STORE.unknownPublisher;
  }

  setShowMyApps(show: boolean): void {
    this.showMyApps = show;
    this.storage.setItem(SHOW_MY_APPS_KEY, String(show));
    if (show && this.session.signedIn && !this.loading) void this.loadMine();
  }

  setSearch(search: string): void {
    this.search = search;
  }

  setCategory(category: CategoryFilter): void {
    this.category = category;
  }

  /** Most upvoted first, or best tested first. */
  setSort(sort: StoreSort): void {
    this.sort = sort;
  }

  /** Only apps with a tested quality. */
  setTestedOnly(only: boolean): void {
    this.testedOnly = only;
  }

  clearFilters(): void {
    this.search = '';
    this.category = 'All';
    this.testedOnly = false;
  }

  /**
   * Loads the store's apps, the person's own apps and upvotes (signed in), and publisher names.
   * The cards appear only once names and upvotes are known, so none shows 'Publisher' or an
   * Upvote button for an app already upvoted.
   */
  async load(): Promise<void> {
    const count = ++this.loadCount;
    this.loading = true;
    this.error = '';
    const signedIn = this.session.signedIn;
    try {
      const [store, mine] = await Promise.all([
        this.api.storeApps(),
        signedIn ? this.api.myApps() : Promise.resolve([] as App[]),
      ]);
      if (count !== this.loadCount) return;
      const recordUpvotes = await this.knowDetails(store, mine, signedIn);
      if (count !== this.loadCount) return;
      runInAction(() => {
        recordUpvotes();
        this.storeApps = store;
        this.myApps = mine;
        this.loading = false;
        this.loaded = true;
      });
    } catch (error) {
      if (count !== this.loadCount) return;
      runInAction(() => {
        this.error = errorMessage(error, STORE.loadFailed);
        this.loading = false;
      });
    }
  }

  /**
   * Reads the publisher names these apps need and, signed in, which of the store's apps the
   * person has upvoted; answers a step that records those upvotes (run it in the action that shows
   * the apps). Failures of single look-ups are quiet: an unknown name shows 'Publisher', an
   * unknown upvote the button (the server refuses a second upvote).
   */
  private async knowDetails(store: App[], mine: App[], signedIn: boolean): Promise<() => void> {
    const user = signedIn ? (this.session.user?.id ?? null) : null;
    const sameUser = user === this.upvotesOf;
    const unknown = store.filter((app) => app.id !== undefined && !(sameUser && this.upvoted.has(app.id)));
    const [, found] = await Promise.all([
      this.loadPublishers([...store, ...mine]),
      user !== null ? this.loadUpvotes(unknown) : [],
    ]);
    return () => {
      if (user !== this.upvotesOf) {
        this.upvoted.clear();
        this.upvotesOf = user;
      }
      for (const id of found) this.upvoted.add(id);
    };
  }

  /** Refreshes the store and the person's apps after a change (delete, privacy). */
  private async refreshLists(): Promise<void> {
    try {
      const [store, mine] = await Promise.all([this.api.storeApps(), this.api.myApps()]);
      const shown = new Set([...this.storeApps, ...this.myApps].map((app) => app.id));
      const isNew = (app: App) => !shown.has(app.id);
      const recordUpvotes = await this.knowDetails(
        store.filter(isNew),
        mine.filter(isNew),
        this.session.signedIn,
      );
      runInAction(() => {
        recordUpvotes();
        this.storeApps = store;
        this.myApps = mine;
      });
    } catch (error) {
      console.warn('The app lists could not be refreshed.', error);
    }
  }

  private async loadMine(): Promise<void> {
    try {
      const mine = await this.api.myApps();
      await this.loadPublishers(mine);
      runInAction(() => {
        this.myApps = mine;
      });
    } catch (error) {
      console.warn('Your apps could not be loaded.', error);
    }
  }

  private async loadPublishers(apps: App[]): Promise<void> {
    const owners = [...new Set(apps.map((app) => app.owner_id).filter((id): id is string => !!id))].filter(
      (id) => !this.publishers.has(id),
    );
    const names = await Promise.all(
      owners.map((id) =>
        this.api
          .publisherName(id)
          .then((name) => [id, name.trim()] as const)
          .catch(() => [id, ''] as const),
      ),
    );
    runInAction(() => {
      for (const [id, name] of names) if (name) this.publishers.set(id, name);
    });
  }

  /** The ids among `apps` the person has upvoted: one question for the whole list. */
  private async loadUpvotes(apps: App[]): Promise<string[]> {
    if (apps.length === 0) return [];
    return this.api.upvotedApps(apps.map((app) => app.id!)).catch(() => []);
  }

  /**
   * Upvotes once: the button goes, the count rises by one at once with a 300 ms animation. A
   * failure is only logged (and the local count put back).
   */
  async upvote(app: App): Promise<void> {
    const id = app.id;
    if (!id || !this.canUpvote(app)) return;
    this.upvoted.add(id);
    this.bump(id, 1);
    this.animating = id;
    this.timers.setTimeout(
      action(() => {
        if (this.animating === id) this.animating = null;
      }),
      UPVOTE_ANIMATION_MS,
    );
    try {
      await this.api.upvoteApp(id);
    } catch (error) {
      console.warn('The upvote failed.', error);
      runInAction(() => {
        this.upvoted.delete(id);
        this.bump(id, -1);
      });
    }
  }

  private bump(id: string, by: number): void {
    const change = (apps: App[]) =>
      apps.map((candidate) =>
        candidate.id === id ? { ...candidate, upvotes: candidate.upvotes + by } : candidate,
      );
    this.storeApps = change(this.storeApps);
    this.myApps = change(this.myApps);
  }

  askDelete(app: App): void {
    if (this.isOwner(app)) this.deleteTarget = app;
  }

  cancelDelete(): void {
    if (!this.deleting) this.deleteTarget = null;
  }

  /** 'Delete Permanently': deletes, then refreshes both lists. */
  async confirmDelete(): Promise<void> {
    const app = this.deleteTarget;
    if (!app?.id || this.deleting) return;
    this.deleting = true;
    try {
      await this.api.deleteApp(app.id);
      await this.refreshLists();
      runInAction(() => {
        this.toasts.success(STORE.deleted);
        this.deleteTarget = null;
        this.deleting = false;
      });
    } catch (error) {
      runInAction(() => {
        this.toasts.error({
          title: STORE.deleteFailed,
          description: errorMessage(error, STORE.deleteFailed),
        });
        this.deleting = false;
      });
    }
  }

  /** Make Public / Make Private, then refresh both lists; a failure is only logged. */
  async togglePrivate(app: App): Promise<void> {
    const id = app.id;
    if (!id || !this.isOwner(app) || this.togglingPrivacy.has(id)) return;
    this.togglingPrivacy.add(id);
    try {
      await this.api.setAppPrivate(id, !app.isPrivate);
      await this.refreshLists();
    } catch (error) {
      console.warn('The app could not be made ' + (app.isPrivate ? 'public.' : 'private.'), error);
    } finally {
      runInAction(() => {
        this.togglingPrivacy.delete(id);
      });
    }
  }

  openFeedback(app: App): void {
    this.feedbackTarget = app;
  }

  closeFeedback(): void {
    this.feedbackTarget = null;
  }

  /** 'Edit App': remembers the app for the builder and answers where to go. */
  editApp(app: App): string {
    this.storage.setItem(EDIT_EXISTING_APP_KEY, JSON.stringify({ id: app.id, owner_id: app.owner_id }));
    this.feedbackTarget = null;
    return '/app';
  }

  /** 'Create New App': the builder opens empty rather than on the last edited app. */
  createNewApp(): string {
    this.storage.removeItem(EDIT_EXISTING_APP_KEY);
    return '/app';
  }
}
