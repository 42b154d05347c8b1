import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage } from '../api/blocksmith-api';
import type { KnowledgeApi, KnowledgeBase, KnowledgeDocument, KnowledgePassage } from '../api/knowledge';
import { KNOWLEDGE_TEXT } from '../texts/knowledge-texts';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

export type KnowledgeState = 'idle' | 'loading' | 'ready' | 'failed';

/** A file on its way up. */
export interface PendingUpload {
  key: number;
  name: string;
}

/** Waits `ms`, then calls `fn`; answers how to cancel. */
export type Schedule = (fn: () => void, ms: number) => () => void;

const browserSchedule: Schedule = (fn, ms) => {
  const timer = setTimeout(fn, ms);
  return () => clearTimeout(timer);
};

/** How often documents being indexed are looked at again. */
export const POLL_MS = 1000;

/** Whether the server is still working on a document. */
export function isIndexing(document: KnowledgeDocument): boolean {
  return document.status === 'queued' || document.status === 'indexing';
}

/**
 * The Knowledge page: the person's knowledge bases, the documents of the one chosen (uploaded by
 * drag and drop or chosen, added by address or as text), their status (polled while any is queued
 * or indexing, with its progress), reindexing and deleting after a confirmation, and a box to try
 * questions. The builder's knowledge base picker reads `bases`.
 */
export class KnowledgeStore {
  state: KnowledgeState = 'idle';
  bases: KnowledgeBase[] = [];
  selectedId: string | null = null;
  documents: KnowledgeDocument[] = [];
  newName = '';
  creating = false;
  url = '';
  textName = '';
  text = '';
  adding = false;
  uploads: PendingUpload[] = [];
  query = '';
  results: KnowledgePassage[] | null = null;
  searching = false;
  deleting: { kind: 'base'; base: KnowledgeBase } | { kind: 'document'; document: KnowledgeDocument } | null =
    null;
  deleteBusy = false;
  private nextUpload = 1;
  private cancelPoll: (() => void) | null = null;

  constructor(
    private readonly api: KnowledgeApi,
    private readonly session: SessionStore,
    private readonly toasts: ToastStore,
    private readonly schedule: Schedule = browserSchedule,
  ) {
    makeObservable(this, {
      state: observable,
      bases: observableRef,
      selectedId: observable,
      documents: observableRef,
      newName: observable,
      creating: observable,
      url: observable,
      textName: observable,
      text: observable,
      adding: observable,
      uploads: observableRef,
      query: observable,
      results: observableRef,
      searching: observable,
      deleting: observableRef,
      deleteBusy: observable,
      selected: computed,
      canCreate: computed,
      canAddUrl: computed,
      canAddText: computed,
      canSearch: computed,
      setNewName: action,
      setUrl: action,
      setTextName: action,
      setText: action,
      setQuery: action,
      askDeleteBase: action,
      askDeleteDocument: action,
      cancelDelete: action,
      clear: action,
    });
  }

  get selected(): KnowledgeBase | null {
    return this.bases.find((base) => base.id === this.selectedId) ?? null;
  }

  get canCreate(): boolean {
    return !this.creating && this.newName.trim() !== '';
  }

  get canAddUrl(): boolean {
    return !this.adding && this.selected !== null && /^https?:\/\/\S+$/i.test(this.url.trim());
  }

  get canAddText(): boolean {
    return !this.adding && this.selected !== null && this.textName.trim() !== '' && this.text.trim() !== '';
  }

  get canSearch(): boolean {
    return !this.searching && this.selected !== null && this.query.trim() !== '';
  }

  setNewName(value: string): void {
    this.newName = value;
  }

  setUrl(value: string): void {
    this.url = value;
  }

  setTextName(value: string): void {
    this.textName = value;
  }

  setText(value: string): void {
    this.text = value;
  }

  setQuery(value: string): void {
    this.query = value;
  }

