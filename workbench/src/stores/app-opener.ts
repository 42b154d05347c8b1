import type { App } from '@blocksmith/schema';
import { action, makeObservable, observable, runInAction } from 'mobx';
import type { BlocksmithApi, VersionedApp } from '../api/blocksmith-api';
import { TOASTS } from '../texts/builder-texts';
import type { BuilderDialogs } from './builder-dialogs';
import type { DocumentStore } from './document-store';
import type { RunStore } from './run-store';
import type { KeyValueStorage, SessionStore } from './session-store';
import type { ToastStore } from './toast-store';
import type { ViewStore } from './view-store';

/** Local storage entry naming the app the builder opens: the one last saved or chosen for editing. */
export const EDIT_EXISTING_APP_KEY = 'editExistingApp';

/** Names `app` as the one the builder opens next (after a save, a publish or opening it). */
export function rememberEditedApp(storage: KeyValueStorage, app: Pick<App, 'id' | 'owner_id'>): void {
  storage.setItem(EDIT_EXISTING_APP_KEY, JSON.stringify({ id: app.id, owner_id: app.owner_id }));
}

/** What opening an app reads and changes of the builder. */
export interface OpenerHost {
  readonly api: BlocksmithApi;
  readonly document: DocumentStore;
  readonly view: ViewStore;
  readonly run: RunStore;
  readonly session: SessionStore;
  readonly toasts: ToastStore;
  readonly storage: KeyValueStorage;
  readonly dialogs: Pick<BuilderDialogs, 'setOpenAppsOpen'>;
}

/** Opens one of the person's own apps on the canvas: the one stored for editing, or one chosen. */
export class AppOpener {
  loadingApp = false;

  constructor(private readonly builder: OpenerHost) {
    makeObservable(this, { loadingApp: observable, applyLoadedApp: action });
  }

  /** Puts an app from the server on the canvas as the saved draft. */
  applyLoadedApp(app: VersionedApp): void {
    const { document, view } = this.builder;
    this.builder.run.reset();
    document.load(app);
    view.clearSelection();
    view.setViewport(document.config.canvas);
    rememberEditedApp(this.builder.storage, app);
  }

  /**
   * Opens the app stored for editing, if any: only the owner may, else 'Access Denied'. Call once
   * the session is known.
   */
  async openStoredApp(): Promise<void> {
    const { storage, document } = this.builder;
    const raw = storage.getItem(EDIT_EXISTING_APP_KEY);
    if (!raw) return;
    let stored: { id?: unknown; owner_id?: unknown };
    try {
      stored = JSON.parse(raw) as typeof stored;
    } catch {
      storage.removeItem(EDIT_EXISTING_APP_KEY);
      return;
    }
    const user = this.builder.session.user;
    if (typeof stored.id !== 'string' || !user) return;
    if (stored.owner_id !== user.id) {
      storage.removeItem(EDIT_EXISTING_APP_KEY);
      this.builder.toasts.error(TOASTS.accessDenied);
      return;
    }
    // Back on the builder within the page: changes not saved yet stay (autosave takes them).
    if (document.meta.id === stored.id && document.dirty) return;
    await this.openApp(stored.id);
  }

  /** Loads one of the person's own apps onto the canvas. */
  async openApp(id: string): Promise<void> {
    runInAction(() => {
      this.loadingApp = true;
      this.builder.dialogs.setOpenAppsOpen(false);
    });
    try {
      const app = await this.builder.api.app(id);
      if (app.owner_id !== this.builder.session.user?.id) {
        this.builder.toasts.error(TOASTS.accessDenied);
        return;
      }
      this.applyLoadedApp(app);
    } catch (error) {
      console.warn('The app could not be loaded.', error);
      this.builder.toasts.error(TOASTS.loadFailed);
    } finally {
      runInAction(() => {
        this.loadingApp = false;
      });
    }
  }
}
