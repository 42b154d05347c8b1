import type {
  TestCase,
  TestingApi,
  TestRun,
  TestRunComparison,
  TestRunEstimate,
  TestRunWatcher,
} from '../api/app-tests';

/** An app's test set and test runs kept in memory; tests set `runs` and `estimateAnswer`. */
export class FakeTesting implements TestingApi {
  cases: TestCase[] = [];
  runs: TestRun[] = [];
  estimateAnswer: TestRunEstimate = {
    cases: 0,
    versionId: null,
    versionNumber: 1,
    creditsPerRun: { min: 1, max: 1 },
    judgeCredits: 0,
    credits: { min: 0, max: 0 },
  };
  comparisonAnswer: TestRunComparison = { baseline: null, better: [], worse: [] };
  /** What the next `startTestRun` answers (a running test run by default). */
  nextRun: TestRun | null = null;
  calls: string[] = [];
  /** Who follows each test run's live progress now. */
  watchers = new Map<string, TestRunWatcher>();
  /** The live progress cannot be followed (as when the socket fails). */
  watchFails = false;

  /** Sends a test run's progress to its watcher (and completes it once the run has ended). */
  progress(run: TestRun): void {
    this.runs = this.runs.map((one) => (one.id === run.id ? run : one));
    const watcher = this.watchers.get(run.id);
    watcher?.next(run);
    if (watcher && run.status !== 'running') {
      this.watchers.delete(run.id);
      watcher.complete();
    }
  }

  async testSet() {
    this.calls.push('testSet');
    return this.cases;
  }

  async saveTestSet(_appId: string, cases: TestCase[]) {
    this.calls.push('saveTestSet');
    this.cases = cases;
    return cases;
  }

  async keepRunAsTestCase(_appId: string, runId: string) {
    this.calls.push(`keepRunAsTestCase:${runId}`);
    this.cases = [
      ...this.cases,
      { id: `case-${this.cases.length + 1}`, name: 'Kept', inputs: {}, checks: [], sourceRunId: runId },
    ];
    return this.cases;
  }

  async importTestCases(_appId: string, jsonLines: string, replace: boolean) {
    this.calls.push('importTestCases');
    const lines = jsonLines
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(
        (line, i) =>
          ({
            id: `imported-${i}`,
            name: `Case ${i + 1}`,
            inputs: {},
            checks: [],
            sourceRunId: null,
            ...JSON.parse(line),
          }) as TestCase,
      );
    this.cases = replace ? lines : [...this.cases, ...lines];
    return this.cases;
  }

  async exportTestCases() {
    return this.cases.map((one) => JSON.stringify(one)).join('\n');
  }

  async estimate(_appId: string, versionId: string | null = null) {
    this.calls.push(`estimate:${versionId ?? 'draft'}`);
    return { ...this.estimateAnswer, cases: this.cases.length };
  }

  async startTestRun(appId: string, versionId: string | null = null) {
    this.calls.push(versionId ? `startTestRun:${versionId}` : 'startTestRun');
    const run: TestRun = this.nextRun ?? {
      id: `run-${this.runs.length + 1}`,
      appId,
      versionId,
      versionNumber: 1,
      purpose: 'manual',
      status: 'running',
      total: this.cases.length,
      done: 0,
      passed: 0,
      failed: 0,
      passRate: null,
      cases: [],
      latencyMs: { p50: null, p95: null },
      credits: 0,
      creditsPerRun: null,
      estimatedCredits: this.cases.length,
      error: null,
      createdAt: new Date(0).toISOString(),
      finishedAt: null,
    };
    this.runs = [run, ...this.runs];
    return run;
  }

  async cancelTestRun(_appId: string, testRunId: string) {
    this.calls.push('cancelTestRun');
    this.runs = this.runs.map((one) => (one.id === testRunId ? { ...one, status: 'cancelled' } : one));
    return this.runs.find((one) => one.id === testRunId)!;
  }

  async testRuns() {
    return this.runs;
  }

  async testRun(_appId: string, testRunId: string) {
    return this.runs.find((one) => one.id === testRunId)!;
  }

  watchTestRun(_appId: string, testRunId: string, watcher: TestRunWatcher) {
    this.calls.push(`watchTestRun:${testRunId}`);
    if (this.watchFails) {
      void Promise.resolve().then(() => watcher.error(new Error('socket closed')));
      return () => undefined;
    }
    this.watchers.set(testRunId, watcher);
    return () => {
      if (this.watchers.get(testRunId) === watcher) this.watchers.delete(testRunId);
    };
  }

  async comparison() {
    return this.comparisonAnswer;
  }
}
