import { randomUUID } from 'node:crypto';
import { cutText, storableValue } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AppTestRun, AppVersion, type TestRunPurpose } from '../../data/entities';
import { AppError, ConflictError, InputError, NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import type { StartedRun, StartRunRequest } from '../runs/run-start';
import { answersOf, evaluateCheck, type CheckOutcome, type Judge } from './checks';
import type { TestCase } from './app-test-case';
import { appFor, type TestSets, type TestViewer } from './app-test-sets';

/** One case's outcome in a test run. */
export interface CaseResult {
  caseId: string;
  name: string;
  status: 'passed' | 'failed' | 'cancelled';
  runId: string | null;
  /** The run's answers by key (`answer` the final one), cut for display. */
  answers: Record<string, unknown>;
  checks: CheckOutcome[];
  latencyMs: number | null;
  credits: number;
  /** Why the case failed outside its checks (the run failed or could not start). */
  error: string | null;
}

export interface TestRunView {
  id: string;
  appId: string;
  versionId: string | null;
  versionNumber: number | null;
  purpose: TestRunPurpose;
  status: AppTestRun['status'];
  total: number;
  done: number;
  passed: number;
  failed: number;
  passRate: number | null;
  cases: CaseResult[];
  latencyMs: { p50: number | null; p95: number | null };
  credits: number;
  creditsPerRun: number | null;
  estimatedCredits: number;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface TestRunEstimate {
  cases: number;
  versionId: string | null;
  versionNumber: number | null;
  /** The fewest and most credits one case's run costs, and the whole run at most. */
  creditsPerRun: { min: number; max: number };
  credits: { min: number; max: number };
}

export interface TestRunDeps {
  dataSource: DataSource;
  sets: TestSets;
  runs: { start(request: StartRunRequest): Promise<StartedRun> };
  /** The credits one run of the version costs (as a run is priced), before anything is charged. */
  price(appId: string, versionId: string | null): Promise<{ min: number; max: number }>;
  judge: Judge;
  /** Cases running at once in one test run (default 4). */
  concurrency?: number;
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function cutAnswer(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 5000 ? `${cutText(value, 5000)}…` : value;
  const text = JSON.stringify(value);
  return text !== undefined && text.length > 5000 ? `${cutText(text, 5000)}…` : value;
}

export function toView(row: AppTestRun): TestRunView {
  const cases = row.results as CaseResult[];
  const finished = row.passed + row.failed;
  return {
    id: row.id,
    appId: row.appId,
    versionId: row.versionId,
    versionNumber: row.versionNumber,
    purpose: row.purpose,
    status: row.status,
    total: row.total,
    done: cases.length,
    passed: row.passed,
    failed: row.failed,
    passRate: finished === 0 ? null : round2((row.passed / row.total) * 100),
    cases,
    latencyMs: { p50: row.p50Ms, p95: row.p95Ms },
    credits: row.credits,
    creditsPerRun: cases.length === 0 ? null : round2(row.credits / cases.length),
    estimatedCredits: row.estimatedCredits,
    error: row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
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

  constructor(private readonly deps: TestRunDeps) {}

  async estimate(viewer: TestViewer, appId: string, versionId?: string | null): Promise<TestRunEstimate> {
    const app = await appFor(this.deps.dataSource, viewer, appId, 'write');
    const version = await this.version(app.id, versionId ?? app.draftVersionId);
    const { cases } = await this.deps.sets.read(app.id);
    const one = await this.deps.price(app.id, version?.id ?? null);
    return {
      cases: cases.length,
      versionId: version?.id ?? null,
      versionNumber: version?.number ?? null,
      creditsPerRun: one,
      credits: { min: one.min * cases.length, max: one.max * cases.length },
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
      estimatedCredits: one.max * cases.length,
      error: null,
      createdAt: new Date(),
      finishedAt: null,
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
    } else {
      // Its process stopped: nothing is going on any more.
      await this.deps.dataSource
        .getRepository(AppTestRun)
        .update({ id: row.id, status: 'running' }, { status: 'cancelled', finishedAt: new Date() });
    }
    return toView(await this.row(appId, testRunId));
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

  /** The last finished test run of a version, if any (the store's quality, the comparison). */
  async lastOfVersion(appId: string, versionId: string): Promise<TestRunView | null> {
    const row = await this.deps.dataSource
      .getRepository(AppTestRun)
      .findOne({ where: { appId, versionId, status: 'finished' }, order: { createdAt: 'DESC' } });
    return row ? toView(row) : null;
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
          { id: row.id },
          { status: 'failed', error: (error as Error).message, finishedAt: new Date() },
        );
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
    const shown: Record<string, unknown> = { answer: cutAnswer(answers.final ?? null) };
    for (const [key, value] of answers.byTarget)
      if (!key.includes('.') && !isUuid(key)) shown[key] = cutAnswer(value);
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
    const checks: CheckOutcome[] = [];
    for (const check of one.checks) checks.push(await evaluateCheck(check, answers, this.deps.judge));
    const passed = checks.every((check) => check.passed);
    return {
      ...base,
      status: passed ? 'passed' : 'failed',
      runId: run.id,
      answers: shown,
      checks,
      latencyMs,
      credits: run.cost,
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
    await this.deps.dataSource.getRepository(AppTestRun).update(
      { id: row.id },
      {
        status,
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
