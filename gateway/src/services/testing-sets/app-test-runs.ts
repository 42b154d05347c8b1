import { randomUUID } from 'node:crypto';
import type { ModelLookup } from '@blocksmith/engine';
import { storableValue } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AppTestRun, AppVersion, type TestRunPurpose } from '../../data/entities';
import { AppError, ConflictError, InputError, NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import type { StartedRun, StartRunRequest } from '../runs/run-start';
import { answersOf, evaluateCheck, type CheckOutcome, type Judge } from './checks';
import type { TestCase } from './app-test-case';
import { appFor, type TestSets, type TestViewer } from './app-test-sets';
import { chargedJudge, judgeCreditsOf, type JudgeLedger } from './judge-charges';
import { endLapsedTestRuns, executorAlive } from './lapsed-test-runs';
import { TestRunProgress } from './app-test-run-progress';
import {
  percentile,
  shownAnswers,
  toView,
  type CaseResult,
  type TestRunEstimate,
  type TestRunView,
} from './app-test-run-view';

export interface TestRunDeps {
  dataSource: DataSource;
  sets: TestSets;
  runs: { start(request: StartRunRequest): Promise<StartedRun> };
  /** The credits one run of the version costs (as a run is priced), before anything is charged. */
  price(appId: string, versionId: string | null): Promise<{ min: number; max: number }>;
  judge: Judge;
  /** Charges each judge call to the owner (without it, judge calls are free: tests of checks alone). */
  judgeCharging?: { ledger: JudgeLedger; models?: ModelLookup | undefined };
  /** This process's heartbeat: test runs name it, and another process ends them if it stops. */
  lease?: { id: string; leaseSeconds: number };
  /** Cases running at once in one test run (default 4). */
  concurrency?: number;
}

/**
 * Test runs: an app's test set run against one of its versions (the draft by default) on its
 * owner's credits at the normal price, a few cases at once, each case's run checked as it ends
 * and stored as it goes (progress is the stored row), cancellable, with p50/p95 latency and
 * credits per run over the cases.
 */
export class TestRuns {
  /** Test runs this process executes, by id: cancelled ones stop starting cases. */
  private readonly going = new Map<string, { cancelled: boolean; finished: Promise<void> }>();

  /** Word of stored changes, for the watchers of live progress. */
  private readonly progress = new TestRunProgress();

  constructor(private readonly deps: TestRunDeps) {}

  async estimate(viewer: TestViewer, appId: string, versionId?: string | null): Promise<TestRunEstimate> {
    const app = await appFor(this.deps.dataSource, viewer, appId, 'write');
    const version = await this.version(app.id, versionId ?? app.draftVersionId);
    const { cases } = await this.deps.sets.read(app.id);
    const one = await this.deps.price(app.id, version?.id ?? null);
    const judgeCredits = this.judgeCredits(cases);
    return {
      cases: cases.length,
      versionId: version?.id ?? null,
      versionNumber: version?.number ?? null,
      creditsPerRun: one,
      judgeCredits,
      credits: { min: one.min * cases.length, max: one.max * cases.length + judgeCredits },
    };
  }

  /** Starts the set against a version (the draft by default); answers at once with the run. */
  async start(
    viewer: TestViewer,
    appId: string,
    options: { versionId?: string | null; purpose?: TestRunPurpose } = {},
  ): Promise<TestRunView> {
    const app = await appFor(this.deps.dataSource, viewer, appId, 'write');
    const version = await this.version(app.id, options.versionId ?? app.draftVersionId);
    const { cases } = await this.deps.sets.read(app.id);
    if (cases.length === 0) throw new InputError('The test set has no cases: add one before running it.');
    const one = await this.deps.price(app.id, version?.id ?? null);
    const row = await this.deps.dataSource.getRepository(AppTestRun).save({
      id: randomUUID(),
      appId: app.id,
      ownerId: app.ownerId,
      versionId: version?.id ?? null,
      versionNumber: version?.number ?? null,
      purpose: options.purpose ?? 'manual',
      status: 'running',
      total: cases.length,
      passed: 0,
      failed: 0,
      results: [],
      p50Ms: null,
      p95Ms: null,
      credits: 0,
      estimatedCredits: one.max * cases.length + this.judgeCredits(cases),
      error: null,
      createdAt: new Date(),
      finishedAt: null,
      executor: this.deps.lease?.id ?? null,
      cancelRequested: false,
    });
    const state = { cancelled: false, finished: Promise.resolve() };
    this.going.set(row.id, state);
    state.finished = this.execute(row, cases, app.ownerId).finally(() => this.going.delete(row.id));
    return toView(row);
  }

  /** Settles once the test run has ended (run by this process), with its stored view. */
  async whenEnded(testRunId: string): Promise<TestRunView> {
    await this.going.get(testRunId)?.finished;
    return toView(await this.deps.dataSource.getRepository(AppTestRun).findOneByOrFail({ id: testRunId }));
  }

  async cancel(viewer: TestViewer, appId: string, testRunId: string): Promise<TestRunView> {
    await appFor(this.deps.dataSource, viewer, appId, 'write');
    const row = await this.row(appId, testRunId);
    if (row.status !== 'running') throw new ConflictError('This test run has already ended.');
    const state = this.going.get(row.id);
    if (state) {
      state.cancelled = true;
      await state.finished;
      return toView(await this.row(appId, testRunId));
    }
    const repository = this.deps.dataSource.getRepository(AppTestRun);
    const lease = this.deps.lease;
    if (lease && (await executorAlive(this.deps.dataSource, row.executor, lease.leaseSeconds))) {
      // Another process executes it: it hears the cancel before its next case, and ends the run.
      await repository.update({ id: row.id, status: 'running' }, { cancelRequested: true });
      return this.endedView(appId, testRunId, 60_000);
    }
    // Its process stopped: nothing is going on any more.
    await repository.update(
      { id: row.id, status: 'running' },
      { status: 'cancelled', cancelRequested: true, executor: null, finishedAt: new Date() },
    );
    this.progress.changed(row.id);
    return toView(await this.row(appId, testRunId));
  }

  /**
   * Live progress: the test run as stored now, then again each time a case ends, until it has
   * ended. Runs executed here are followed as they change; others are read again each second.
   */
  async *watch(
    viewer: TestViewer,
    appId: string,
    testRunId: string,
    signal?: AbortSignal,
  ): AsyncGenerator<TestRunView> {
    await appFor(this.deps.dataSource, viewer, appId, 'read');
    let row = await this.row(appId, testRunId);
    yield toView(row);
    while (row.status === 'running' && !signal?.aborted) {
      await this.progress.next(row.id, undefined, signal);
      const fresh = await this.row(appId, testRunId);
      const moved =
        fresh.status !== row.status ||
        fresh.results.length !== row.results.length ||
        fresh.passed + fresh.failed !== row.passed + row.failed;
      row = fresh;
      if (moved) yield toView(row);
    }
  }

  /** Ends the test runs a stopped process left running (the heartbeat's sweep calls it). */
  async endLapsed(lease: { id: string; leaseSeconds: number }): Promise<void> {
    const ended = await endLapsedTestRuns(this.deps.dataSource, lease, [...this.going.keys()]);
    for (const id of ended) this.progress.changed(id);
  }

  /** The run once ended, waiting at most `waitMs` (then as it is). */
  private async endedView(appId: string, testRunId: string, waitMs: number): Promise<TestRunView> {
    const until = Date.now() + waitMs;
    let row = await this.row(appId, testRunId);
    while (row.status === 'running' && Date.now() < until) {
      await this.progress.next(row.id, 250);
      row = await this.row(appId, testRunId);
    }
    return toView(row);
  }

  private judgeCredits(cases: readonly TestCase[]): number {
    return this.deps.judgeCharging ? judgeCreditsOf(cases, this.deps.judgeCharging.models) : 0;
  }

  async list(viewer: TestViewer, appId: string, limit = 50): Promise<TestRunView[]> {
    await appFor(this.deps.dataSource, viewer, appId, 'read');
    const rows = await this.deps.dataSource
      .getRepository(AppTestRun)
      .find({ where: { appId }, order: { createdAt: 'DESC' }, take: Math.min(Math.max(limit, 1), 100) });
    return rows.map(toView);
  }

  async get(viewer: TestViewer, appId: string, testRunId: string): Promise<TestRunView> {
    await appFor(this.deps.dataSource, viewer, appId, 'read');
    return toView(await this.row(appId, testRunId));
  }

  private async row(appId: string, testRunId: string): Promise<AppTestRun> {
    const row = isUuid(testRunId)
      ? await this.deps.dataSource.getRepository(AppTestRun).findOneBy({ id: testRunId, appId })
      : null;
    if (!row) throw new NotFoundError('Test run not found.');
    return row;
  }

  private async version(appId: string, versionId: string | null | undefined): Promise<AppVersion | null> {
    if (versionId === null || versionId === undefined) return null;
    const version = isUuid(versionId)
      ? await this.deps.dataSource.getRepository(AppVersion).findOneBy({ id: versionId, appId })
      : null;
    if (!version) throw new NotFoundError('This app has no such version.');
    return version;
  }

  private async execute(row: AppTestRun, cases: TestCase[], ownerId: string): Promise<void> {
    const state = this.going.get(row.id)!;
    const results: (CaseResult | undefined)[] = new Array(cases.length);
    let next = 0;
    let saving = Promise.resolve();
    const save = (final: boolean) => {
      saving = saving.then(() =>
        this.store(row, results, final && state.cancelled ? 'cancelled' : final ? 'finished' : 'running'),
      );
      return saving;
    };
    const worker = async () => {
      while (next < cases.length) {
        const index = next++;
        const one = cases[index]!;
        // A cancel may be asked of another process (it sets the row's flag).
        if (!state.cancelled && this.deps.lease && (await this.cancelAsked(row.id))) state.cancelled = true;
        results[index] = state.cancelled ? cancelledCase(one) : await this.runCase(one, row, ownerId);
        await save(false);
      }
    };
    const limit = Math.max(1, Math.min(this.deps.concurrency ?? 4, cases.length));
    try {
      await Promise.all(Array.from({ length: limit }, worker));
      await save(true);
    } catch (error) {
      await this.deps.dataSource
        .getRepository(AppTestRun)
        .update(
          { id: row.id, status: 'running' },
          { status: 'failed', error: (error as Error).message, executor: null, finishedAt: new Date() },
        );
      this.progress.changed(row.id);
    }
  }

  private async runCase(one: TestCase, row: AppTestRun, ownerId: string): Promise<CaseResult> {
    const base = { caseId: one.id, name: one.name };
    let started: StartedRun;
    try {
      started = await this.deps.runs.start({
        userId: ownerId,
        appId: row.appId,
        inputs: one.inputs,
        actionType: 'test_execution',
        source: 'test',
        ...(row.versionId && { versionId: row.versionId }),
      });
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'The run could not start.';
      return {
        ...base,
        status: 'failed',
        runId: null,
        answers: {},
        checks: [],
        latencyMs: null,
        credits: 0,
        error: message,
      };
    }
    const run = await started.done;
    const latencyMs = run.finishedAt ? run.finishedAt.getTime() - run.createdAt.getTime() : null;
    const answers = answersOf(run.result);
    const shown = shownAnswers(answers, one.checks);
    if (run.status !== 'succeeded') {
      return {
        ...base,
        status: 'failed',
        runId: run.id,
        answers: shown,
        checks: [],
        latencyMs,
        credits: run.cost,
        error: run.error ?? `The run ${run.status}.`,
      };
    }
    const judged = { credits: 0 };
    const charging = this.deps.judgeCharging;
    const judge = charging ? chargedJudge(this.deps.judge, charging, ownerId, judged) : this.deps.judge;
    const checks: CheckOutcome[] = [];
    for (const check of one.checks) checks.push(await evaluateCheck(check, answers, judge));
    const passed = checks.every((check) => check.passed);
    return {
      ...base,
      status: passed ? 'passed' : 'failed',
      runId: run.id,
      answers: shown,
      checks,
      latencyMs,
      credits: run.cost + judged.credits,
      error: null,
    };
  }

  private async store(
    row: AppTestRun,
    results: (CaseResult | undefined)[],
    status: AppTestRun['status'],
  ): Promise<void> {
    const done = results.filter((one): one is CaseResult => one !== undefined);
    const latencies = done
      .flatMap((one) => (one.latencyMs === null ? [] : [one.latencyMs]))
      .sort((a, b) => a - b);
    // Only while running: a run another process ended (its executor stopped) stays as it was ended.
    await this.deps.dataSource.getRepository(AppTestRun).update(
      { id: row.id, status: 'running' },
      {
        status,
        ...(status !== 'running' && { executor: null }),
        // A judge's reason or an answer is text from elsewhere: stored as the database can keep it.
        results: storableValue(done),
        passed: done.filter((one) => one.status === 'passed').length,
        failed: done.filter((one) => one.status === 'failed').length,
        p50Ms: percentile(latencies, 50),
        p95Ms: percentile(latencies, 95),
        credits: done.reduce((sum, one) => sum + one.credits, 0),
        ...(status !== 'running' && { finishedAt: new Date() }),
      },
    );
    this.progress.changed(row.id);
  }

  /** Whether a cancel was asked of another process (read before each case starts). */
  private async cancelAsked(testRunId: string): Promise<boolean> {
    const row = await this.deps.dataSource
      .getRepository(AppTestRun)
      .findOne({ where: { id: testRunId }, select: { id: true, cancelRequested: true, status: true } });
    return !row || row.cancelRequested || row.status !== 'running';
  }
}

function cancelledCase(one: TestCase): CaseResult {
  return {
    caseId: one.id,
    name: one.name,
    status: 'cancelled',
    runId: null,
    answers: {},
    checks: [],
    latencyMs: null,
    credits: 0,
    error: 'Cancelled before it ran.',
  };
}
