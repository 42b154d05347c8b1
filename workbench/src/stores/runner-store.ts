import { UPVOTE_LOCK_MS, withCreatorPrice, type App, type CostRange } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiError, type BlocksmithApi } from '../api/blocksmith-api';
import { RUNNER } from '../texts/runner-texts';
import { runBlockerText, type RunBlocker } from './run-blocker';
import type { CatalogueStore } from './catalogue-store';
import type { CreditsStore } from './credits-store';
import { DocumentStore } from './document-store';
import { realTimers } from './real-timers';
import { RunStore } from './run-store';
import { RunnerHistory } from './runner-history';
import type { SessionStore } from './session-store';
import type { Timers, ToastStore } from './toast-store';
import { runCostText } from '../texts/earnings-texts';

export type RunnerState = 'idle' | 'loading' | 'ready' | 'notFound' | 'failed';

/**
 * The public app page (/app/{slug}): the published app, its author and counters, one input per
 * input block, the upvote (one per person, with a 300 ms animation lock and the count raised
 * locally) and runs charged as `published`.
 */
export class RunnerStore {
  state: RunnerState = 'idle';
  app: App | null = null;
  authorName = '';
  upvoted = false;
  upvoteLocked = false;
  upvotes = 0;
  views = 0;
  runs = 0;
  readonly document: DocumentStore;
  readonly run: RunStore;
  /** The person's own runs of the app, and the notice when its owner sees them. */
  readonly history: RunnerHistory;
  private slug = '';
  private lastVisit: string | null = null;
  private lockTimer: unknown = null;

  constructor(
    private readonly api: BlocksmithApi,
    readonly catalogue: CatalogueStore,
    private readonly session: SessionStore,
    private readonly credits: CreditsStore,
    private readonly toasts: ToastStore,
    private readonly timers: Timers = realTimers,
  ) {
    this.document = new DocumentStore(catalogue);
    this.run = new RunStore(api, this.document, catalogue);
    this.history = new RunnerHistory(api, this.run, session, toasts);
    makeObservable<RunnerStore, 'unlock'>(this, {
      state: observable,
      app: observableRef,
      authorName: observable,
      upvoted: observable,
      upvoteLocked: observable,
      upvotes: observable,
      views: observable,
      runs: observable,
      canRun: computed,
      runBlockers: computed,
      canUpvote: computed,
      costText: computed,
      isOwner: computed,
      upvote: action,
      unlock: action,
    });
  }

  /** Signed in, nothing in the way (inputs, credits) and not already running. */
  get canRun(): boolean {
    return this.state === 'ready' && !this.run.processing && this.runBlockers.length === 0;
  }

  /**
   * Why the app cannot run now, in the order a person deals with them: signing in, then the
   * balance (below the least a run costs, the creator's price included; unlimited plans never
   * are), then the required inputs still empty. Empty when it can run.
   */
  get runBlockers(): RunBlocker[] {
    if (this.state !== 'ready') return [];
    if (!this.session.signedIn) return [{ kind: 'signedOut' }];
    const blockers: RunBlocker[] = [];
    const balance = this.credits.credits;
    const needed = this.costRange.min;
    if (balance !== null && !this.credits.unlimited && balance < needed)
      blockers.push({ kind: 'credits', needed, balance });
    const missing = this.run.missingInputs;
    if (missing.length > 0)
      blockers.push({
        kind: 'inputs',
        texts: missing.filter((field) => field.kind !== 'file').map((field) => field.label),
        files: missing.filter((field) => field.kind === 'file').map((field) => field.label),
      });
    return blockers;
  }

  get canUpvote(): boolean {
    return this.session.signedIn && this.state === 'ready' && !this.upvoted && !this.upvoteLocked;
  }

  /** The signed-in person owns the app shown. */
  get isOwner(): boolean {
    const user = this.session.user;
    return user !== null && !!this.app?.owner_id && this.app.owner_id === user.id;
  }

  /** The creator's price a run here pays on top of the blocks (none for the owner's own runs). */
  get creatorPrice(): number {
    return this.isOwner ? 0 : (this.app?.creatorPrice ?? 0);
  }

  /** What one run costs the person here: the blocks' range plus the creator's price. */
  get costRange(): CostRange {
    return withCreatorPrice(this.catalogue.costRange(this.document.config), this.creatorPrice);
  }

  get costText(): string {
    return runCostText(this.costRange, this.creatorPrice);
  }

