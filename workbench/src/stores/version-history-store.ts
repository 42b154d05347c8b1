import type { App, AppConfig, CanvasState } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, reaction, runInAction } from 'mobx';
import {
  errorMessage,
  type AppVersion,
  type AppVersionEntry,
  type BlocksmithApi,
  type VersionedApp,
} from '../api/blocksmith-api';
import { HISTORY } from '../texts/version-texts';
import type { DocumentStore } from './document-store';
import type { ToastStore } from './toast-store';
import type { ViewStore } from './view-store';

/** A version opened on the canvas, read only. */
export interface ViewedVersion {
  version: AppVersion;
  /** Its config as the canvas draws it (empty when its node list cannot be drawn). */
  config: AppConfig;
  problems: string[];
}

/** What the history needs of the builder. */
export interface VersionHost {
  readonly document: DocumentStore;
  readonly view: ViewStore;
  /** Saves what is unsaved as an autosave; null when that failed. */
  save(options: { quiet?: boolean; autosave?: boolean }): Promise<App | null>;
  /** Puts an app from the server on the canvas as the saved draft. */
  applyLoadedApp(app: VersionedApp): void;
  /** Asks the person before `run`; nothing happens unless they confirm. */
  askConfirm(request: {
    title: string;
    description: string;
    confirmText: string;
    onConfirm: () => void;
  }): void;
}

/**
 * The app's versions in the builder: the history panel's list (newest first, with Live, In review
 * and Draft), a version opened read only on the canvas in place of the draft (which stays as it
 * is), and "Restore as draft", which makes a version's content the draft as a new version.
 */
export class VersionHistoryStore {
  open = false;
  entries: AppVersionEntry[] = [];
  loading = false;
  error: string | null = null;
  /** The version shown on the canvas instead of the draft, read only; null shows the draft. */
  viewing: ViewedVersion | null = null;
  /** The version being fetched to be opened, or restored. */
  openingId: string | null = null;
  restoringId: string | null = null;
  private request = 0;
  /** The draft's viewport, given back when the person returns to the draft. */
  private draftViewport: CanvasState | null = null;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly host: VersionHost,
    private readonly toasts: ToastStore,
  ) {
    makeObservable<VersionHistoryStore, 'forgetApp'>(this, {
      open: observable,
      entries: observableRef,
      loading: observable,
      error: observable,
      viewing: observableRef,
      openingId: observable,
      restoringId: observable,
      appId: computed,
      readOnly: computed,
      busy: computed,
      setOpen: action,
      backToDraft: action,
      forgetApp: action,
    });
    // Another app on the canvas: its versions are not this one's.
    reaction(
      () => this.host.document.loads,
      () => this.forgetApp(),
    );
    // A save adds a version: the open list shows it.
    reaction(
      () => [this.host.document.meta.id, this.host.document.savedRevision] as const,
      () => {
        if (this.open) void this.load();
      },
    );
  }

  /** The saved app whose history this is; undefined before its first save. */
  get appId(): string | undefined {
    return this.host.document.meta.id;
  }

  get readOnly(): boolean {
    return this.viewing !== null;
  }

  get busy(): boolean {
    return this.openingId !== null || this.restoringId !== null;
  }

  setOpen(open: boolean): void {
    this.open = open;
    if (open) void this.load();
  }

  private forgetApp(): void {
    this.request += 1;
    this.entries = [];
    this.error = null;
    this.loading = false;
    this.viewing = null;
    this.draftViewport = null;
    if (this.open && this.appId) void this.load();
  }

  /** Reads the list again; answers once it is there (or failed). */
  async load(): Promise<void> {
    const appId = this.appId;
    const request = ++this.request;
    if (!appId) {
      runInAction(() => {
        this.entries = [];
        this.loading = false;
        this.error = null;
      });
      return;
    }
    runInAction(() => {
      this.loading = true;
      this.error = null;
    });
    try {
      const entries = await this.api.appVersions(appId);
      if (request !== this.request) return;
      runInAction(() => (this.entries = entries));
    } catch (error) {
      if (request !== this.request) return;
      console.warn('The history could not be loaded.', error);
      runInAction(() => (this.error = HISTORY.loadFailed));
    } finally {
      if (request === this.request) runInAction(() => (this.loading = false));
    }
  }

  /** Opens a version read only on the canvas; the draft stays untouched until the person returns. */
  async view(versionId: string): Promise<void> {
    const appId = this.appId;
    if (!appId || this.busy) return;
    const loads = this.host.document.loads;
    runInAction(() => (this.openingId = versionId));
    try {
      const version = await this.api.appVersion(appId, versionId);
      if (loads !== this.host.document.loads) return;
      const { config, problems } = this.host.document.prepareConfig(version.config);
      runInAction(() => {
        const { view } = this.host;
        if (this.viewing === null) this.draftViewport = view.viewport;
        this.viewing = { version, config, problems };
        view.clearSelection();
        view.fit(config.plugins);
        if (view.isMobile) this.open = false;
      });
    } catch (error) {
      this.toasts.error({ title: HISTORY.openFailed, description: errorMessage(error, HISTORY.tryAgain) });
    } finally {
      runInAction(() => (this.openingId = null));
    }
  }

  /** Shows the draft again, where it was looked at before. */
  backToDraft(): void {
    if (this.viewing === null) return;
    this.viewing = null;
    if (this.draftViewport) this.host.view.setViewport(this.draftViewport);
    this.draftViewport = null;
  }

  /** Asks, then restores the version as the draft. */
  askRestore(entry: Pick<AppVersionEntry, 'id' | 'number'>): void {
    const texts = HISTORY.restoreConfirm(entry.number);
    this.host.askConfirm({
      title: texts.title,
      description: texts.description,
      confirmText: texts.confirm,
      onConfirm: () => void this.restore(entry),
    });
  }

  /**
   * Makes a version's content the draft, as a new version, and loads it. Unsaved changes are
   * saved first, so they stay in the history too; if that fails nothing is restored.
   */
  async restore(entry: Pick<AppVersionEntry, 'id' | 'number'>): Promise<boolean> {
    const appId = this.appId;
    if (!appId || this.busy) return false;
    runInAction(() => (this.restoringId = entry.id));
    try {
      if (this.host.document.dirty && !(await this.host.save({ quiet: true, autosave: true }))) {
        this.toasts.error({ title: HISTORY.restoreFailed, description: HISTORY.saveFirstFailed });
        return false;
      }
      const app = await this.api.restoreAppVersion(appId, entry.id);
      runInAction(() => {
        this.viewing = null;
        this.draftViewport = null;
        this.host.applyLoadedApp(app);
      });
      this.toasts.success(HISTORY.restored(entry.number));
      return true;
    } catch (error) {
      console.warn('The version could not be restored.', error);
      this.toasts.error({ title: HISTORY.restoreFailed, description: errorMessage(error, HISTORY.tryAgain) });
      return false;
    } finally {
      runInAction(() => (this.restoringId = null));
    }
  }
}
