import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import type { RunDetail } from '../api/run-history';
import { CHECKLIST, TOASTS } from '../texts/builder-texts';
import { RUNS } from '../texts/run-history-texts';
import type { AppOpener } from './app-opener';
import type { BuilderAnalytics } from './builder-analytics';
import type { BuilderDialogs } from './builder-dialogs';
import type { CreditsStore } from './credits-store';
import type { DocumentStore } from './document-store';
import type { PreRunChecklist } from './pre-run-checklist';
import type { RunStore } from './run-store';
import type { SaveStore } from './save-store';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';
import type { VersionHistoryStore } from './version-history-store';
import type { ViewStore } from './view-store';

/** What the live preview reads and changes of the builder. */
export interface PreviewHost {
  readonly api: BlocksmithApi;
  readonly document: DocumentStore;
  readonly view: ViewStore;
  readonly run: RunStore;
  readonly checklist: Pick<PreRunChecklist, 'problems'>;
  readonly history: VersionHistoryStore;
  readonly session: SessionStore;
  readonly credits: CreditsStore;
  readonly toasts: ToastStore;
  readonly analytics: BuilderAnalytics;
  readonly saves: Pick<SaveStore, 'save' | 'lastRefusal'>;
  readonly dialogs: Pick<BuilderDialogs, 'setPreviewOpen'>;
  readonly opener: Pick<AppOpener, 'openApp'>;
}

/** The live preview: opening it (saved first, so a run has an app id), running from it, running a kept run again. */
export class PreviewStore {
  /** A kept run whose app and inputs the next start opens (see requestRunAgain). */
  private pendingRunAgain: string | null = null;

  constructor(private readonly builder: PreviewHost) {}

  /** Asks the next start to open a kept run's app with its inputs ("Run again with these inputs"). */
  requestRunAgain(runId: string): void {
    this.pendingRunAgain = runId;
  }

  /** The kept run the next start opens, if one was asked for; asked only once. */
  takeRunAgain(): string | null {
    const runId = this.pendingRunAgain;
    this.pendingRunAgain = null;
    return runId;
  }

  /** Saves when the canvas has changes (or no app id yet); false, with the reason in a toast, when that failed. */
  private async savedForRun(): Promise<boolean> {
    const { document, saves } = this.builder;
    if (!document.dirty && document.meta.id) return true;
    if (await saves.save({ quiet: true })) return true;
    this.builder.toasts.error(saves.lastRefusal ?? TOASTS.previewSaveFailed);
    return false;
  }

  /** Opens the live preview, saving first so the run has an app id. */
  async openPreview(): Promise<void> {
    const { view, session } = this.builder;
    if (view.fullScreen) view.setFullScreen(false);
    this.builder.history.backToDraft();
    if (session.signedIn && !(await this.savedForRun())) return;
    this.builder.dialogs.setPreviewOpen(true);
  }

  /** Runs the app from the live preview, following its progress on the canvas. */
  async runApp(): Promise<void> {
    const { run, document, toasts } = this.builder;
    if (run.processing) return;
    if (!this.builder.session.signedIn) {
      toasts.error(TOASTS.authRequiredToRun);
      return;
    }
    // The checklist by Run says what to fix; the server would refuse the run as well.
    if (this.builder.checklist.problems.length > 0) {
      toasts.error(CHECKLIST.fixFirst);
      return;
    }
    const problem = run.inputProblemMessage();
    if (problem) {
      toasts.error(problem);
      return;
    }
    if (!(await this.savedForRun())) return;
    const appId = document.meta.id;
    if (!appId) {
      toasts.error(TOASTS.noAppId);
      return;
    }
    const outcome = await run.run(appId);
    // A failed run says so once, in the preview's results (naming the block), not in a toast too.
    if (outcome.ok) toasts.success(TOASTS.executed);
    else
      this.builder.analytics.runFailed(
        { name: document.meta.name, id: appId },
        outcome.error || TOASTS.runFailed,
      );
    void this.builder.credits.refresh();
  }

  /**
   * "Run again with these inputs" from a kept run: opens its app (the owner's only), fills the
   * preview with the run's inputs and opens it, without running.
   */
  async runAgain(runId: string): Promise<void> {
    const { document, toasts } = this.builder;
    let detail: RunDetail;
    try {
      detail = await this.builder.api.runDetail(runId);
    } catch (error) {
      toasts.error(errorMessage(error, RUNS.runAgainFailed));
      return;
    }
    if (!detail.inputs) {
      toasts.error(RUNS.runAgainFailed);
      return;
    }
    if (document.meta.id !== detail.appId) await this.builder.opener.openApp(detail.appId);
    if (document.meta.id !== detail.appId) return;
    this.builder.run.fillInputs(detail.inputs);
    await this.openPreview();
  }
}
