import {
  anyObject,
  arrayOf,
  boolean,
  dateTime,
  enumOf,
  integer,
  nullableInteger,
  nullableString,
  object,
  string,
  type JsonSchema,
} from './json-schema';
import { route, type Route } from './route';
import { APP_ID, field, uuidParam } from './route-helpers';
import {
  CancelTestRunDocument,
  ExportTestCasesDocument,
  ImportTestCasesDocument,
  KeepRunAsTestCaseDocument,
  SaveTestSetDocument,
  StartTestRunDocument,
  TestRunComparisonDocument,
  TestRunDocument,
  TestRunEstimateDocument,
  TestRunsDocument,
  TestSetDocument,
} from './generated/graphql';

/** An app's test set and test runs, for its owner (admins reviewing it may read them). */

const nullableNumber = (description: string): JsonSchema => ({ type: ['number', 'null'], description });

const CHECK = object(
  {
    type: enumOf(
      ['equals', 'contains', 'matches', 'jsonSchema', 'range', 'label', 'judge'],
      'What it checks.',
    ),
    target: string(
      'answer (the default: the last block’s first output), an answer key, a block id, or blockId.output.',
    ),
    value: string('equals, contains: the expected text.'),
    ignoreCase: boolean('equals, contains, label: regardless of case.'),
    pattern: string(
      'matches: a regular expression of the safe subset (no backreferences, lookarounds or nested repeats).',
    ),
    schema: anyObject('jsonSchema: the JSON schema the answer must be valid against.'),
    min: { type: 'number', description: 'range: the lowest number allowed.' },
    max: { type: 'number', description: 'range: the highest number allowed.' },
    label: string('label: the label the classification must have.'),
    rubric: string(
      'judge: what a good answer is; a model judges it (the offline judge: each "quoted" phrase must appear).',
    ),
    model: string('judge: a model of the catalogue (GET /api/models); the default when left out.'),
  },
  ['type'],
);

const CASE_PROPERTIES = {
  id: string('Its id (made when left out).'),
  name: string('A name.'),
  inputs: anyObject('The run’s inputs by input name: text, a dropdown choice, a number, yes/no, a file id.'),
  checks: arrayOf(CHECK, 'What its run must give; none: the run must succeed.'),
  sourceRunId: nullableString('The run it was kept from.'),
} satisfies Record<string, JsonSchema>;
const Case = object(CASE_PROPERTIES, ['id', 'name', 'inputs', 'checks', 'sourceRunId']);

const TestSet = object(
  {
    appId: string('The app’s id.', { format: 'uuid' }),
    cases: arrayOf(Case, 'In order.'),
    updatedAt: nullableString('ISO time it last changed; null: never saved.'),
  },
  ['appId', 'cases', 'updatedAt'],
);

const CaseResult = object(
  {
    caseId: string('The case.'),
    name: string('Its name.'),
    status: enumOf(['passed', 'failed', 'cancelled'], 'How it went.'),
    runId: nullableString('Its run (GET /api/runs/{id}); null when none started.'),
    answers: anyObject('The run’s answers by key; answer: the final one.'),
    checks: arrayOf(
      object(
        {
          type: string('The check.'),
          target: string('What it looked at.'),
          passed: boolean('Whether it passed.'),
          actual: nullableString('What it found, as text.'),
          reason: string('Why it passed or failed (a judge’s own reason).'),
        },
        ['type', 'target', 'passed', 'actual', 'reason'],
      ),
      'Each check.',
    ),
    latencyMs: nullableInteger('How long its run took.'),
    credits: integer('What its run cost.'),
    error: nullableString('Why it failed outside its checks (the run failed or could not start).'),
  },
  ['caseId', 'name', 'status', 'runId', 'answers', 'checks', 'latencyMs', 'credits', 'error'],
);

