import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiError, errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import type { TestCase, TestCheck, TestRun, TestRunComparison, TestRunEstimate } from '../api/app-tests';
import { TESTS } from '../texts/testing-texts';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

export type TestsState = 'idle' | 'loading' | 'ready' | 'notFound' | 'failed';

/** How often a running test run is read again when its live progress cannot be followed. */
export const TEST_RUN_POLL_MS = 700;

/** The check a form's fields make: the one text field read as the type needs it. */
export function checkFromForm(
  type: TestCheck['type'],
  target: string,
  text: string,
): TestCheck | { problem: string } {
  const check: TestCheck = { type, target: target.trim() || 'answer' };
  const value = text.trim();
  switch (type) {
    case 'equals':
    case 'contains':
      return { ...check, value: text };
    case 'matches':
      return { ...check, pattern: value };
    case 'label':
      return { ...check, label: value };
    case 'judge':
      return { ...check, rubric: value };
    case 'range': {
      const [low, high] = value.split(/\s*(?:,|\.\.|to)\s*/);
      const number = (part: string | undefined) =>
        part === undefined || part === '' ? undefined : Number(part);
      const min = number(low);
      const max = number(high);
      if ((min !== undefined && Number.isNaN(min)) || (max !== undefined && Number.isNaN(max)))
        return { problem: TESTS.rangeProblem };
      return { ...check, ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
    }
    case 'jsonSchema':
      try {
        const schema = JSON.parse(value) as unknown;
        if (schema && typeof schema === 'object' && !Array.isArray(schema))
          return { ...check, schema: schema as Record<string, unknown> };
      } catch {
        // said below
      }
      return { problem: TESTS.schemaProblem };
  }
}

/** A check in a few words: `contains "haiku"`, `label = Spam`, `judged: "polite"`. */
export function describeCheck(check: TestCheck): string {
  const on = check.target && check.target !== 'answer' ? ` (${check.target})` : '';
  switch (check.type) {
    case 'equals':
      return `equals "${check.value ?? ''}"${on}`;
    case 'contains':
      return `contains "${check.value ?? ''}"${on}`;
    case 'matches':
      return `matches /${check.pattern ?? ''}/${on}`;
    case 'jsonSchema':
      return `valid JSON schema${on}`;
    case 'range':
      return `between ${check.min ?? '-∞'} and ${check.max ?? '∞'}${on}`;
    case 'label':
      return `label = ${check.label ?? ''}${on}`;
    case 'judge':
      return `judged: ${check.rubric ?? ''}${on}`;
  }
}

/**
 * An app's Tests page for its owner: the cases (kept from runs, imported as JSON Lines, removed),
 * the cost before running, a test run followed as it goes (cancellable), its result table and how
 * it compares with the live version's last test run.
 */
export class TestsStore {
  appId = '';
  appName = '';
  state: TestsState = 'idle';
  cases: TestCase[] = [];
  runs: TestRun[] = [];
  estimate: TestRunEstimate | null = null;
  comparison: TestRunComparison | null = null;
  jsonLines = '';
  busy = false;
  /** The test runs of the app an admin is reviewing, newest first; null while they load. */
  reviewRuns: TestRun[] | null = null;
  reviewFailed = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Stops following the latest test run's live progress. */
  private unwatch: (() => void) | null = null;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
    private readonly toasts: ToastStore,
  ) {
    makeObservable<TestsStore>(this, {
      appId: observable,
      appName: observable,
      state: observable,
      cases: observableRef,
      runs: observableRef,
      estimate: observableRef,
      comparison: observableRef,
      jsonLines: observable,
      busy: observable,
      reviewRuns: observableRef,
      reviewFailed: observable,
      open: action,
      setJsonLines: action,
    });
  }

  /** The newest test run, shown in full. */
  get latest(): TestRun | null {
    return this.runs[0] ?? null;
  }

  get running(): boolean {
    return this.latest?.status === 'running';
  }

  setJsonLines(text: string): void {
    this.jsonLines = text;
  }

  async open(appId: string): Promise<void> {
    this.stopPolling();
    this.appId = appId;
    this.state = 'loading';
    try {
      const app = await this.api.app(appId);
      if (app.owner_id !== this.session.user?.id) throw new ApiError('Not your app.', 'NOT_FOUND');
      const [cases, runs] = await Promise.all([
        this.api.testing.testSet(appId),
        this.api.testing.testRuns(appId),
      ]);
      if (this.appId !== appId) return;
      runInAction(() => {
        this.appName = app.name;
        this.cases = cases;
        this.runs = runs;
        this.state = 'ready';
      });
      await Promise.all([this.refreshEstimate(), this.refreshComparison()]);
      if (this.running) this.follow();
    } catch (error) {
      if (this.appId !== appId) return;
      runInAction(() => {
        this.state = error instanceof ApiError && error.code === 'NOT_FOUND' ? 'notFound' : 'failed';
      });
    }
  }

  /** The test runs of an app under review, for the admin reviewing it (beside its changes). */
  async openReview(appId: string): Promise<void> {
    runInAction(() => {
      this.reviewRuns = null;
      this.reviewFailed = false;
    });
    try {
      const runs = await this.api.testing.testRuns(appId);
      runInAction(() => (this.reviewRuns = runs));
    } catch {
      runInAction(() => (this.reviewFailed = true));
    }
  }

  /** Stops following a test run (the page closed). */
  close(): void {
    this.stopPolling();
  }

  /** "Keep as a test case" on a run's page: the owner's own run of the app joins its test set. */
  async keepRun(appId: string, runId: string): Promise<boolean> {
    try {
      const cases = await this.api.testing.keepRunAsTestCase(appId, runId);
      if (this.appId === appId) runInAction(() => (this.cases = cases));
      this.toasts.success(TESTS.kept);
      return true;
    } catch (error) {
      this.toasts.show('danger', errorMessage(error, TESTS.keepFailed));
      return false;
    }
  }

  /** Adds a check to a case (the server checks it and says what to fix). */
  async addCheck(caseId: string, check: TestCheck): Promise<boolean> {
    let added = false;
    await this.busyWith(TESTS.checkFailed, async () => {
      const cases = await this.api.testing.saveTestSet(
        this.appId,
        this.cases.map((one) => (one.id === caseId ? { ...one, checks: [...one.checks, check] } : one)),
      );
      runInAction(() => (this.cases = cases));
      added = true;
    });
    return added;
  }

  async removeCase(caseId: string): Promise<void> {
    await this.busyWith(TESTS.importFailed, async () => {
      const cases = await this.api.testing.saveTestSet(
        this.appId,
        this.cases.filter((one) => one.id !== caseId),
      );
      runInAction(() => (this.cases = cases));
      this.toasts.success(TESTS.caseRemoved);
      await this.refreshEstimate();
    });
  }

  async importCases(replace: boolean): Promise<void> {
    await this.busyWith(TESTS.importFailed, async () => {
      const cases = await this.api.testing.importTestCases(this.appId, this.jsonLines, replace);
      runInAction(() => {
        this.cases = cases;
        this.jsonLines = '';
      });
      this.toasts.success(TESTS.imported(cases.length));
      await this.refreshEstimate();
    });
  }

  async exportCases(): Promise<void> {
    await this.busyWith(TESTS.importFailed, async () => {
      const text = await this.api.testing.exportTestCases(this.appId);
      runInAction(() => (this.jsonLines = text));
    });
  }

  async start(): Promise<void> {
    if (this.running) return;
    await this.busyWith(TESTS.startFailed, async () => {
      const run = await this.api.testing.startTestRun(this.appId);
      runInAction(() => {
        this.runs = [run, ...this.runs];
        this.comparison = null;
      });
      this.follow();
    });
  }

  async cancel(): Promise<void> {
    const latest = this.latest;
    if (!latest || latest.status !== 'running') return;
    await this.busyWith(TESTS.startFailed, async () => {
      const run = await this.api.testing.cancelTestRun(this.appId, latest.id);
      this.replace(run);
    });
  }

  /**
   * Follows the latest test run as it goes: live progress by subscription, each case as it ends;
   * read again every TEST_RUN_POLL_MS instead when the subscription fails.
   */
  private follow(): void {
    this.stopPolling();
    const latest = this.latest;
    if (!latest) return;
    let ended = false;
    this.unwatch = this.api.testing.watchTestRun(this.appId, latest.id, {
      next: (run) => {
        this.replace(run);
        ended = run.status !== 'running';
      },
      error: () => {
        this.unwatch = null;
        if (!ended) this.poll();
      },
      complete: () => {
        this.unwatch = null;
        if (ended) void this.refreshComparison();
        else void this.readLatest();
      },
    });
  }

  private poll(): void {
    this.stopPolling();
    this.timer = setTimeout(() => void this.readLatest(), TEST_RUN_POLL_MS);
  }

  private async readLatest(): Promise<void> {
    this.timer = null;
    const latest = this.latest;
    if (!latest) return;
    try {
      const run = await this.api.testing.testRun(this.appId, latest.id);
      this.replace(run);
      if (run.status === 'running') this.poll();
      else await this.refreshComparison();
    } catch {
      this.poll();
    }
  }

  private replace(run: TestRun): void {
    runInAction(() => {
      this.runs = this.runs.map((one) => (one.id === run.id ? run : one));
    });
  }

  private stopPolling(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.unwatch?.();
    this.unwatch = null;
  }

  private async refreshEstimate(): Promise<void> {
    try {
      const estimate = await this.api.testing.estimate(this.appId);
      runInAction(() => (this.estimate = estimate));
    } catch {
      runInAction(() => (this.estimate = null));
    }
  }

  private async refreshComparison(): Promise<void> {
    const latest = this.latest;
    if (!latest || latest.status === 'running') return;
    try {
      const comparison = await this.api.testing.comparison(this.appId, latest.id);
      runInAction(() => (this.comparison = comparison));
    } catch {
      runInAction(() => (this.comparison = null));
    }
  }

  private async busyWith(fallback: string, work: () => Promise<void>): Promise<void> {
    runInAction(() => (this.busy = true));
    try {
      await work();
    } catch (error) {
      this.toasts.show('danger', errorMessage(error, fallback));
    } finally {
      runInAction(() => (this.busy = false));
    }
  }
}
