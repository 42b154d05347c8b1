import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ConnectedApp, ConnectedAppsApi } from '../api/connected-apps';
import { errorMessage } from '../api/blocksmith-api';
import { CONNECTED_APPS } from '../texts/connected-app-texts';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

export type ConnectedAppsState = 'idle' | 'loading' | 'ready' | 'failed';

/** The most credits per day a person may let one app spend (the server's own bound). */
export const MAX_DAILY_CREDIT_LIMIT = 1_000_000;

/** A typed daily limit as credits, or null when it is not a whole number from 0 to the maximum. */
export function parseDailyLimit(text: string): number | null {
  const trimmed = text.trim().replace(/[,_\s]/g, '');
  if (!/^\d{1,7}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MAX_DAILY_CREDIT_LIMIT ? value : null;
}

/**
 * The account's connected apps: each with its spend today and in total and its daily limit, which
 * the person edits in place (saved on Save, checked as typed), and Disconnect after a confirmation.
 */
export class ConnectedAppsStore {
  apps: ConnectedApp[] = [];
  state: ConnectedAppsState = 'idle';
  /** Daily limits being typed, by app id (absent: the saved one shows). */
  drafts = new Map<string, string>();
  saving = new Set<string>();
  /** The app waiting for the disconnect confirmation. */
  revoking: ConnectedApp | null = null;
  revokeBusy = false;

  constructor(
    private readonly api: ConnectedAppsApi,
    private readonly session: SessionStore,
    private readonly toasts: ToastStore,
  ) {
    makeObservable(this, {
      apps: observableRef,
      state: observable,
      drafts: observable,
      saving: observable,
      revoking: observableRef,
      revokeBusy: observable,
      setDraft: action,
      askRevoke: action,
      cancelRevoke: action,
      clear: action,
    });
  }

  async load(): Promise<void> {
    if (!this.session.signedIn) return;
    runInAction(() => {
      this.state = 'loading';
    });
    try {
      const apps = await this.api.list();
      runInAction(() => {
        this.apps = apps;
        this.state = 'ready';
      });
    } catch (error) {
      console.warn('The connected apps could not be read.', error);
      runInAction(() => {
        this.state = 'failed';
      });
    }
  }

  /** What the limit field shows for an app: what is being typed, else its saved limit. */
  limitText(app: ConnectedApp): string {
    return this.drafts.get(app.id) ?? String(app.dailyCreditLimit);
  }

  /** Whether the typed limit is not a valid one. */
  limitInvalid(app: ConnectedApp): boolean {
    return parseDailyLimit(this.limitText(app)) === null;
  }

  /** Whether the typed limit differs from the saved one and can be saved. */
  canSave(app: ConnectedApp): boolean {
    const value = parseDailyLimit(this.limitText(app));
    return value !== null && value !== app.dailyCreditLimit && !this.saving.has(app.id);
  }

  setDraft(id: string, text: string): void {
    this.drafts.set(id, text);
  }

  async saveLimit(app: ConnectedApp): Promise<void> {
    const value = parseDailyLimit(this.limitText(app));
    if (value === null) {
      this.toasts.error(CONNECTED_APPS.invalidLimit);
      return;
    }
    if (!this.canSave(app)) return;
    runInAction(() => this.saving.add(app.id));
    try {
      const saved = await this.api.setDailyLimit(app.id, value);
      runInAction(() => {
        this.apps = this.apps.map((a) => (a.id === saved.id ? saved : a));
        this.drafts.delete(app.id);
      });
      this.toasts.success(CONNECTED_APPS.limitSaved(saved.name, saved.dailyCreditLimit));
    } catch (error) {
      this.toasts.error(errorMessage(error, CONNECTED_APPS.invalidLimit));
    } finally {
      runInAction(() => this.saving.delete(app.id));
    }
  }

  askRevoke(app: ConnectedApp): void {
    this.revoking = app;
  }

  cancelRevoke(): void {
    if (!this.revokeBusy) this.revoking = null;
  }

  /** Disconnects the app waiting for confirmation: its access ends at once. */
  async revoke(): Promise<void> {
    const app = this.revoking;
    if (!app || this.revokeBusy) return;
    runInAction(() => {
      this.revokeBusy = true;
    });
    try {
      await this.api.revoke(app.id);
      runInAction(() => {
        this.apps = this.apps.filter((a) => a.id !== app.id);
        this.drafts.delete(app.id);
        this.revoking = null;
      });
      this.toasts.success(CONNECTED_APPS.revoked(app.name));
    } catch (error) {
      this.toasts.error(errorMessage(error, CONNECTED_APPS.loadFailed));
    } finally {
      runInAction(() => {
        this.revokeBusy = false;
      });
    }
  }

  clear(): void {
    this.apps = [];
    this.state = 'idle';
    this.drafts.clear();
    this.revoking = null;
  }
}
