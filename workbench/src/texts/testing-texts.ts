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
  runSucceeded: 'The run succeeded.',
  removeCase: (name: string) => `Remove ${name}`,
  caseRemoved: 'Case removed.',
  addCheck: 'Add a check',
  checkType: 'Check',
  checkTarget: 'On',
  finalAnswer: 'The final answer',
  judgeModel: 'Judging model',
  defaultModel: (label: string) => `${label} (default)`,
  checkTypes: {
    equals: 'Equals',
    contains: 'Contains',
    matches: 'Matches a pattern',
    jsonSchema: 'Valid against a JSON schema',
    range: 'A number within',
    label: 'Classified as',
    judge: 'Judged by a model',
  } as Record<string, string>,
  /** The name of a check's one field, by type (screen readers read it). */
  checkFieldLabel: {
    equals: 'Expected answer',
    contains: 'Text to find',
    matches: 'Pattern',
    jsonSchema: 'JSON schema',
    range: 'Range',
    label: 'Label',
    judge: 'Rubric',
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
  versionLabel: 'Version to test',
  draftChoice: (n: number | null) => (n === null ? 'The draft' : `The draft (version ${n})`),
  versionChoice: (n: number, badge: string) => `Version ${n} · ${badge}`,
  againstDraft: (n: number | null) => (n === null ? 'the draft' : `the draft (version ${n})`),
  againstVersion: (n: number | null) => (n === null ? 'the chosen version' : `version ${n}`),
  estimate: (cases: number, min: number, max: number, against: string, judge = 0) =>
    `${cases} case${cases === 1 ? '' : 's'} against ${against}: ` +
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
  answerColumn: 'Answers',
  actual: (text: string, where: string | null) =>
    where === null ? `Found: ${text}` : `Found in ${where}: ${text}`,
  nothingFound: 'Found nothing',
  latencyColumn: 'Time',
  creditsColumn: 'Credits',
  openRun: 'Open run',
  versionColumn: 'Version',
  whenColumn: 'When',
  historyHeading: 'Earlier test runs',

  comparisonHeading: (version: number | null) =>
    version === null ? 'Against the live version' : `Against the live version (version ${version})`,
  previousHeading: (version: number | null, date: string) =>
    `Against the previous test run of the live version${version === null ? '' : ` (version ${version})`}, ${date}`,
  noBaseline: 'No earlier finished test run of the live version to compare with.',
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
};

/** `38 ms`, `1.2 s`, `14 s`; `–` when unknown. */
export const duration = (ms: number | null) =>
  ms === null ? '–' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

/** `1 credit/run`, `1.5 credits/run`. */
const perRunShort = (credits: number | null) => `${credits ?? '–'} credit${credits === 1 ? '' : 's'}/run`;

/**
 * A published app's quality on its store card (a compact line per source) and on its page (in
 * full): the live version's last test run, and apart from it what the public's runs measured.
 * Each line is a label and figures, shown one after another (`Tested: 100% of 3 cases · p95 38 ms`).
 */
export const QUALITY = {
  cardTested: (passRate: number, cases: number) =>
    `Tested: ${passRate}% of ${cases} case${cases === 1 ? '' : 's'}`,
  cardPublic: (runs: number) => `Public runs (${runs}):`,
  p95: (ms: number | null) => `p95 ${duration(ms)}`,
  perRun: perRunShort,
  versionOn: (version: number | null, date: string) => `v${version ?? '–'}, ${date}`,

  pageTested: (version: number | null, date: string) =>
    `Tested ${date}${version === null ? '' : `, version ${version}`}:`,
  pagePassed: (passRate: number, cases: number) =>
    `${passRate}% of ${cases} test case${cases === 1 ? '' : 's'} passed`,
  pageCaseP95: (ms: number | null) => `95% of case runs took ${duration(ms)} or less`,
  pagePublic: (runs: number) => `Public runs (${runs} by other people):`,
  pageRunP95: (ms: number | null) => `95% took ${duration(ms)} or less`,
  pageCredits: (credits: number | null) => `${perRun(credits)} on average`,
  notTested: 'Not tested yet',
};

/** The store's sorting and filtering by tested quality. */
export const STORE_QUALITY = {
  sortLabel: 'Sort by',
  sorts: { upvotes: 'Most upvoted', quality: 'Best tested' } as Record<string, string>,
  testedOnly: 'Tested only',
};
