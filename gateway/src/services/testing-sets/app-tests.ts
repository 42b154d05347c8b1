import { planRun, type ModelLookup } from '@blocksmith/engine';
import type { AiProvider } from '@blocksmith/block-sdk';
import type { DataSource } from 'typeorm';
import { AppRecord, AppVersion } from '../../data/entities';
import { InputError } from '../../errors';
import type { BlockRegistry } from '../../kernel';
import type { StartedRun, StartRunRequest } from '../runs/run-start';
import type { Judge } from './checks';
import { modelJudge } from './model-judge';
import { TestRuns, type TestRunView } from './app-test-runs';
import { TestSets, type TestViewer } from './app-test-sets';

/** The store's tested quality of a published app: its live version's last finished test run. */
export interface AppQuality {
  passRate: number;
  cases: number;
  p95Ms: number | null;
  creditsPerRun: number | null;
  versionNumber: number | null;
  testedAt: Date;
}

/** What submitting for review requires: at least `minCases` cases passing at `minPassRate`% or more. */
export interface TestGate {
  minCases: number;
  minPassRate: number;
}

/** A case that got better or worse between two test runs. */
export interface CaseChange {
  caseId: string;
  name: string;
  before: string;
  after: string;
}

export interface TestRunComparison {
  /** The live version's last finished test run compared against; null when there is none. */
  baseline: TestRunView | null;
  better: CaseChange[];
  worse: CaseChange[];
}

export interface TestingDeps {
  dataSource: DataSource;
  registry: BlockRegistry;
  runs: { start(request: StartRunRequest): Promise<StartedRun> };
  provider: AiProvider;
  models?: (ModelLookup & { ready(): Promise<void> }) | undefined;
  /** The gate before review (default: none, 0 cases at 0%). */
  gate?: TestGate;
  judge?: Judge;
  concurrency?: number;
}

export function gateRefusal(gate: TestGate, run: TestRunView | null, cases: number): string | null {
  if (cases < gate.minCases) {
    return `Submitting for review needs a test set of at least ${gate.minCases} case${gate.minCases === 1 ? '' : 's'}; this app has ${cases}. Add cases on its Tests page.`;
  }
  if (gate.minPassRate > 0 && run && (run.passRate ?? 0) < gate.minPassRate) {
    return `Submitting for review needs a pass rate of at least ${gate.minPassRate}%; the test run just now passed ${run.passed} of ${run.total} (${run.passRate ?? 0}%). Fix the failing cases and submit again.`;
  }
  return null;
}

/** Test sets, test runs, the gate before review and the store's quality figures. */
export class Testing {
  readonly sets: TestSets;
  readonly runs: TestRuns;
  readonly gate: TestGate;

  constructor(private readonly deps: TestingDeps) {
    this.sets = new TestSets(deps.dataSource);
    this.gate = deps.gate ?? { minCases: 0, minPassRate: 0 };
    this.runs = new TestRuns({
      dataSource: deps.dataSource,
      sets: this.sets,
      runs: deps.runs,
      judge: deps.judge ?? modelJudge(deps.provider),
      price: (appId, versionId) => this.price(appId, versionId),
      ...(deps.concurrency !== undefined && { concurrency: deps.concurrency }),
    });
  }

  /**
   * Before a version goes to review: the set runs against the draft (and is waited for) when it
   * has cases; the gate's minimums are then checked. Throws with what to do when refused.
   */
  async beforeSubmit(ownerId: string, appId: string): Promise<TestRunView | null> {
    const viewer = { userId: ownerId };
    const { cases } = await this.sets.get(viewer, appId);
    const refusedEarly = gateRefusal(this.gate, null, cases.length);
    if (refusedEarly) throw new InputError(refusedEarly);
    if (cases.length === 0) return null;
    const started = await this.runs.start(viewer, appId, { purpose: 'submission' });
    const run = await this.runs.whenEnded(started.id);
    const refused = gateRefusal(this.gate, run, cases.length);
    if (refused) throw new InputError(refused);
    return run;
  }

  /** A published app's quality in the store: its live version's last finished test run. */
  async quality(appId: string): Promise<AppQuality | null> {
    const app = await this.deps.dataSource.getRepository(AppRecord).findOneBy({ id: appId });
    if (!app?.liveVersionId) return null;
    const run = await this.runs.lastOfVersion(appId, app.liveVersionId);
    if (!run || run.total === 0) return null;
    return {
      passRate: run.passRate ?? 0,
      cases: run.total,
      p95Ms: run.latencyMs.p95,
      creditsPerRun: run.creditsPerRun,
      versionNumber: run.versionNumber,
      testedAt: run.finishedAt ?? run.createdAt,
    };
  }

  /** A test run beside the live version's last one: which cases got better, which got worse. */
  async compare(viewer: TestViewer, appId: string, testRunId: string): Promise<TestRunComparison> {
    const run = await this.runs.get(viewer, appId, testRunId);
    const app = await this.deps.dataSource.getRepository(AppRecord).findOneByOrFail({ id: appId });
    const baseline = app.liveVersionId ? await this.runs.lastOfVersion(appId, app.liveVersionId) : null;
    if (!baseline || baseline.id === run.id) return { baseline: null, better: [], worse: [] };
    const before = new Map(baseline.cases.map((one) => [one.caseId, one]));
    const better: CaseChange[] = [];
    const worse: CaseChange[] = [];
    for (const one of run.cases) {
      const old = before.get(one.caseId);
      if (!old || old.status === one.status) continue;
      const change = { caseId: one.caseId, name: one.name, before: old.status, after: one.status };
      if (one.status === 'passed') better.push(change);
      else if (old.status === 'passed') worse.push(change);
    }
    return { baseline, better, worse };
  }

  /** What one run of a version (the current draft when null) costs, as a run is priced. */
  private async price(appId: string, versionId: string | null): Promise<{ min: number; max: number }> {
    const { dataSource, registry, models } = this.deps;
    const config = versionId
      ? (await dataSource.getRepository(AppVersion).findOneByOrFail({ id: versionId })).config
      : (await dataSource.getRepository(AppRecord).findOneByOrFail({ id: appId })).config;
    if (models) await models.ready();
    try {
      return planRun(config, registry, models ? { models } : {}).costRange;
    } catch (error) {
      throw new InputError(`This version cannot run: ${(error as Error).message}`);
    }
  }
}
