import { isPlainObject, validateNodeList, type AppConfig } from '@blocksmith/schema';
import { action, makeObservable, observableRef, reaction } from 'mobx';
import type { AppInput } from '../api/blocksmith-api';
import type { DocumentStore } from './document-store';
import { realTimers } from './real-timers';
import type { KeyValueStorage } from './session-store';
import type { Timers } from './toast-store';

/** Local storage entry holding an app that was never saved to the server. */
export const LOCAL_DRAFT_KEY = 'blocksmith-local-draft';
/** How long after the last change the local copy is written (and at once when the page goes away). */
export const LOCAL_DRAFT_DELAY_MS = 500;

/** An app kept in this browser: what the builder would save, and when it was kept. */
export interface LocalDraft {
  /** ISO time. */
  savedAt: string;
  app: AppInput;
}

/** The kept app, or null when there is none or it cannot be read (or drawn). */
export function readLocalDraft(raw: string | null): LocalDraft | null {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isPlainObject(parsed) || typeof parsed.savedAt !== 'string' || !isPlainObject(parsed.app)) return null;
  const app = parsed.app;
  if (!isPlainObject(app.config) || !validateNodeList(app.config.plugins).valid) return null;
  return {
    savedAt: parsed.savedAt,
    app: {
      name: typeof app.name === 'string' ? app.name : '',
      description: typeof app.description === 'string' ? app.description : '',
      slug: typeof app.slug === 'string' ? app.slug : '',
      category: typeof app.category === 'string' ? app.category : '',
      isPrivate: app.isPrivate === true,
      config: app.config as unknown as AppConfig,
    },
  };
}

/** What the local copy needs of the builder. */
export interface LocalDraftHost {
  readonly document: DocumentStore;
  /** Puts the kept app on the canvas as a new, unsaved app. */
  loadLocalDraft(app: AppInput): void;
}

/**
 * Keeps an app that has no server copy yet (a visitor's canvas, or a new app before its first
 * save) in local storage, and offers it back when the builder opens without it on the canvas:
 * after a reload, or after signing in. Nothing is written until that offer has been decided, so
 * opening the builder never overwrites what was kept.
 */
export class LocalDraftStore {
  /** The kept app offered back (restore or discard), or null. */
  offer: LocalDraft | null = null;
  private checked = false;
  private timer: unknown = null;

  constructor(
    private readonly host: LocalDraftHost,
    private readonly storage: KeyValueStorage,
    private readonly timers: Timers = realTimers,
    private readonly now: () => Date = () => new Date(),
  ) {
    makeObservable(this, {
      offer: observableRef,
      check: action,
      restore: action,
      discard: action,
    });
    reaction(
      () => this.host.document.revision,
      () => this.schedule(),
    );
  }

  /**
   * Call once the builder has opened what it opens on arrival: offers the kept app back unless it
   * is what the canvas already shows (an app without a server copy, with blocks).
   */
  check(): void {
    this.checked = true;
    if (this.offer) return;
    const draft = readLocalDraft(this.storage.getItem(LOCAL_DRAFT_KEY));
    if (!draft || draft.app.config.plugins.length === 0) return;
    const { document } = this.host;
    if (!document.meta.id && document.blockCount > 0) return;
    this.offer = draft;
  }

  /** Arrival without an offer (an AI build replaces the canvas anyway): keeping may start. */
  skip(): void {
    this.checked = true;
  }

  restore(): void {
    const draft = this.offer;
    if (!draft) return;
    this.offer = null;
    this.host.loadLocalDraft(draft.app);
  }

  discard(): void {
    this.offer = null;
    this.storage.removeItem(LOCAL_DRAFT_KEY);
  }

  /** The app got its server copy: the local one is no longer needed. */
  forget(): void {
    this.cancel();
    if (!this.offer) this.storage.removeItem(LOCAL_DRAFT_KEY);
  }

  /** Writes the local copy now (the page is going away). */
  flush(): void {
    this.cancel();
    this.persist();
  }

  private schedule(): void {
    this.cancel();
    if (!this.checked || this.offer) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.persist();
    }, LOCAL_DRAFT_DELAY_MS);
  }

  private cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** An app without a server copy is kept while it has blocks; emptied, the kept copy goes. */
  private persist(): void {
    if (!this.checked || this.offer) return;
    const { document } = this.host;
    if (document.meta.id) return;
    try {
      if (document.blockCount === 0) {
        this.storage.removeItem(LOCAL_DRAFT_KEY);
        return;
      }
      if (!document.dirty) return;
      const draft: LocalDraft = { savedAt: this.now().toISOString(), app: document.toInput() };
      this.storage.setItem(LOCAL_DRAFT_KEY, JSON.stringify(draft));
    } catch (error) {
      // A full or refused storage only costs the local copy.
      console.warn('The app could not be kept in this browser.', error);
    }
  }
}
