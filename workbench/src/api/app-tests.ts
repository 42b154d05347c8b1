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
  /** What a test run of a version (null: the draft) would cost. */
  estimate(appId: string, versionId?: string | null): Promise<TestRunEstimate>;
  /** Runs the set against a version (null: the draft). */
  startTestRun(appId: string, versionId?: string | null): Promise<TestRun>;
  cancelTestRun(appId: string, testRunId: string): Promise<TestRun>;
  testRuns(appId: string): Promise<TestRun[]>;
  testRun(appId: string, testRunId: string): Promise<TestRun>;
  /** Follows a test run as it goes (a subscription); answers how to stop following it. */
  watchTestRun(appId: string, testRunId: string, watcher: TestRunWatcher): () => void;
  comparison(appId: string, testRunId: string): Promise<TestRunComparison>;
}

/** What the public's runs of a live version measured (never their inputs). */
export interface PublicRunFigures {
  runs: number;
  p95Ms: number | null;
  creditsPerRun: number | null;
}

/**
 * A published app's quality, as the store and its page show it: its live version's last test run
 * (`passRate` and `testedAt` null while untested) and, apart, what the public's runs measured.
 */
export interface AppQuality {
  passRate: number | null;
  cases: number;
  p95Ms: number | null;
  creditsPerRun: number | null;
  versionNumber: number | null;
  testedAt: string | null;
  publicRuns?: PublicRunFigures | null;
}

/** The quality of an app whose live version has a finished test run. */
export type TestedQuality = AppQuality & { passRate: number; testedAt: string };

/** The quality an app read from the store carries, if any (tested, or run by the public). */
export function qualityOf(app: object): AppQuality | null {
  const quality = (app as { quality?: AppQuality | null }).quality;
  return quality && typeof quality.cases === 'number' ? quality : null;
}

/** The tested part of an app's quality, when its live version has a finished test run. */
export function testedQuality(quality: AppQuality | null): TestedQuality | null {
  return quality && typeof quality.passRate === 'number' && typeof quality.testedAt === 'string'
    ? (quality as TestedQuality)
    : null;
}
