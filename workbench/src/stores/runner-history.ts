import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import type { RunSummary } from '../api/run-history';
import { RUNS } from '../texts/run-history-texts';
import { runRow, type RunRow } from './run-rows';
import type { RunStore } from './run-store';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

/** How many of a person's runs the app page lists. */
export const RECENT_RUNS = 5;

/**
 * A runner's own history on an app's page: their recent runs of the app, one reopened with its
 * results (nothing runs again), the inputs of one filled in ("Run again with these inputs"), and
 * whether the app's owner sees what they enter (the notice).
 */
export class RunnerHistory {
  recent: RunSummary[] | null = null;
  /** The owner sees runners' inputs and results (the notice is shown). */
  sharing = false;
  opening: string | null = null;
  private appId: string | null = null;
  private slug = '';

  constructor(
    private readonly api: BlocksmithApi,
    private readonly run: RunStore,
    private readonly session: SessionStore,
    private readonly toasts: ToastStore,
  ) {
    makeObservable(this, {
      recent: observableRef,
      sharing: observable,
      opening: observable,
      rows: computed,
      open: action,
      clear: action,
    });
  }

  get rows(): RunRow[] {
    return (this.recent ?? []).map(runRow);
  }

  /** The app page of `appId` opened: the notice, and the person's runs of it when signed in. */
  open(appId: string, slug: string): void {
    this.appId = appId;
    this.slug = slug;
    this.recent = null;
    this.sharing = false;
    void this.api.publishedRunSharing(slug).then(
      (sharing) => runInAction(() => this.slug === slug && (this.sharing = sharing)),
      (error: unknown) => console.warn('Run sharing could not be read.', error),
    );
    void this.reload();
  }

  /** Reads the person's recent runs of the app again (after signing in, after a run). */
  async reload(): Promise<void> {
    const appId = this.appId;
    if (!appId || !this.session.signedIn) return;
    try {
      const page = await this.api.myRuns(RECENT_RUNS, null, appId);
      runInAction(() => {
        if (this.appId === appId) this.recent = page.runs;
      });
    } catch (error) {
      console.warn('Your runs could not be read.', error);
    }
  }

  /** Shows one of the person's runs with its results, as it was; nothing runs again. */
  async reopen(runId: string): Promise<void> {
    if (this.run.processing) return;
    runInAction(() => (this.opening = runId));
    try {
      const detail = await this.api.runDetail(runId);
      this.run.showKept(detail);
    } catch (error) {
      this.toasts.error(errorMessage(error, RUNS.runAgainFailed));
    } finally {
      runInAction(() => (this.opening = null));
    }
  }

  /** Fills the inputs with those of one of the person's runs ("Run again with these inputs"). */
  async fillFrom(runId: string): Promise<void> {
    try {
      const detail = await this.api.runDetail(runId);
      if (detail.appId !== this.appId || !detail.inputs) throw new Error(RUNS.runAgainFailed);
      this.run.fillInputs(detail.inputs);
    } catch (error) {
      this.toasts.error(errorMessage(error, RUNS.runAgainFailed));
    }
  }

  clear(): void {
    this.appId = null;
    this.recent = null;
    this.sharing = false;
  }
}