const TEST_RUN_PROPERTIES = {
  id: string('Opaque id (a UUID).', { format: 'uuid' }),
  appId: string('The app’s id.', { format: 'uuid' }),
  versionId: nullableString('The version it ran.'),
  versionNumber: nullableInteger('That version’s number.'),
  purpose: enumOf(['manual', 'submission'], 'Started by hand, or by submitting for review.'),
  status: enumOf(['running', 'finished', 'cancelled', 'failed'], 'running until every case ended.'),
  total: integer('Cases in the set.'),
  done: integer('Cases ended so far (progress).'),
  passed: integer('Cases passed.'),
  failed: integer('Cases failed.'),
  passRate: nullableNumber('Percent passed of all cases (2 decimals); null until one ended.'),
  cases: arrayOf(CaseResult, 'Each case ended, in the set’s order.'),
  latencyMs: object({ p50: nullableInteger('Median case run.'), p95: nullableInteger('95th percentile.') }, [
    'p50',
    'p95',
  ]),
  credits: integer('Credits charged for its case runs.'),
  creditsPerRun: nullableNumber('Credits per case run (2 decimals).'),
  estimatedCredits: integer('The most it could cost, as shown before it started.'),
  error: nullableString('Why it stopped, when it failed.'),
  createdAt: dateTime('ISO time.'),
  finishedAt: nullableString('ISO time.'),
} satisfies Record<string, JsonSchema>;
const TestRun = object(TEST_RUN_PROPERTIES, Object.keys(TEST_RUN_PROPERTIES));

const CreditRange = object({ min: integer('Fewest.'), max: integer('Most.') }, ['min', 'max']);
const Change = object(
  { caseId: string('The case.'), name: string('Its name.'), before: string('Then.'), after: string('Now.') },
  ['caseId', 'name', 'before', 'after'],
);

const TEST_RUN_ID = { ...APP_ID, testRunId: uuidParam('The test run’s id.') };
const VERSION_QUERY = {
  versionId: {
    schema: string('A version’s id.', { maxLength: 100 }),
    description: 'A version of the app; the draft when left out.',
  },
};

