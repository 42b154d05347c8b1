import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import type { EmbedSettings } from '../api/embeds';
import { EMBED_PANEL } from '../texts/embed-texts';
import { embedUrl, iframeSnippet, scriptSnippet } from './embed-snippets';
import type { RunnerStore } from './runner-store';
import type { ToastStore } from './toast-store';

export type EmbedSettingsState = 'idle' | 'loading' | 'ready' | 'failed';

/** A whole number of credits, 0 or more, from what was typed; null when it is not one. */
export function parseCredits(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * The owner's Embed panel on the app page: the `<script>` and `<iframe>` snippets, and whether runs
 * by people who are not signed in are charged to the owner, up to a monthly credit cap, with this
 * month's use. On plans without embeds the panel offers the upgrade instead.
 */
export class EmbedSettingsStore {
  settings: EmbedSettings | null = null;
  state: EmbedSettingsState = 'idle';
  /** The form, as typed. */
  paysOwner = false;
  monthlyCredits = '0';
  saving = false;
  /** The form was submitted once: problems show from then on. */
  tried = false;
  private appId: string | null = null;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly runner: RunnerStore,
    private readonly toasts: ToastStore,
    private readonly origin: string,
  ) {
    makeObservable(this, {
      settings: observableRef,
      state: observable,
      paysOwner: observable,
      monthlyCredits: observable,
      saving: observable,
      tried: observable,
      creditsProblem: computed,
      dirty: computed,
      canSave: computed,
      setPaysOwner: action,
      setMonthlyCredits: action,
      clear: action,
    });
  }

  get available(): boolean {
    return this.settings?.available === true;
  }

  get creditsProblem(): string | null {
    return parseCredits(this.monthlyCredits) === null ? EMBED_PANEL.wholeNumber : null;
  }

  get dirty(): boolean {
    const settings = this.settings;
    if (!settings) return false;
    return (
      settings.paysOwner !== this.paysOwner || parseCredits(this.monthlyCredits) !== settings.monthlyCredits
    );
  }

  get canSave(): boolean {
    return this.available && this.dirty && !this.saving;
  }

  get embedUrl(): string {
    return embedUrl(this.origin, this.runner.app?.slug ?? '');
  }

  get scriptSnippet(): string {
    return scriptSnippet(this.origin, this.runner.app?.slug ?? '');
  }

  get iframeSnippet(): string {
    const app = this.runner.app;
    return iframeSnippet(this.origin, app?.slug ?? '', app?.name ?? '');
  }

  /** Reads the settings of the app on the page (its owner only). */
  async load(appId: string): Promise<void> {
    this.appId = appId;
    runInAction(() => {
      this.state = 'loading';
    });
    try {
      const settings = await this.api.embedSettings(appId);
      if (this.appId !== appId) return;
      runInAction(() => this.take(settings));
    } catch (error) {
      if (this.appId !== appId) return;
      console.warn('The embed settings could not be read.', error);
      runInAction(() => {
        this.state = 'failed';
      });
    }
  }

  private take(settings: EmbedSettings): void {
    this.settings = settings;
    this.paysOwner = settings.paysOwner;
    this.monthlyCredits = String(settings.monthlyCredits);
    this.state = 'ready';
    this.tried = false;
  }

  setPaysOwner(paysOwner: boolean): void {
    this.paysOwner = paysOwner;
  }

  setMonthlyCredits(text: string): void {
    this.monthlyCredits = text;
  }

  async save(): Promise<void> {
    const appId = this.appId;
    if (!appId || !this.canSave) return;
    runInAction(() => {
      this.tried = true;
    });
    const monthlyCredits = parseCredits(this.monthlyCredits);
    if (monthlyCredits === null) return;
    runInAction(() => {
      this.saving = true;
    });
    try {
      const settings = await this.api.updateEmbedSettings(appId, this.paysOwner, monthlyCredits);
      runInAction(() => {
        if (this.appId === appId) this.take(settings);
      });
      this.toasts.success(EMBED_PANEL.saved);
    } catch (error) {
      this.toasts.error(errorMessage(error, EMBED_PANEL.saveFailed));
    } finally {
      runInAction(() => {
        this.saving = false;
      });
    }
  }

  clear(): void {
    this.appId = null;
    this.settings = null;
    this.state = 'idle';
    this.tried = false;
  }
}
