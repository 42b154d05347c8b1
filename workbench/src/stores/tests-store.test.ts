import type { TestRun } from '../api/app-tests';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { checkFromForm, describeCheck, TestsStore } from './tests-store';
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
    config: { plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
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
    versionNumber: 2,
    creditsPerRun: { min: 1, max: 1 },
    judgeCredits: 0,
    credits: { min: 2, max: 2 },
  };
  const session = await restoredSession(api, memoryStorage());
  const toasts = new ToastStore(manualTimers());
  return { api, toasts, store: new TestsStore(api, session, toasts) };
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

  it('adds a check to a case', async () => {
    const { api, store } = await setup();
    await store.open('app-1');
    expect(await store.addCheck('a', { type: 'contains', target: 'answer', value: 'rain' })).toBe(true);
    expect(api.testing.cases[0]!.checks).toEqual([{ type: 'contains', target: 'answer', value: 'rain' }]);
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
    expect(checkFromForm('judge', '', ' Polite ')).toMatchObject({ rubric: 'Polite' });
  });

  it('describes checks in a few words', () => {
    expect(describeCheck({ type: 'contains', target: 'answer', value: 'haiku' })).toBe('contains "haiku"');
    expect(describeCheck({ type: 'range', target: 'score', min: 1 })).toBe('between 1 and ∞ (score)');
    expect(describeCheck({ type: 'label', target: 'answer', label: 'Spam' })).toBe('label = Spam');
  });
});
