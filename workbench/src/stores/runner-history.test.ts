import { CatalogueStore } from './catalogue-store';
import { CreditsStore } from './credits-store';
import { keptRun, step } from '../testing/run-history-fixtures';
import { RunnerStore } from './runner-store';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { ToastStore } from './toast-store';

async function openPage() {
  const api = new FakeApi();
  api.apps.set('app-1', {
    id: 'app-1',
    owner_id: 'user-grace',
    name: 'Lighthouse writer',
    description: '',
    slug: 'lighthouse',
    category: 'Content',
    isPrivate: false,
    isPublished: true,
    upvotes: 0,
    views: 0,
    uses: 0,
    config: {
      plugins: [
        { id: 'in', type: 'textInput', position: { x: 0, y: 0 }, settings: { label: 'Topic' } },
        { id: 'ai', type: 'textGeneration', position: { x: 300, y: 0 }, settings: {} },
      ],
      connections: [{ id: 'c1', from: 'in', to: 'ai', fromPort: 'output', toPort: 'input' }],
      canvas: { zoom: 1, pan: { x: 0, y: 0 } },
    },
  });
  api.sharing.set('app-1', true);
  api.runs = [
    keptRun(
      'run-2',
      {
        source: 'store',
        inputs: { input_text: 'Tides' },
        results: {
          blocks: { ai: { kind: 'textGeneration', outputs: { generated_text: 'About tides' } } },
          artifacts: [],
          layout: [],
        },
        nodes: { ai: { status: 'succeeded', durationMs: 4 } },
        steps: [step({ nodeId: 'ai', outputs: { generated_text: 'About tides' } })],
      },
      5,
    ),
    keptRun('run-1', { source: 'store', inputs: { input_text: 'Harbours' } }, 1),
    keptRun('run-other', { appId: 'app-9', inputs: { input_text: 'Elsewhere' } }, 0),
  ];
  const session = await restoredSession(api, memoryStorage());
  const catalogue = new CatalogueStore(api);
  const toasts = new ToastStore(manualTimers());
  const runner = new RunnerStore(api, catalogue, session, new CreditsStore(api), toasts);
  await runner.open('lighthouse', 'visit-1');
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { api, runner, toasts };
}

describe('RunnerHistory on the app page', () => {
  it("lists the person's recent runs of this app and shows the notice while the owner sees them", async () => {
    const { runner, api } = await openPage();
    expect(runner.history.sharing).toBe(true);
    expect(runner.history.rows.map((row) => row.id)).toEqual(['run-2', 'run-1']);
    expect(api.runQueries.at(-1)).toMatchObject({ limit: 5, cursor: null, appId: 'app-1' });
    expect(ADA.id).toBe(runner.history.recent![0]!.runner.id);
  });

  it('reopens a run with its results and inputs, without running it', async () => {
    const { runner, api } = await openPage();
    await runner.history.reopen('run-2');
    expect(api.calls).not.toContain('startRun');
    expect(runner.run.shownRun?.id).toBe('run-2');
    expect(runner.run.phase).toBe('succeeded');
    expect(runner.run.outputs.ai).toEqual({ generated_text: 'About tides' });
    expect(runner.run.value('input_text')).toBe('Tides');
    expect(runner.run.resultGroups.map((group) => group.nodeId)).toEqual(['ai']);
  });

  it("fills the inputs with a run's of this app only", async () => {
    const { runner, toasts } = await openPage();
    await runner.history.fillFrom('run-1');
    expect(runner.run.value('input_text')).toBe('Harbours');
    await runner.history.fillFrom('run-other');
    expect(runner.run.value('input_text')).toBe('Harbours');
    expect(toasts.toasts.at(-1)).toMatchObject({
      intent: 'danger',
      message: 'That run could not be opened.',
    });
  });

  it('reads the list again after a run', async () => {
    const { runner, api } = await openPage();
    api.runEvents = [{ type: 'run_finished', runId: 'run-1', at: 1, status: 'succeeded' }];
    // Run App runs only with its required input filled in.
    runner.run.setValue('input_text', 'Tides');
    const asked = api.runQueries.length;
    await runner.runApp();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.runQueries.length).toBe(asked + 1);
  });
});
