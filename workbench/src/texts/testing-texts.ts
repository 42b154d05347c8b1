/** Every word of an app's Tests page (/my-apps/{appId}/tests) and of its test results elsewhere. */
/** `1 credit per run`, `1.5 credits per run`, `– credits per run`. */
const perRun = (credits: number | null) => `${credits ?? '–'} credit${credits === 1 ? '' : 's'} per run`;

export const TESTS = {
  title: 'Tests',
  subtitle: (appName: string) =>
    `Cases ${appName} must pass. Each case is a run charged to you at the normal price; submitting for review runs them first.`,
  loading: 'Loading tests…',
  loadFailed: 'This app’s tests could not be loaded.',
  notFoundTitle: 'App not found',
  signInTitle: 'Sign in to test your apps',
  signInText: 'Test sets belong to an app’s owner.',
  testsButton: 'Tests',
  runsLink: 'Runs',

  casesHeading: (n: number) => `Cases (${n})`,
  casesEmpty:
    'No cases yet. Open one of this app’s runs and choose Keep as a test case, or import JSON Lines below.',
  caseName: 'Case',
  caseInputs: 'Inputs',
  caseChecks: 'Checks',
  noChecks: 'The run succeeds',
  removeCase: (name: string) => `Remove ${name}`,
  caseRemoved: 'Case removed.',
  addCheck: 'Add a check',
  checkType: 'Check',
  checkTarget: 'On',
  checkTargetPlaceholder: 'answer',
  checkTypes: {
    equals: 'Equals',
    contains: 'Contains',
    matches: 'Matches a pattern',
    jsonSchema: 'Valid against a JSON schema',
    range: 'A number within',
    label: 'Classified as',
    judge: 'Judged by a model',
  } as Record<string, string>,
  checkFieldPlaceholder: {
    equals: 'The exact answer',
    contains: 'Text the answer contains',
    matches: '^Dear .+',
    jsonSchema: '{"type": "object", "required": ["name"]}',
    range: '1 to 10',
    label: 'Spam',
    judge: 'Polite, and mentions "refund"',
  } as Record<string, string>,
  saveCheck: 'Add',
  checkFailed: 'The check could not be added.',
  rangeProblem: 'Write the range as two numbers: 1 to 10 (either may be left out).',
  schemaProblem: 'Write the schema as a JSON object.',

  runHeading: 'Run the set',
  estimate: (cases: number, min: number, max: number, version: number | null, judge = 0) =>
    `${cases} case${cases === 1 ? '' : 's'} against ${version === null ? 'the draft' : `the draft (version ${version})`}: ` +
    (min === max ? `${max} credit${max === 1 ? '' : 's'}` : `${min} to ${max} credits`) +
    (judge > 0 ? `, of which up to ${judge} for the model judging checks` : '') +
    '.',
  runButton: (credits: number) => `Run for ${credits} credit${credits === 1 ? '' : 's'}`,
  cancelButton: 'Cancel',
  progress: (done: number, total: number) => `${done} of ${total} cases done`,
  startFailed: 'The test run could not start.',

  resultsHeading: 'Last test run',
  summary: (passed: number, total: number) => `${passed} of ${total} passed`,
  latency: (p50: number | null, p95: number | null) => `p50 ${p50 ?? '–'} ms · p95 ${p95 ?? '–'} ms`,
  credits: (perRun: number | null, total: number) =>
    `${perRun ?? '–'} credit${perRun === 1 ? '' : 's'} per run · ${total} in all`,
  statusOf: { passed: 'Passed', failed: 'Failed', cancelled: 'Cancelled' } as Record<string, string>,
  runStatus: {
    running: 'Running',
    finished: 'Finished',
    cancelled: 'Cancelled',
    failed: 'Failed',
  } as Record<string, string>,
  purpose: { manual: 'By hand', submission: 'On submission' } as Record<string, string>,
  answerColumn: 'Answer',
  latencyColumn: 'Time',
  creditsColumn: 'Credits',
  openRun: 'Open run',
  versionColumn: 'Version',
  whenColumn: 'When',
  historyHeading: 'Earlier test runs',

  comparisonHeading: 'Against the live version',
  noBaseline: 'The live version has no finished test run to compare with.',
  better: (names: string) => `Better: ${names}`,
  worse: (names: string) => `Worse: ${names}`,
  unchanged: 'No case changed.',

  jsonLinesHeading: 'Import or export (JSON Lines)',
  jsonLinesHelp:
    'One case a line: {"name": "...", "inputs": {...}, "checks": [{"type": "contains", "value": "..."}]}.',
  importButton: 'Add these cases',
  replaceButton: 'Replace all cases',
  exportButton: 'Show the cases as JSON Lines',
  imported: (n: number) => `${n} case${n === 1 ? '' : 's'} in the set.`,
  importFailed: 'The cases could not be imported.',

  reviewHeading: 'Test runs',
  reviewLoading: 'Loading test runs…',
  reviewNone: 'This app has no test set: no test run before review.',
  reviewFailed: 'The test runs could not be loaded.',
  reviewRun: (version: number | null, purpose: string, passed: number, total: number) =>
    `Version ${version ?? '–'} · ${purpose} · ${passed} of ${total} passed`,

  keepAsCase: 'Keep as a test case',
  kept: 'Kept as a test case.',
  keepFailed: 'The run could not be kept as a test case.',

  quality: (passRate: number, cases: number) => `${passRate}% of ${cases} tests`,
  qualityTitle: (passRate: number, cases: number, p95: number | null, credits: number | null, date: string) =>
    `Tested ${date}: ${passRate}% of ${cases} cases passed; p95 ${p95 ?? '–'} ms; ${perRun(credits)}`,
  /** The live version as the public runs it, beside its tested figures. */
  publicRuns: (runs: number, p95: number | null, credits: number | null) =>
    `From ${runs} public run${runs === 1 ? '' : 's'}: p95 ${p95 ?? '–'} ms; ${perRun(credits)}`,
};

/** The store's sorting and filtering by tested quality. */
export const STORE_QUALITY = {
  sortLabel: 'Sort by',
  sorts: { upvotes: 'Most upvoted', quality: 'Best tested' } as Record<string, string>,
  testedOnly: 'Tested only',
};