  /**
   * Opens the page of `slug`. `visit` identifies one visit (the router's location key): a view is
   * recorded once per visit, however often the page renders.
   */
  async open(slug: string, visit: string): Promise<void> {
    const sameVisit = this.lastVisit === visit && this.slug === slug;
    if (sameVisit && this.state !== 'failed') return;
    this.lastVisit = visit;
    this.slug = slug;
    runInAction(() => {
      this.state = 'loading';
      this.app = null;
      this.upvoted = false;
      this.authorName = '';
      this.runs = 0;
      this.run.reset();
    });
    await this.catalogue.load();
    let app: App;
    try {
      app = await this.api.publishedApp(slug);
    } catch (error) {
      if (this.slug !== slug) return;
      const missing = !(error instanceof ApiError) || error.code !== undefined;
      runInAction(() => {
        this.state = missing ? 'notFound' : 'failed';
      });
      if (!missing) console.warn('The app page could not be loaded.', error);
      return;
    }
    if (this.slug !== slug) return;
    runInAction(() => {
      this.app = app;
      this.document.load(app);
      this.upvotes = app.upvotes;
      this.views = app.views;
      this.runs = app.uses;
      this.state = app.isPublished ? 'ready' : 'notFound';
    });
    const appId = app.id;
    if (!app.isPublished || !appId) return;
    this.history.open(appId, app.slug);
    void this.api.recordAppView(appId).then(
      (views) => runInAction(() => (this.views = Math.max(this.views, views))),
      (error: unknown) => console.warn('The view could not be recorded.', error),
    );
    void this.loadAuthor(app.owner_id ?? '');
    await this.loadUpvoteStatus();
  }

  private async loadAuthor(ownerId: string): Promise<void> {
    let name = '';
    try {
      name = ownerId ? (await this.api.publisherName(ownerId)).trim() : '';
    } catch (error) {
      console.warn('The author could not be read.', error);
    }
    runInAction(() => {
      this.authorName = name || RUNNER.unknownAuthor;
    });
  }

  /** Reads whether the signed-in person has upvoted (again after signing in). */
  async loadUpvoteStatus(): Promise<void> {
    const app = this.app;
    if (!app?.id || !this.session.signedIn) return;
    try {
      const upvoted = await this.api.upvoteStatus(app.id);
      runInAction(() => {
        if (this.app === app) this.upvoted = upvoted;
      });
    } catch (error) {
      console.warn('The upvote status could not be read.', error);
    }
  }

  /** One upvote: counted locally at once, the button locked for the 300 ms animation, then hidden. */
  upvote(): void {
    const app = this.app;
    if (!app?.id || !this.canUpvote) return;
    this.upvoted = true;
    this.upvoteLocked = true;
    this.upvotes += 1;
    this.lockTimer = this.timers.setTimeout(() => this.unlock(), UPVOTE_LOCK_MS);
    this.api.upvoteApp(app.id).then(
      (result) => {
        runInAction(() => {
          if (this.app === app) this.upvotes = Math.max(this.upvotes, result.upvotes);
        });
        this.toasts.success(RUNNER.upvoted);
      },
      (error: unknown) => {
        console.warn('Upvoting failed.', error);
        runInAction(() => {
          if (this.app !== app) return;
          this.upvoted = false;
          this.upvotes -= 1;
        });
        this.toasts.error(RUNNER.upvoteFailed);
      },
    );
  }

  private unlock(): void {
    this.upvoteLocked = false;
    this.lockTimer = null;
  }

  /** Runs the published app with the typed inputs, charged to the signed-in person. */
  async runApp(): Promise<void> {
    if (this.run.processing) return;
    if (!this.session.signedIn) {
      this.toasts.error(RUNNER.signInToRun);
      return;
    }
    const blocker = this.runBlockers[0];
    if (blocker) {
      this.toasts.error(runBlockerText(blocker));
      return;
    }
    const problem = this.run.inputProblemMessage();
    if (problem) {
      this.toasts.error(problem);
      return;
    }
    const appId = this.app?.id;
    if (!appId) {
      this.toasts.error(RUNNER.noAppId);
      return;
    }
    const outcome = await this.run.run(appId, 'published');
    if (outcome.ok) {
      runInAction(() => {
        this.runs += 1;
      });
      this.toasts.success(RUNNER.executed);
    }
    // A failed run says so once, in the results (naming the block), not in a toast too.
    void this.credits.refresh();
    void this.history.reload();
  }

  /** Leaves the page: stops following a run and the upvote animation. */
  close(): void {
    if (this.lockTimer !== null) this.timers.clearTimeout(this.lockTimer);
    this.unlock();
    this.run.reset();
    this.history.clear();
  }
}
