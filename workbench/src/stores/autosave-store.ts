import type { App } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, reaction } from 'mobx';
import type { DocumentStore } from './document-store';
import { realTimers } from './real-timers';
import type { SessionStore } from './session-store';
import type { Timers } from './toast-store';

/** How long after the last change the draft is saved. */
export const AUTOSAVE_DELAY_MS = 3000;

/**
 * What the header's marker says: nothing for a new, empty app; 'unsaved' while changes are not on
 * the server; 'saving' while a save is under way; 'saved' once the server has everything.
 */
export type SaveStatus = 'none' | 'unsaved' | 'saving' | 'saved';

/** What autosave needs of the builder. */
export interface AutosaveHost {
  readonly document: DocumentStore;
  /** A save (or a publish, which saves) is under way or waiting its turn. */
  readonly writing: boolean;
  save(options: { quiet?: boolean; autosave?: boolean }): Promise<App | null>;
}

/**
 * Saves a signed-in owner's draft by itself, AUTOSAVE_DELAY_MS after the last change (every change
 * restarts the wait). Never two saves at once: when the wait ends while a save is under way, one
 * more save follows it. Explicit saves stay as they are; this only fills the gaps between them.
 */
export class AutosaveStore {
  /** The last automatic save failed (it is tried again with the next change). */
  failed = false;
  private timer: unknown = null;
  private queued = false;

  constructor(
    private readonly host: AutosaveHost,
    private readonly session: SessionStore,
    private readonly timers: Timers = realTimers,
  ) {
    makeObservable<AutosaveStore, 'setFailed'>(this, {
      failed: observable,
      eligible: computed,
      status: computed,
      warnBeforeUnload: computed,
      setFailed: action,
    });
    reaction(
      () => this.host.document.revision,
      () => this.schedule(),
    );
    reaction(
      () => this.host.writing,
      (saving) => {
        if (saving) return;
        if (!this.host.document.dirty) this.setFailed(false);
        if (this.queued) {
          this.queued = false;
          void this.flush();
        }
      },
    );
  }

  /** The draft on the canvas is the signed-in person's saved app, and can be drawn. */
  get eligible(): boolean {
    const { meta, isValid } = this.host.document;
    const user = this.session.user;
    return this.session.signedIn && !!meta.id && !!user && meta.owner_id === user.id && isValid;
  }

  get status(): SaveStatus {
    const { document } = this.host;
    if (this.host.writing) return 'saving';
    if (!document.meta.id) return document.dirty && document.blockCount > 0 ? 'unsaved' : 'none';
    return document.dirty ? 'unsaved' : 'saved';
  }

  /** Leaving the page now would lose changes the server does not have. */
  get warnBeforeUnload(): boolean {
    return this.status === 'unsaved' || this.status === 'saving';
  }

  /** Restarts the wait after a change. */
  schedule(): void {
    this.cancel();
    if (!this.eligible || !this.host.document.dirty) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, AUTOSAVE_DELAY_MS);
  }

  /** Forgets a pending wait (the page is going away, or a save made it needless). */
  cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Saves now if there is something to save; queues one more save if one is under way. */
  private async flush(): Promise<void> {
    if (!this.eligible || !this.host.document.dirty) return;
    if (this.host.writing) {
      this.queued = true;
      return;
    }
    const saved = await this.host.save({ quiet: true, autosave: true });
    this.setFailed(saved === null);
  }

  private setFailed(failed: boolean): void {
    this.failed = failed;
  }
}
