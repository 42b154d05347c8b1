import {
  WbCancelTestRunDocument,
  WbExportTestCasesDocument,
  WbImportTestCasesDocument,
  WbKeepRunAsTestCaseDocument,
  WbSaveTestSetDocument,
  WbStartTestRunDocument,
  WbTestRunComparisonDocument,
  WbTestRunDocument,
  WbTestRunEstimateDocument,
  WbTestRunProgressDocument,
  WbTestRunsDocument,
  WbTestSetDocument,
  type TestRunFieldsFragment,
} from '../generated/graphql';
import type { TestCase, TestingApi, TestRun, TestRunWatcher } from '../app-tests';
import type { GraphQLTransport } from './graphql-transport';
import { toApiError } from './to-api-error';

const cases = (set: { cases: unknown[] }) => set.cases as TestCase[];
const run = (fields: TestRunFieldsFragment) => fields as unknown as TestRun;

/** An app's test set and test runs. */
export class TestingCalls implements TestingApi {
  constructor(private readonly transport: GraphQLTransport) {}

  async testSet(appId: string) {
    return cases((await this.transport.query(WbTestSetDocument, { appId })).testSet);
  }

  async saveTestSet(appId: string, list: TestCase[]) {
    return cases((await this.transport.mutate(WbSaveTestSetDocument, { appId, cases: list })).saveTestSet);
  }

  async keepRunAsTestCase(appId: string, runId: string) {
    return cases(
      (await this.transport.mutate(WbKeepRunAsTestCaseDocument, { appId, runId })).keepRunAsTestCase,
    );
  }

  async importTestCases(appId: string, jsonLines: string, replace: boolean) {
    const answer = await this.transport.mutate(WbImportTestCasesDocument, { appId, jsonLines, replace });
    return cases(answer.importTestCases);
  }

  async exportTestCases(appId: string) {
    return (await this.transport.query(WbExportTestCasesDocument, { appId })).exportTestCases;
  }

  async estimate(appId: string, versionId: string | null = null) {
    return (await this.transport.query(WbTestRunEstimateDocument, { appId, versionId })).testRunEstimate;
  }

  async startTestRun(appId: string, versionId: string | null = null) {
    return run((await this.transport.mutate(WbStartTestRunDocument, { appId, versionId })).startTestRun);
  }

  async cancelTestRun(appId: string, testRunId: string) {
    return run((await this.transport.mutate(WbCancelTestRunDocument, { appId, testRunId })).cancelTestRun);
  }

  async testRuns(appId: string) {
    return (await this.transport.query(WbTestRunsDocument, { appId })).testRuns.map(run);
  }

  async testRun(appId: string, testRunId: string) {
    return run((await this.transport.query(WbTestRunDocument, { appId, testRunId })).testRun);
  }

  watchTestRun(appId: string, testRunId: string, watcher: TestRunWatcher): () => void {
    const subscription = this.transport.subscribe(WbTestRunProgressDocument, { appId, testRunId }).subscribe({
      next: (result) => {
        if (result.error) watcher.error(toApiError(result.error));
        else if (result.data) watcher.next(run(result.data.testRunProgress));
      },
      error: (error: unknown) => watcher.error(toApiError(error)),
      complete: () => watcher.complete(),
    });
    return () => subscription.unsubscribe();
  }

  async comparison(appId: string, testRunId: string) {
    return (await this.transport.query(WbTestRunComparisonDocument, { appId, testRunId })).testRunComparison;
  }
}
