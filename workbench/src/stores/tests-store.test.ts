import type { TestRun } from '../api/app-tests';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { CatalogueStore } from './catalogue-store';
import { checkFromForm, describeCheck } from './app-test-checks';
import { TestsStore } from './tests-store';
import { ToastStore } from './toast-store';

function testRun(status: TestRun['status'], passed: number, total: number): TestRun {
  return {
    id: 'run-1',
    appId: 'app-1',
    versionId: null,
    versionNumber: 2,
    purpose: 'manual',
    status,
    total,
    done: status === 'running' ? 0 : total,
    passed,
    failed: status === 'running' ? 0 : total - passed,
    passRate: status === 'running' ? null : Math.round((passed / total) * 10000) / 100,
    cases: [],
    latencyMs: { p50: 20, p95: 40 },
    credits: total,
    creditsPerRun: 1,
    estimatedCredits: total,
    error: null,
    createdAt: new Date(0).toISOString(),
    finishedAt: null,
  };
}

async function setup(ownerId = ADA.id) {
  const api = new FakeApi();
  api.apps.set('app-1', {
    id: 'app-1',
    owner_id: ownerId,
    name: 'Haiku maker',
    description: '',
    slug: 'haiku',
    category: 'Content',
    isPrivate: false,
    isPublished: false,
    upvotes: 0,
    views: 0,
    uses: 0,
    config: {
      plugins: [
        { id: 'in', type: 'textInput', position: { x: 0, y: 0 }, settings: {} },
        { id: 'gen', type: 'textGeneration', position: { x: 0, y: 0 }, settings: {} },
        { id: 'gen2', type: 'textGeneration', position: { x: 0, y: 0 }, settings: {} },
      ],
      connections: [],
      canvas: { zoom: 1, pan: { x: 0, y: 0 } },
    },
  });
  api.testing.cases = [
    { id: 'a', name: 'About rain', inputs: { input_text: 'rain' }, checks: [], sourceRunId: null },
    {
      id: 'b',
      name: 'About the sea',
      inputs: { input_text: 'sea' },
      checks: [{ type: 'contains', target: 'answer', value: 'haiku' }],
      sourceRunId: null,
    },
  ];
  api.testing.estimateAnswer = {
    cases: 2,
    versionId: 'v2',
    versionNumber: 2,
    creditsPerRun: { min: 1, max: 1 },
    judgeCredits: 0,
    credits: { min: 2, max: 2 },
  };
  const session = await restoredSession(api, memoryStorage());
  const toasts = new ToastStore(manualTimers());
  return { api, toasts, store: new TestsStore(api, session, toasts, new CatalogueStore(api)) };
}