export const testingRoutes: Route[] = [
  route({
    method: 'GET',
    path: '/apps/{id}/test-set',
    summary: 'One of your apps’ test set: its cases, each with inputs and checks.',
    auth: 'user',
    operation: TestSetDocument,
    params: APP_ID,
    variables: ({ params }) => ({ id: params.id }),
    answer: field('testSet'),
    response: TestSet,
  }),
  route({
    method: 'PUT',
    path: '/apps/{id}/test-set',
    summary: 'Replaces your app’s test set (at most 500 cases, 20 checks each); a bad case is named.',
    auth: 'user',
    operation: SaveTestSetDocument,
    params: APP_ID,
    body: object({ cases: arrayOf(anyObject('A case: { name, inputs, checks }.'), 'The cases.') }, ['cases']),
    variables: ({ params, body }) => ({ id: params.id, cases: body.cases }),
    answer: field('saveTestSet'),
    response: TestSet,
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/test-set/cases-from-run',
    summary:
      'Keep as a test case: one of your own runs of the app becomes a case with its inputs (no check yet: it passes while its run succeeds).',
    auth: 'user',
    operation: KeepRunAsTestCaseDocument,
    params: APP_ID,
    body: object(
      {
        runId: string('The run’s id.', { maxLength: 100 }),
        name: string('A name for the case.', { maxLength: 200 }),
      },
      ['runId'],
    ),
    variables: ({ params, body }) => ({ id: params.id, runId: body.runId, name: body.name ?? null }),
    answer: field('keepRunAsTestCase'),
    status: 201,
    response: TestSet,
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/test-set/import',
    summary:
      'Adds cases from JSON Lines (one case a line; replace: true replaces the set); a bad line is named.',
    auth: 'user',
    operation: ImportTestCasesDocument,
    params: APP_ID,
    body: object(
      {
        jsonLines: string('The cases, one JSON object a line.'),
        replace: boolean('Replace the set instead of adding.'),
      },
      ['jsonLines'],
    ),
    variables: ({ params, body }) => ({
      id: params.id,
      jsonLines: body.jsonLines,
      replace: body.replace ?? null,
    }),
    answer: field('importTestCases'),
    response: TestSet,
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/test-set/export',
    summary: 'Your app’s test cases as JSON Lines, one case a line.',
    auth: 'user',
    operation: ExportTestCasesDocument,
    params: APP_ID,
    variables: ({ params }) => ({ id: params.id }),
    answer: (data) => ({ jsonLines: data.exportTestCases }),
    response: object({ jsonLines: string('One case a line.') }, ['jsonLines']),
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/test-runs/estimate',
    summary:
      'What running the test set against a version (the draft by default) would cost, before starting.',
    auth: 'user',
    operation: TestRunEstimateDocument,
    params: APP_ID,
    query: VERSION_QUERY,
    variables: ({ params, query }) => ({ id: params.id, versionId: query.versionId ?? null }),
    answer: field('testRunEstimate'),
    response: object(
      {
        cases: integer('Cases in the set.'),
        versionId: nullableString('The version.'),
        versionNumber: nullableInteger('Its number.'),
        creditsPerRun: CreditRange,
        judgeCredits: integer(
          'What the judge checks’ model calls cost at most together, charged like any model use (part of credits.max).',
        ),
        credits: CreditRange,
      },
      ['cases', 'versionId', 'versionNumber', 'creditsPerRun', 'judgeCredits', 'credits'],
    ),
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/test-runs',
    summary:
      'Runs the test set against a version (the draft by default), a few cases at once, each a run charged to you at the normal price (source test); answers at once, follow it with GET.',
    auth: 'user',
    operation: StartTestRunDocument,
    params: APP_ID,
    body: object({ versionId: string('A version of the app; the draft when left out.', { maxLength: 100 }) }),
    variables: ({ params, body }) => ({ id: params.id, versionId: body.versionId ?? null }),
    answer: field('startTestRun'),
    status: 201,
    response: TestRun,
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/test-runs',
    summary: 'Your app’s test runs, newest first (at most 50).',
    auth: 'user',
    operation: TestRunsDocument,
    params: APP_ID,
    variables: ({ params }) => ({ id: params.id, limit: null }),
    answer: field('testRuns'),
    response: arrayOf(TestRun, 'Newest first.'),
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/test-runs/{testRunId}',
    summary:
      'One test run: each case, each check, the answers, latency and credits; p50/p95 and credits per run.',
    auth: 'user',
    operation: TestRunDocument,
    params: TEST_RUN_ID,
    variables: ({ params }) => ({ id: params.id, testRunId: params.testRunId }),
    answer: field('testRun'),
    response: TestRun,
  }),
  route({
    method: 'POST',
    path: '/apps/{id}/test-runs/{testRunId}/cancel',
    summary: 'Stops a test run: cases not started are not run (nor charged).',
    auth: 'user',
    operation: CancelTestRunDocument,
    params: TEST_RUN_ID,
    variables: ({ params }) => ({ id: params.id, testRunId: params.testRunId }),
    answer: field('cancelTestRun'),
    response: TestRun,
    errors: [409],
  }),
  route({
    method: 'GET',
    path: '/apps/{id}/test-runs/{testRunId}/comparison',
    summary:
      'A test run beside the live version’s last one (for a run of the live version, the one before it): which cases got better, which got worse.',
    auth: 'user',
    operation: TestRunComparisonDocument,
    params: TEST_RUN_ID,
    variables: ({ params }) => ({ id: params.id, testRunId: params.testRunId }),
    answer: field('testRunComparison'),
    response: object(
      {
        baseline: { ...TestRun, type: ['object', 'null'] },
        better: arrayOf(Change, 'Failed then, passed now.'),
        worse: arrayOf(Change, 'Passed then, failed now.'),
      },
      ['baseline', 'better', 'worse'],
    ),
  }),
];