  /** Reads the bases (for the page and the builder's picker); keeps the chosen one if it is still there. */
  async load(): Promise<void> {
    if (!this.session.signedIn) return;
    runInAction(() => {
      if (this.state !== 'ready') this.state = 'loading';
    });
    try {
      const bases = await this.api.bases();
      runInAction(() => {
        this.bases = bases;
        this.state = 'ready';
      });
      const keep = bases.find((base) => base.id === this.selectedId) ?? bases[0] ?? null;
      if (keep) await this.select(keep.id);
    } catch (error) {
      console.warn('The knowledge bases could not be read.', error);
      runInAction(() => {
        this.state = 'failed';
      });
    }
  }

  /** Reads the bases only, once (the builder's knowledge base picker); the page's `load` reads them again. */
  async loadBases(): Promise<void> {
    if (!this.session.signedIn || this.state === 'ready' || this.state === 'loading') return;
    runInAction(() => {
      this.state = 'loading';
    });
    try {
      const bases = await this.api.bases();
      runInAction(() => {
        this.bases = bases;
        this.state = 'ready';
      });
    } catch (error) {
      console.warn('The knowledge bases could not be read.', error);
      runInAction(() => {
        this.state = 'failed';
      });
    }
  }

  /** Shows one base's documents (and forgets the last question's answers). */
  async select(id: string): Promise<void> {
    const changed = id !== this.selectedId;
    runInAction(() => {
      this.selectedId = id;
      if (changed) {
        this.documents = [];
        this.results = null;
      }
    });
    await this.refreshDocuments();
  }

  async create(): Promise<void> {
    if (!this.canCreate) return;
    runInAction(() => {
      this.creating = true;
    });
    try {
      const base = await this.api.createBase(this.newName.trim());
      runInAction(() => {
        this.bases = [...this.bases, base];
        this.newName = '';
      });
      this.toasts.success(KNOWLEDGE_TEXT.created(base.name));
      await this.select(base.id);
    } catch (error) {
      this.toasts.error(errorMessage(error, KNOWLEDGE_TEXT.createFailed));
    } finally {
      runInAction(() => {
        this.creating = false;
      });
    }
  }

  /** Uploads files (dropped or chosen) one after another to the chosen base. */
  async upload(files: readonly File[]): Promise<void> {
    const base = this.selected;
    if (!base) return;
    for (const file of files) {
      const pending = { key: this.nextUpload++, name: file.name };
      runInAction(() => {
        this.uploads = [...this.uploads, pending];
      });
      try {
        const document = await this.api.uploadDocument(base.id, file);
        this.added(base.id, document);
      } catch (error) {
        this.toasts.error(errorMessage(error, KNOWLEDGE_TEXT.uploadFailed(file.name)));
      } finally {
        runInAction(() => {
          this.uploads = this.uploads.filter((u) => u.key !== pending.key);
        });
      }
    }
  }

  async addUrl(): Promise<void> {
    const base = this.selected;
    if (!base || !this.canAddUrl) return;
    await this.adding_(async () => {
      this.added(base.id, await this.api.addUrl(base.id, this.url.trim()));
      runInAction(() => {
        this.url = '';
      });
    });
  }

  async addText(): Promise<void> {
    const base = this.selected;
    if (!base || !this.canAddText) return;
    await this.adding_(async () => {
      this.added(base.id, await this.api.addText(base.id, this.textName.trim(), this.text));
      runInAction(() => {
        this.textName = '';
        this.text = '';
      });
    });
  }

  async reindex(document: KnowledgeDocument): Promise<void> {
    try {
      const queued = await this.api.reindexDocument(document.knowledgeBaseId, document.id);
      this.added(document.knowledgeBaseId, queued);
    } catch (error) {
      this.toasts.error(errorMessage(error, KNOWLEDGE_TEXT.reindexFailed));
    }
  }

  async search(): Promise<void> {
    const base = this.selected;
    if (!base || !this.canSearch) return;
    runInAction(() => {
      this.searching = true;
    });
    try {
      const results = await this.api.search(base.id, this.query.trim(), 5);
      runInAction(() => {
        this.results = results;
      });
    } catch (error) {
      this.toasts.error(errorMessage(error, KNOWLEDGE_TEXT.searchFailed));
    } finally {
      runInAction(() => {
        this.searching = false;
      });
    }
  }