describe('TestsStore', () => {
  it('opens the owner’s app with its cases and the cost of a run before it starts', async () => {
    const { store } = await setup();
    await store.open('app-1');
    expect(store.state).toBe('ready');
    expect(store.cases.map((c) => c.name)).toEqual(['About rain', 'About the sea']);
    expect(store.estimate?.credits).toEqual({ min: 2, max: 2 });
    store.close();
  });

  it('says not found for someone else’s app, asking nothing about its tests', async () => {
    const { api, store } = await setup('user-grace');
    await store.open('app-1');
    expect(store.state).toBe('notFound');
    expect(api.testing.calls).toEqual([]);
  });

  it('starts a test run, follows its live progress until it ends, and can cancel one', async () => {
    const { api, store } = await setup();
    await store.open('app-1');
    await store.start();
    expect(store.running).toBe(true);
    const id = api.testing.runs[0]!.id;
    expect(api.testing.calls).toContain(`watchTestRun:${id}`);
    api.testing.progress({ ...testRun('running', 0, 2), id, done: 1, failed: 1 });
    expect(store.latest).toMatchObject({ status: 'running', done: 1 });
    api.testing.progress({ ...testRun('finished', 1, 2), id });
    expect(store.latest).toMatchObject({ status: 'finished', passed: 1, total: 2 });
    expect(store.running).toBe(false);
    expect(api.testing.watchers.size).toBe(0);

    api.testing.nextRun = { ...testRun('running', 0, 2), id: 'run-2' };
    await store.start();
    await store.cancel();
    expect(api.testing.calls).toContain('cancelTestRun');
    expect(store.latest?.status).toBe('cancelled');
    store.close();
    expect(api.testing.watchers.size).toBe(0);
  });

  it('reads a running test run again every little while when its live progress cannot be followed', async () => {
    jest.useFakeTimers();
    try {
      const { api, store } = await setup();
      api.testing.watchFails = true;
      await store.open('app-1');
      await store.start();
      await Promise.resolve();
      expect(store.running).toBe(true);
      api.testing.runs = [
        { ...api.testing.runs[0]!, ...testRun('finished', 1, 2), id: api.testing.runs[0]!.id },
      ];
      await jest.runOnlyPendingTimersAsync();
      expect(store.latest).toMatchObject({ status: 'finished', passed: 1, total: 2 });
      expect(store.running).toBe(false);
      store.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it('removes a case and imports JSON Lines', async () => {
    const { api, store } = await setup();
    await store.open('app-1');
    await store.removeCase('a');
    expect(api.testing.cases.map((c) => c.id)).toEqual(['b']);
    store.setJsonLines('{"name":"New"}\n');
    await store.importCases(false);
    expect(store.cases.map((c) => c.name)).toEqual(['About the sea', 'New']);
    expect(store.jsonLines).toBe('');
  });

  it('keeps a run as a test case from its page, saying so', async () => {
    const { api, store, toasts } = await setup();
    expect(await store.keepRun('app-1', 'run-9')).toBe(true);
    expect(api.testing.calls).toContain('keepRunAsTestCase:run-9');
    expect(toasts.toasts.map((toast) => toast.message)).toEqual(['Kept as a test case.']);
  });

  it('reads an app’s test runs for its reviewer', async () => {
    const { api, store } = await setup('user-grace');
    api.testing.runs = [testRun('finished', 3, 3)];
    await store.openReview('app-1');
    expect(store.reviewRuns?.map((run) => run.passed)).toEqual([3]);
    expect(store.reviewFailed).toBe(false);
  });

  it('adds a check to a case and prices the set again', async () => {
    const { api, store } = await setup();
    await store.open('app-1');
    const priced = api.testing.calls.filter((call) => call.startsWith('estimate')).length;
    expect(await store.addCheck('a', { type: 'contains', target: 'answer', value: 'rain' })).toBe(true);
    expect(api.testing.cases[0]!.checks).toEqual([{ type: 'contains', target: 'answer', value: 'rain' }]);
    // Priced again: a judged check would add to the cost.
    expect(api.testing.calls.filter((call) => call.startsWith('estimate'))).toHaveLength(priced + 1);
    store.close();
  });

  it('reads a check form’s one field as its type needs it', () => {
    expect(checkFromForm('range', '', '1 to 10')).toEqual({
      type: 'range',
      target: 'answer',
      min: 1,
      max: 10,
    });
    expect(checkFromForm('range', 'score', ', 5')).toEqual({ type: 'range', target: 'score', max: 5 });
    expect(checkFromForm('range', '', 'a to b')).toEqual({ problem: expect.stringContaining('two numbers') });
    expect(checkFromForm('jsonSchema', '', '{"type":"object"}')).toMatchObject({
      schema: { type: 'object' },
    });
    expect(checkFromForm('jsonSchema', '', '[1]')).toEqual({ problem: 'Write the schema as a JSON object.' });
    expect(checkFromForm('judge', '', ' Polite ')).toEqual({
      type: 'judge',
      target: 'answer',
      rubric: 'Polite',
    });
    expect(checkFromForm('judge', 'gen', 'Polite', 'claude-opus-4-1')).toEqual({
      type: 'judge',
      target: 'gen',
      rubric: 'Polite',
      model: 'claude-opus-4-1',
    });
  });

  it('tests the draft by default, or a saved or live version the owner chooses', async () => {
    const { api, store } = await setup();
    const entry = (number: number, kind: string, flags: Record<string, boolean> = {}) => ({
      id: `v${number}`,
      appId: 'app-1',
      number,
      kind,
      summary: '',
      authorId: ADA.id,
      authorName: 'Ada',
      createdAt: new Date(0).toISOString(),
      updatedAt: new Date(0).toISOString(),
      isDraft: false,
      isLive: false,
      isInReview: false,
      name: 'Haiku maker',
      description: '',
      category: 'Content',
      config: { plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
      changesFromLive: [],
      ...flags,
    });
    api.versions.set('app-1', [
      entry(1, 'created'),
      entry(2, 'save', { isLive: true }),
      entry(3, 'autosave'),
      entry(4, 'save'),
      entry(5, 'autosave', { isDraft: true }),
    ] as never);
    await store.open('app-1');
    expect(store.versionChoices).toEqual([
      { id: null, label: 'The draft (version 5)' },
      { id: 'v4', label: 'Version 4 · Saved' },
      { id: 'v2', label: 'Version 2 · Live' },
      { id: 'v1', label: 'Version 1 · Created' },
    ]);
    expect(api.testing.calls).toContain('estimate:draft');
    expect(store.estimateText).toBe('2 cases against the draft (version 2): 2 credits.');
    await store.setVersion('v2');
    expect(api.testing.calls).toContain('estimate:v2');
    expect(store.estimateText).toBe('2 cases against version 2: 2 credits.');
    await store.start();
    expect(api.testing.calls).toContain('startTestRun:v2');
    store.close();
  });

  it('offers the app’s answering blocks as check targets, and the catalogue’s text models to judge', async () => {
    const { store } = await setup();
    await store.open('app-1');
    expect(store.targets).toEqual([
      { value: 'answer', label: 'The final answer' },
      { value: 'gen', label: 'Text AI 1' },
      { value: 'gen2', label: 'Text AI 2' },
    ]);
    expect(store.targetName('gen2.generated_text')).toBe('Text AI 2 · generated_text');
    expect(store.targetName('classification')).toBe('classification');
    expect(store.judgeModels.defaultModel).toBe('gpt-4o');
    expect(store.judgeModels.models.map((model) => model.id)).toEqual(['gpt-4o', 'claude-opus-4-1']);
    store.close();
  });

  it('names what the latest run is compared with: the live version, or its previous run', async () => {
    const { api, store } = await setup();
    api.testing.runs = [{ ...testRun('finished', 2, 2), versionId: 'v2' }];
    const baseline = {
      id: 'run-0',
      versionNumber: 2,
      passed: 1,
      total: 2,
      createdAt: new Date(0).toISOString(),
    };
    api.testing.comparisonAnswer = { baseline: { ...baseline, versionId: 'v1' }, better: [], worse: [] };
    await store.open('app-1');
    expect(store.comparisonTitle).toBe('Against the live version (version 2)');
    api.testing.comparisonAnswer = { baseline: { ...baseline, versionId: 'v2' }, better: [], worse: [] };
    await store.open('app-1');
    expect(store.comparisonTitle).toMatch(
      /^Against the previous test run of the live version \(version 2\), /,
    );
    store.close();
  });

  it('describes checks in a few words', () => {
    expect(describeCheck({ type: 'contains', target: 'answer', value: 'haiku' })).toBe('contains "haiku"');
    expect(describeCheck({ type: 'range', target: 'score', min: 1 })).toBe('between 1 and ∞ (score)');
    expect(describeCheck({ type: 'label', target: 'answer', label: 'Spam' })).toBe('label = Spam');
    expect(
      describeCheck({ type: 'judge', target: 'gen', rubric: 'Polite', model: 'gpt-4o' }, () => 'Text AI'),
    ).toBe('judged by gpt-4o: Polite (Text AI)');
  });
});
