import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiError, errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import type { RunFilter, RunRecordStatus, RunSource, RunSummary } from '../api/run-history';
import { RUNS } from '../texts/run-history-texts';
import { CursorPager } from './cursor-pager';
import { runRow, type RunRow } from './run-rows';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

/** Runs a page of a runs list shows. */
export const RUNS_PAGE_SIZE = 20;

export type AppRunsState = 'idle' | 'loading' | 'ready' | 'notFound';

/**
 * An app's runs for its owner (/my-apps/{appId}/runs): newest first, a page at a time, narrowed
 * by status and source; whether people's run details are shared; deleting a run.
 */
export class AppRunsStore {
  appId = '';
  appName = '';
  state: AppRunsState = 'idle';
  status: RunRecordStatus | null = null;
  source: RunSource | null = null;
  /** Whether runs started now show their runners' inputs and results to the owner (null: unknown). */
  sharing: boolean | null = null;
  savingSharing = false;
  /** The run a confirmation asks about before it is deleted. */
  deleting: RunSummary | null = null;
  readonly pages: CursorPager<RunSummary>;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
    private readonly toasts: ToastStore,
  ) {
    this.pages = new CursorPager(this.fetcher(), RUNS.loadFailed);
    makeObservable(this, {
      appId: observable,
      appName: observable,
      state: observable,
      status: observable,
      source: observable,
      sharing: observable,
      savingSharing: observable,
      deleting: observableRef,
      rows: computed,
      filtered: computed,
      open: action,
      setStatus: action,
      setSource: action,
      clearFilters: action,
      askDelete: action,
      cancelDelete: action,
    });
  }

  get rows(): RunRow[] {
    return this.pages.items.map(runRow);
  }

  get filtered(): boolean {
    return this.status !== null || this.source !== null;
  }

  private fetcher() {
    const appId = this.appId;
    const filter: RunFilter = { status: this.status, source: this.source };
    return async (cursor: string | null) => {
      const page = await this.api.appRuns(appId, RUNS_PAGE_SIZE, cursor, filter);
      return { items: page.runs, nextCursor: page.nextCursor };
    };
  }

  /** Opens the runs of `appId`: the app's name (its owner's only), its sharing, the newest runs. */
  async open(appId: string): Promise<void> {
    this.appId = appId;
    this.state = 'loading';
    this.status = null;
    this.source = null;
    this.sharing = null;
    try {
      const app = await this.api.app(appId);
      if (this.appId !== appId) return;
      if (app.owner_id !== this.session.user?.id) throw new ApiError('Not your app.', 'NOT_FOUND');
      runInAction(() => {
        this.appName = app.name;
        this.state = 'ready';
      });
    } catch (error) {
      if (this.appId !== appId) return;
      if (!(error instanceof ApiError) || error.code !== undefined) {
        runInAction(() => (this.state = 'notFound'));
        return;
      }
      // The server was not reached: the list says so with its own retry.
      runInAction(() => (this.state = 'ready'));
    }
    void this.api.runSharing(appId).then(
      (sharing) => runInAction(() => this.appId === appId && (this.sharing = sharing)),
      (error: unknown) => console.warn('Run sharing could not be read.', error),
    );
    await this.pages.first(this.fetcher());
  }

  setStatus(status: RunRecordStatus | null): void {
    if (status === this.status) return;
    this.status = status;
    void this.pages.first(this.fetcher());
  }

  setSource(source: RunSource | null): void {
    if (source === this.source) return;
    this.source = source;
    void this.pages.first(this.fetcher());
  }

  clearFilters(): void {
    this.status = null;
    this.source = null;
    void this.pages.first(this.fetcher());
  }

  /** Turns sharing of run details on or off for runs started from now on. */
  async setSharing(share: boolean): Promise<void> {
    const appId = this.appId;
    runInAction(() => (this.savingSharing = true));
    try {
      const saved = await this.api.setRunSharing(appId, share);
      runInAction(() => {
        if (this.appId === appId) this.sharing = saved;
      });
      this.toasts.success(RUNS.sharingSaved(saved));
    } catch (error) {
      this.toasts.error(errorMessage(error, RUNS.sharingFailed));
    } finally {
      runInAction(() => (this.savingSharing = false));
    }
  }

  askDelete(run: RunSummary | null): void {
    this.deleting = run;
  }

  cancelDelete(): void {
    this.deleting = null;
  }

  /** Deletes the run asked about; the page loses it. */
  async confirmDelete(): Promise<void> {
    const run = this.deleting;
    if (!run) return;
    runInAction(() => (this.deleting = null));
    try {
      await this.api.deleteRun(run.id);
      this.pages.remove((item) => item.id === run.id);
      this.toasts.success(RUNS.deleted);
    } catch (error) {
      this.toasts.error(errorMessage(error, RUNS.deleteFailed));
    }
  }
}
