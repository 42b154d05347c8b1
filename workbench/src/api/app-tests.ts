import type {
  WbTestRunComparisonQuery,
  WbTestRunEstimateQuery,
  TestRunFieldsFragment,
} from './generated/graphql';

import type { TestCase } from '@blocksmith/schema';

export type { TestCase, TestCheck } from '@blocksmith/schema';

/** What one check found in a test run. */
export interface CheckOutcome {
  type: string;
  target: string;
  passed: boolean;
  actual: string | null;
  reason: string;
}

/** One case's outcome in a test run. */
export interface CaseResult {
  caseId: string;
  name: string;
  status: 'passed' | 'failed' | 'cancelled';
  runId: string | null;
  answers: Record<string, unknown>;
  checks: CheckOutcome[];
  latencyMs: number | null;
  credits: number;
  error: string | null;
}

export type TestRun = Omit<TestRunFieldsFragment, 'cases'> & { cases: CaseResult[] };
export type TestRunEstimate = WbTestRunEstimateQuery['testRunEstimate'];
export type TestRunComparison = WbTestRunComparisonQuery['testRunComparison'];

/** Who follows a test run's live progress. */
export interface TestRunWatcher {
  /** The run as it is now, then each time a case ends. */
  next(run: TestRun): void;
  /** It could not be followed (the socket failed): read it another way. */
  error(error: unknown): void;
  /** The run has ended and was sent as it ended. */
  complete(): void;
}

/** What the stores may ask the server about an app's tests (its owner; admins read). */
export interface TestingApi {
  testSet(appId: string): Promise<TestCase[]>;
  saveTestSet(appId: string, cases: TestCase[]): Promise<TestCase[]>;
  keepRunAsTestCase(appId: string, runId: string): Promise<TestCase[]>;
  importTestCases(appId: string, jsonLines: string, replace: boolean): Promise<TestCase[]>;
  exportTestCases(appId: string): Promise<string>;
  estimate(appId: string): Promise<TestRunEstimate>;
  startTestRun(appId: string): Promise<TestRun>;
  cancelTestRun(appId: string, testRunId: string): Promise<TestRun>;
  testRuns(appId: string): Promise<TestRun[]>;
  testRun(appId: string, testRunId: string): Promise<TestRun>;
  /** Follows a test run as it goes (a subscription); answers how to stop following it. */
  watchTestRun(appId: string, testRunId: string, watcher: TestRunWatcher): () => void;
  comparison(appId: string, testRunId: string): Promise<TestRunComparison>;
}

/** A published app's tested quality, as the store and its page show it. */
export interface AppQuality {
  passRate: number;
  cases: number;
  p95Ms: number | null;
  creditsPerRun: number | null;
  versionNumber: number | null;
  testedAt: string;
  /** The same version as the public runs it: its latest runs by others (never their inputs). */
  publicRuns?: { runs: number; p95Ms: number | null; creditsPerRun: number | null } | null;
}

/** The tested quality an app read from the store carries, if any. */
export function qualityOf(app: object): AppQuality | null {
  const quality = (app as { quality?: AppQuality | null }).quality;
  return quality && typeof quality.passRate === 'number' ? quality : null;
}
