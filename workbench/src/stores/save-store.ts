import type { App, UserMessage } from '@blocksmith/schema';
import { makeObservable, observable, runInAction } from 'mobx';
import { ApiError, type BlocksmithApi } from '../api/blocksmith-api';
import { TOASTS } from '../texts/builder-texts';
import { rememberEditedApp } from './app-opener';
import type { DocumentStore } from './document-store';
import type { LocalDraftStore } from './local-draft-store';
import type { KeyValueStorage, SessionStore } from './session-store';
import type { ToastStore } from './toast-store';
import type { ViewStore } from './view-store';

/**
 * A save the server refused for a reason it words for the person (FORBIDDEN, e.g. a full block
 * added on a plan without full blocks): its message, shown instead of the generic failure; else
 * null.
 */
export function saveRefusal(error: unknown, title: string): UserMessage | null {
  if (!(error instanceof ApiError) || error.code !== 'FORBIDDEN' || error.message.trim() === '') return null;
  return { title, description: error.message };
}

/** What saving reads and changes of the builder. */
export interface SaveHost {
  readonly api: BlocksmithApi;
  readonly document: DocumentStore;
  readonly view: ViewStore;
  readonly session: SessionStore;
  readonly toasts: ToastStore;
  readonly storage: KeyValueStorage;
  readonly localDraft: Pick<LocalDraftStore, 'forget'>;
}

/** Saves of the app on the canvas, explicit and automatic, one after another. */
export class SaveStore {
  /** An explicit save (the Save button, preview, run) is under way. */
  saving = false;
  /** Saves under way or waiting their turn, explicit and automatic. */
  savesInFlight = 0;
  /** Saves run one after another, each with what the canvas holds when its turn comes. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The server's words for the last save it refused, for the quiet saves before a preview or run. */
  lastRefusal: UserMessage | null = null;

  constructor(private readonly builder: SaveHost) {
    makeObservable(this, { saving: observable, savesInFlight: observable });
  }

  /** Settles once every save asked for so far has landed (or failed). */
  settled(): Promise<unknown> {
    return this.queue;
  }

  /**
   * Saves: creates the app the first time, updates it afterwards. `autosave` marks an automatic
   * save of the draft (the server folds a burst of them into one version); an explicit save is a
   * version of its own. Saves wait for the one before them, so two never cross. Returns the saved
   * app or null.
   */
  async save(options: { quiet?: boolean; autosave?: boolean } = {}): Promise<App | null> {
    if (!this.builder.session.signedIn) {
      if (!options.quiet)
        this.builder.toasts.error({
          title: 'Authentication Required',
          description: 'Please sign in to save your app',
        });
      return null;
    }
    const explicit = !options.autosave;
    runInAction(() => {
      this.savesInFlight += 1;
      if (explicit) this.saving = true;
    });
    const turn = this.queue.then(() => this.saveNow(options));
    this.queue = turn;
    try {
      return await turn;
    } finally {
      runInAction(() => {
        this.savesInFlight -= 1;
        if (explicit) this.saving = false;
      });
    }
  }

  private async saveNow(options: { quiet?: boolean; autosave?: boolean }): Promise<App | null> {
    const { api, document, toasts } = this.builder;
    const id = document.meta.id;
    // The app as saved, for a save that found nothing left to do.
    if (options.autosave && (!id || !document.dirty)) return id ? document.toApp() : null;
    const revision = document.revision;
    document.setCanvas(this.builder.view.viewport);
    const input = document.toInput();
    try {
      const app = id
        ? await api.updateApp(id, input, options.autosave ? { autosave: true } : {})
        : await api.createApp(input);
      this.lastRefusal = null;
      runInAction(() => {
        document.markSaved(app, revision);
        rememberEditedApp(this.builder.storage, app);
      });
      if (!id) this.builder.localDraft.forget();
      if (!options.quiet) toasts.success(TOASTS.saved);
      return app;
    } catch (error) {
      console.warn('Saving failed.', error);
      this.lastRefusal = saveRefusal(error, TOASTS.saveFailed.title);
      if (!options.quiet) toasts.error(this.lastRefusal ?? TOASTS.saveFailed);
      return null;
    }
  }
}
