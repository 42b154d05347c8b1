import { planRun, type ModelLookup } from '@blocksmith/engine';
import type { AiProvider } from '@blocksmith/block-sdk';
import { PLANS, isPlanId, type PlanId } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AppRecord, AppVersion, User } from '../../data/entities';
import { InputError } from '../../errors';
import type { BlockRegistry } from '../../kernel';
import type { StartedRun, StartRunRequest } from '../runs/run-start';
import type { Judge } from './checks';
import { modelJudge } from './model-judge';
import { TestRuns } from './app-test-runs';
import { TestSets, type TestViewer } from './app-test-sets';
import type { JudgeLedger } from './judge-charges';
import { publicRunFigures, type PublicRunFigures } from './public-run-figures';
import { NO_GATE, gateRefusal, ownerGate, planGate, type OwnerGate, type TestGate } from './review-gate';
import { round2, type TestRunView } from './app-test-run-view';
import { TestRunHistory } from './app-test-run-history';

/**
 * A published app's quality in the store, for its live version: the figures of its last finished
 * test run (null, and 0 cases, while it has none) and, kept apart, the same version as the public
 * runs it. Each figure means one thing whichever is known.
 */
export interface AppQuality {
  /** Percent of the test run's cases passed; null while the live version is untested. */
  passRate: number | null;
  /** Cases in that test run (0 while untested). */
  cases: number;
  /** The test run's p95 latency and credits per case run (null while untested). */
  p95Ms: number | null;
  creditsPerRun: number | null;
  /** The live version's number. */
  versionNumber: number | null;
  /** When that test run ended; null while untested. */
  testedAt: Date | null;
  /**
   * The same version as the public runs it (latency and credits, never inputs): null until
   * someone other than the owner has run it.
   */
  publicRuns: PublicRunFigures | null;
}

/** A case that got better or worse between two test runs. */
export interface CaseChange {
  caseId: string;
  name: string;
  before: string;
  after: string;
}

export interface TestRunComparison {
  /**
   * The live version's last finished test run compared against (for a run of the live version,
   * the one before it); null when there is none.
   */
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
  /** The server's gate before review (default: none, 0 cases at 0%); each plan's adds to it. */
  gate?: TestGate;
  /** A plan's own gate (default: the plans table's `testGate`). */
  planGate?: (plan: PlanId) => TestGate;
  judge?: Judge;
  /** Judge calls are charged to the owner through it (without it they are free). */
  ledger?: JudgeLedger;
  /** This process's heartbeat, for test runs left running by a stopped process. */
  lease?: { id: string; leaseSeconds: number };
  concurrency?: number;
}

/** Test sets, test runs, the gate before review and the store's quality figures. */
export class Testing {
  readonly sets: TestSets;
  readonly runs: TestRuns;
  readonly gate: TestGate;
  private readonly history: TestRunHistory;

  constructor(private readonly deps: TestingDeps) {
    this.sets = new TestSets(deps.dataSource);
    this.history = new TestRunHistory(deps.dataSource);
    this.gate = deps.gate ?? NO_GATE;
    this.runs = new TestRuns({
      dataSource: deps.dataSource,
      sets: this.sets,
      runs: deps.runs,
      judge: deps.judge ?? modelJudge(deps.provider),
      ...(deps.ledger && { judgeCharging: { ledger: deps.ledger, models: deps.models } }),
      ...(deps.lease && { lease: deps.lease }),
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
    const gate = await this.gateFor(ownerId);
    const refusedEarly = gateRefusal(gate, null, cases.length);
    if (refusedEarly) throw new InputError(refusedEarly);
    if (cases.length === 0) return null;
    const started = await this.runs.start(viewer, appId, { purpose: 'submission' });
    const run = await this.runs.whenEnded(started.id);
    const refused = gateRefusal(gate, run, cases.length);
    if (refused) throw new InputError(refused);
    return run;
  }

  /** The gate in force for an owner: their plan's and the server's, the stricter of each. */
  async gateFor(ownerId: string): Promise<OwnerGate> {
    const user = await this.deps.dataSource.getRepository(User).findOneBy({ id: ownerId });
    const plan: PlanId = isPlanId(user?.plan) ? user.plan : 'free';
    const gate = (this.deps.planGate ?? planGate)(plan);
    return ownerGate(this.gate, { name: PLANS[plan].name, gate });
  }

  /**
   * A published app's quality in the store: its live version's last finished test run, and the
   * same version's latency and credits as the public runs it; null when neither is known.
   */
  async quality(appId: string): Promise<AppQuality | null> {
    const { dataSource } = this.deps;
    const app = await dataSource.getRepository(AppRecord).findOneBy({ id: appId });
    if (!app?.liveVersionId) return null;
    const live = { id: app.id, ownerId: app.ownerId, versionId: app.liveVersionId };
    const [run, publicRuns] = await Promise.all([
      this.history.lastFiguresOfVersion(appId, app.liveVersionId),
      publicRunFigures(dataSource, live),
    ]);
    // A finished run has every case's result: its figures are over all `total` cases.
    const tested = run && run.total > 0 ? run : null;
    if (!tested && !publicRuns) return null;
    if (!tested) {
      const version = await dataSource
        .getRepository(AppVersion)
        .findOne({ where: { id: app.liveVersionId }, select: { id: true, number: true } });
      return {
        passRate: null,
        cases: 0,
        p95Ms: null,
        creditsPerRun: null,
        versionNumber: version?.number ?? null,
        testedAt: null,
        publicRuns,
      };
    }
    return {
      passRate: round2((tested.passed / tested.total) * 100),
      cases: tested.total,
      p95Ms: tested.p95Ms,
      creditsPerRun: round2(tested.credits / tested.total),
      versionNumber: tested.versionNumber,
      testedAt: tested.finishedAt ?? tested.createdAt,
      publicRuns,
    };
  }

  /**
   * A test run beside the live version's last finished one: which cases got better, which got
   * worse. A test run of the live version itself is compared with the one before it of that
   * version.
   */
  async compare(viewer: TestViewer, appId: string, testRunId: string): Promise<TestRunComparison> {
    const run = await this.runs.get(viewer, appId, testRunId);
    const app = await this.deps.dataSource.getRepository(AppRecord).findOneByOrFail({ id: appId });
    const live = app.liveVersionId;
    const baseline = !live
      ? null
      : await this.history.lastOfVersion(appId, live, run.versionId === live ? run : undefined);
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
