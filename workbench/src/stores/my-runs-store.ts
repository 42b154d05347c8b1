import { computed, makeObservable } from 'mobx';
import type { BlocksmithApi } from '../api/blocksmith-api';
import type { RunSummary } from '../api/run-history';
import { RUNS } from '../texts/run-history-texts';
import { RUNS_PAGE_SIZE } from './app-runs-store';
import { CursorPager } from './cursor-pager';
import { runRow, type RunRow } from './run-rows';

/** The runs the signed-in person started (/runs), newest first, a page at a time. */
export class MyRunsStore {
  readonly pages: CursorPager<RunSummary>;

  constructor(api: BlocksmithApi) {
    this.pages = new CursorPager(async (cursor) => {
      const page = await api.myRuns(RUNS_PAGE_SIZE, cursor);
      return { items: page.runs, nextCursor: page.nextCursor };
    }, RUNS.loadFailed);
    makeObservable(this, { rows: computed });
  }

  get rows(): RunRow[] {
    return this.pages.items.map(runRow);
  }

  open(): Promise<void> {
    return this.pages.first();
  }
}
