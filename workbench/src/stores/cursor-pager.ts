import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage } from '../api/blocksmith-api';

/** One page as the server answers it: its items and the cursor of the page after it (null: none). */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Pages through a list the server hands out by cursor (keyset, newest first): Older follows the
 * page's `nextCursor`, Newer goes back along the cursors already seen. Answers that arrive after
 * another page was asked for are dropped.
 */
export class CursorPager<T> {
  items: T[] = [];
  loading = false;
  loaded = false;
  error = '';
  nextCursor: string | null = null;
  /** The cursor each page seen so far was fetched with; the last is the page shown. */
  private cursors: (string | null)[] = [null];
  private request = 0;

  constructor(
    private fetchPage: (cursor: string | null) => Promise<CursorPage<T>>,
    private readonly failure: string,
  ) {
    makeObservable<CursorPager<T>, 'cursors'>(this, {
      items: observableRef,
      loading: observable,
      loaded: observable,
      error: observable,
      nextCursor: observable,
      cursors: observableRef,
      pageNumber: computed,
      hasOlder: computed,
      hasNewer: computed,
      first: action,
      older: action,
      newer: action,
      remove: action,
    });
  }

  /** 1 for the newest page. */
  get pageNumber(): number {
    return this.cursors.length;
  }

  get hasOlder(): boolean {
    return this.nextCursor !== null;
  }

  get hasNewer(): boolean {
    return this.cursors.length > 1;
  }

  /** Shows the newest page (again), with `fetchPage` when the list's filter changed. */
  first(fetchPage?: (cursor: string | null) => Promise<CursorPage<T>>): Promise<void> {
    if (fetchPage) this.fetchPage = fetchPage;
    this.cursors = [null];
    return this.load();
  }

  /** The page after this one. */
  older(): Promise<void> {
    if (this.nextCursor === null || this.loading) return Promise.resolve();
    this.cursors = [...this.cursors, this.nextCursor];
    return this.load();
  }

  /** The page before this one. */
  newer(): Promise<void> {
    if (this.cursors.length <= 1 || this.loading) return Promise.resolve();
    this.cursors = this.cursors.slice(0, -1);
    return this.load();
  }

  /** The page shown again, as it is now. */
  reload(): Promise<void> {
    return this.load();
  }

  /** Takes an item off the page shown (it was deleted). */
  remove(matches: (item: T) => boolean): void {
    this.items = this.items.filter((item) => !matches(item));
  }

  private async load(): Promise<void> {
    const request = ++this.request;
    const cursor = this.cursors.at(-1) ?? null;
    runInAction(() => {
      this.loading = true;
      this.error = '';
    });
    try {
      const page = await this.fetchPage(cursor);
      if (request !== this.request) return;
      runInAction(() => {
        this.items = page.items;
        this.nextCursor = page.nextCursor;
        this.loading = false;
        this.loaded = true;
      });
    } catch (error) {
      if (request !== this.request) return;
      runInAction(() => {
        this.error = errorMessage(error, this.failure);
        this.loading = false;
      });
    }
  }
}
