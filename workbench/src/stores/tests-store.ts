import type { AppConfig } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiError, errorMessage, type AppVersionEntry, type BlocksmithApi } from '../api/blocksmith-api';
import type { TestCase, TestCheck, TestRun, TestRunComparison, TestRunEstimate } from '../api/app-tests';
import type { CatalogueModel } from '../api/models';
import { HISTORY } from '../texts/version-texts';
import { TESTS } from '../texts/testing-texts';
import type { CatalogueStore } from './catalogue-store';
import type { SessionStore } from './session-store';
import { checkTargets, targetLabel, type CheckTarget } from './app-test-checks';
import type { ToastStore } from './toast-store';

export type TestsState = 'idle' | 'loading' | 'ready' | 'notFound' | 'failed';

/** How often a running test run is read again when its live progress cannot be followed. */
export const TEST_RUN_POLL_MS = 700;

/** A version the set can run against: `null` is the draft. */
export interface VersionChoice {
  id: string | null;
  label: string;
}

/**
 * An app's Tests page for its owner: the cases (kept from runs, imported as JSON Lines, removed),
 * the version to test (the draft by default) and the cost before running, a test run followed as
 * it goes (cancellable), its result table and how it compares with the live version's last test
 * run (or, for a run of the live version, the one before it).
 */
export class TestsStore {
  appId = '';
  appName = '';
  config: AppConfig | null = null;
  /** The app's versions, newest first (the owner's history). */
  versions: AppVersionEntry[] = [];
  /** The version the next test run is of; null: the draft. */
  versionId: string | null = null;
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
    private readonly catalogue: CatalogueStore,
  ) {
    makeObservable<TestsStore>(this, {
      appId: observable,
      appName: observable,
      config: observableRef,
      versions: observableRef,
      versionId: observable,
      versionChoices: computed,
      targets: computed,
      setVersion: action,
      state: observable,
      cases: observableRef,
      runs: observableRef,
      estimate: observableRef,
      comparison: observableRef,
      estimateText: computed,
      comparisonTitle: computed,
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

  /**
   * The versions to choose from: the draft first, then the live one, the one in review and those
   * saved by hand (autosaves are left out).
   */
  get versionChoices(): VersionChoice[] {
    const draft = this.versions.find((entry) => entry.isDraft);
    const choices: VersionChoice[] = [{ id: null, label: TESTS.draftChoice(draft?.number ?? null) }];
    for (const entry of this.versions) {
      if (entry.isDraft || (entry.kind === 'autosave' && !entry.isLive && !entry.isInReview)) continue;
      const badge = entry.isLive
        ? HISTORY.badges.live
        : entry.isInReview
          ? HISTORY.badges.inReview
          : HISTORY.kinds[entry.kind];
      choices.push({ id: entry.id, label: TESTS.versionChoice(entry.number, badge) });
    }
    return choices;
  }

  /** What a check can look at: the final answer, or one of the app's blocks that answers. */
  get targets(): CheckTarget[] {
    if (!this.config) return [{ value: 'answer', label: TESTS.finalAnswer }];
    const byId = this.catalogue.byId;
    return checkTargets(this.config, (type) => byId.get(type));
  }

  /** A check's target in words (a block by its name). */
  targetName(target: string): string {
    return targetLabel(this.targets, target);
  }

  /** The models a judged check may use (those that write text), and the catalogue's default. */
  get judgeModels(): { models: CatalogueModel[]; defaultModel: string } {
    const catalogue = this.catalogue.modelCatalogue;
    const models = catalogue.models.filter((model) => model.capabilities.includes('text'));
    return { models, defaultModel: catalogue.defaultText ?? models[0]?.id ?? '' };
  }

  /** The cost of the next test run in words, naming the version it is of. */
  get estimateText(): string | null {
    const estimate = this.estimate;
    if (!estimate) return null;
    const version = estimate.versionNumber ?? null;
    const against = this.versionId === null ? TESTS.againstDraft(version) : TESTS.againstVersion(version);
    const { min, max } = estimate.credits;
    return TESTS.estimate(estimate.cases, min, max, against, estimate.judgeCredits);
  }

  /**
   * What the latest test run is compared with: the live version's last test run, or for a run of
   * the live version itself the one before it.
   */
  get comparisonTitle(): string {
    const baseline = this.comparison?.baseline;
    if (!baseline) return TESTS.comparisonHeading(null);
    const version = baseline.versionNumber ?? null;
    return baseline.versionId === this.latest?.versionId
      ? TESTS.previousHeading(version, new Date(baseline.createdAt).toLocaleString())
      : TESTS.comparisonHeading(version);
  }

  /** Chooses the version the next test run is of (null: the draft), and prices it. */
  async setVersion(versionId: string | null): Promise<void> {
    this.versionId = versionId;
    await this.refreshEstimate();
  }

  async open(appId: string): Promise<void> {
    this.stopPolling();
    this.appId = appId;
    this.state = 'loading';
    this.versionId = null;
    try {
      const app = await this.api.app(appId);
      if (app.owner_id !== this.session.user?.id) throw new ApiError('Not your app.', 'NOT_FOUND');
      const [cases, runs, versions] = await Promise.all([
        this.api.testing.testSet(appId),
        this.api.testing.testRuns(appId),
        // Without its history the draft is still offered.
        this.api.appVersions(appId).catch(() => [] as AppVersionEntry[]),
        // Block names and models for the checks; the page works without them.
        this.catalogue.load(),
      ]);
      if (this.appId !== appId) return;
      runInAction(() => {
        this.appName = app.name;
        this.config = app.config;
        this.cases = cases;
        this.runs = runs;
        this.versions = versions;
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

  /** Adds a check to a case (the server checks it and says what to fix), then prices the set again. */
  async addCheck(caseId: string, check: TestCheck): Promise<boolean> {
    let added = false;
    await this.busyWith(TESTS.checkFailed, async () => {
      const cases = await this.api.testing.saveTestSet(
        this.appId,
        this.cases.map((one) => (one.id === caseId ? { ...one, checks: [...one.checks, check] } : one)),
      );
      runInAction(() => (this.cases = cases));
      added = true;
      // A judged check adds its model's price to the cost.
      await this.refreshEstimate();
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
      const run = await this.api.testing.startTestRun(this.appId, this.versionId);
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
    const versionId = this.versionId;
    try {
      const estimate = await this.api.testing.estimate(this.appId, versionId);
      if (this.versionId === versionId) runInAction(() => (this.estimate = estimate));
    } catch {
      if (this.versionId === versionId) runInAction(() => (this.estimate = null));
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