  askDeleteBase(base: KnowledgeBase): void {
    this.deleting = { kind: 'base', base };
  }

  askDeleteDocument(document: KnowledgeDocument): void {
    this.deleting = { kind: 'document', document };
  }

  cancelDelete(): void {
    if (!this.deleteBusy) this.deleting = null;
  }

  async confirmDelete(): Promise<void> {
    const deleting = this.deleting;
    if (!deleting || this.deleteBusy) return;
    runInAction(() => {
      this.deleteBusy = true;
    });
    try {
      if (deleting.kind === 'base') {
        await this.api.deleteBase(deleting.base.id);
        runInAction(() => {
          this.bases = this.bases.filter((b) => b.id !== deleting.base.id);
          if (this.selectedId === deleting.base.id) {
            this.selectedId = null;
            this.documents = [];
            this.results = null;
          }
        });
        this.toasts.success(KNOWLEDGE_TEXT.deleted(deleting.base.name));
        const first = this.bases[0];
        if (!this.selectedId && first) await this.select(first.id);
      } else {
        const { document } = deleting;
        await this.api.deleteDocument(document.knowledgeBaseId, document.id);
        runInAction(() => {
          this.documents = this.documents.filter((d) => d.id !== document.id);
          this.results = this.results?.filter((r) => r.documentId !== document.id) ?? null;
        });
        this.toasts.success(KNOWLEDGE_TEXT.deleted(document.name));
        await this.refreshBases();
      }
      runInAction(() => {
        this.deleting = null;
      });
    } catch (error) {
      this.toasts.error(errorMessage(error, KNOWLEDGE_TEXT.deleteFailed));
    } finally {
      runInAction(() => {
        this.deleteBusy = false;
      });
    }
  }

  /** Stops looking at documents being indexed (the page was left). */
  stopPolling(): void {
    this.cancelPoll?.();
    this.cancelPoll = null;
  }

  /** Forgets everything (another person signed in, or nobody). */
  clear(): void {
    this.stopPolling();
    this.state = 'idle';
    this.bases = [];
    this.selectedId = null;
    this.documents = [];
    this.results = null;
    this.deleting = null;
    this.uploads = [];
  }

  private async adding_(work: () => Promise<void>): Promise<void> {
    runInAction(() => {
      this.adding = true;
    });
    try {
      await work();
    } catch (error) {
      this.toasts.error(errorMessage(error, KNOWLEDGE_TEXT.addFailed));
    } finally {
      runInAction(() => {
        this.adding = false;
      });
    }
  }

  /** A document the server answered (added or queued again): shown at once, then followed. */
  private added(baseId: string, document: KnowledgeDocument): void {
    if (baseId !== this.selectedId) return;
    runInAction(() => {
      const others = this.documents.filter((d) => d.id !== document.id);
      const at = this.documents.findIndex((d) => d.id === document.id);
      this.documents =
        at < 0 ? [...others, document] : this.documents.map((d) => (d.id === document.id ? document : d));
    });
    this.pollSoon();
  }

  private async refreshDocuments(): Promise<void> {
    const baseId = this.selectedId;
    if (!baseId) return;
    try {
      const documents = await this.api.documents(baseId);
      if (baseId !== this.selectedId) return;
      runInAction(() => {
        this.documents = documents;
      });
      if (documents.some(isIndexing)) this.pollSoon();
      else await this.refreshBases();
    } catch (error) {
      console.warn('The documents could not be read.', error);
    }
  }

  private async refreshBases(): Promise<void> {
    try {
      const bases = await this.api.bases();
      runInAction(() => {
        this.bases = bases;
      });
    } catch {
      // The list shown stays as it was.
    }
  }

  private pollSoon(): void {
    if (this.cancelPoll) return;
    this.cancelPoll = this.schedule(() => {
      this.cancelPoll = null;
      void this.refreshDocuments();
    }, POLL_MS);
  }
}
