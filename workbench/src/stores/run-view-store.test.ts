import type { VersionedApp } from '../api/blocksmith-api';
import { CatalogueStore } from './catalogue-store';
import { keptRun, step } from '../testing/run-history-fixtures';
import { RunViewStore } from './run-view-store';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { ToastStore } from './toast-store';

const APP: VersionedApp = {
  id: 'app-1',
  owner_id: ADA.id,
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
      {
        id: 'ai',
        type: 'textGeneration',
        position: { x: 300, y: 0 },
        settings: { prompt_template: 'About {{input_text}}' },
      },
      { id: 'show', type: 'textDisplay', position: { x: 600, y: 0 }, settings: {} },
    ],
    connections: [
      { id: 'c1', from: 'in', to: 'ai', fromPort: 'output', toPort: 'input' },
      { id: 'c2', from: 'ai', to: 'show', fromPort: 'output', toPort: 'input' },
    ],
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  },
};

async function setup(user = ADA) {
  const api = new FakeApi();
  api.apps.set('app-1', APP);
  const storage = memoryStorage({
    'blocksmith-session': JSON.stringify({
      access_token: 'a1',
      refresh_token: 'r1',
      expires_at: 4_000_000_000,
      user,
    }),
  });
  api.meAnswer = user;
  const session = await restoredSession(api, storage, false);
  const catalogue = new CatalogueStore(api);
  const store = new RunViewStore(api, catalogue, session, new ToastStore(manualTimers()));
  return { api, store };
}

const FAILED_RUN = keptRun('run-7', {
  status: 'failed',
  error: 'Text AI failed: The AI service is busy.',
  inputs: { input_text: 'Harbours' },
  steps: [
    step({
      nodeId: 'in',
      kind: 'textInput',
      title: 'Topic',
      inputs: {},
      outputs: { input_text: 'Harbours' },
    }),
    step({
      nodeId: 'ai',
      status: 'failed',
      inputs: { input_text: 'Harbours' },
      outputs: null,
      error: 'Text AI failed: The AI service is busy.',
      model: 'gpt-4o-mini',
      usage: { promptTokens: 10, completionTokens: 0, totalTokens: 10 },
    }),
    step({ nodeId: 'show', kind: 'textDisplay', title: 'Text Display', status: 'skipped', durationMs: null }),
  ],
});

describe('RunViewStore', () => {
  it("colours the app's blocks by their steps and opens on the failed block", async () => {
    const { api, store } = await setup();
    api.runs = [FAILED_RUN];
    await store.open('run-7');
    expect(store.state).toBe('ready');
    expect(store.steps.map((row) => [row.title, row.statusLabel])).toEqual([
      ['Topic', 'Succeeded'],
      ['Text AI', 'Failed'],
      ['Text Display', 'Skipped'],
    ]);
    expect(store.run.nodeState('ai')).toMatchObject({
      status: 'failed',
      error: 'Text AI failed: The AI service is busy.',
    });
    expect(store.run.nodeState('show')?.status).toBe('skipped');
    expect(store.flowNodes.map((node) => node.id)).toEqual(['in', 'ai', 'show']);
    // The connection into the skipped block is drawn faded.
    expect(store.flowEdges.find((edge) => edge.id === 'c2')?.className).toBe('is-idle');
    expect(store.selected).toMatchObject({
      nodeId: 'ai',
      inputs: { input_text: 'Harbours' },
      model: 'gpt-4o-mini',
      totalTokens: 10,
      tokens: '10 in / 0 out tokens',
      credits: null,
    });
    expect(store.run.error).toBe('Text AI failed: The AI service is busy.');
  });

  it('shows what the blocks of a failed run produced before it stopped', async () => {
    const { api, store } = await setup();
    api.runs = [
      {
        ...FAILED_RUN,
        steps: [
          step({ nodeId: 'in', kind: 'textInput', title: 'Topic', outputs: { input_text: 'Harbours' } }),
          step({ nodeId: 'ai', outputs: { generated_text: 'About harbours' } }),
          step({
            nodeId: 'show',
            kind: 'textDisplay',
            title: 'Text Display',
            outputs: {
              artifacts: [{ kind: 'text', format: 'plain', text: 'About harbours', copyable: false }],
            },
          }),
          step({ nodeId: 'check', kind: 'code', title: 'Code', status: 'failed', outputs: null }),
        ],
      },
    ];
    await store.open('run-7');
    expect(store.run.artifacts).toEqual([
      {
        nodeId: 'show',
        artifact: { kind: 'text', format: 'plain', text: 'About harbours', copyable: false },
      },
    ]);
    expect(store.run.outputs).toEqual({ ai: { generated_text: 'About harbours' } });
    expect(store.steps.at(-1)).toMatchObject({ title: 'Code', onCanvas: false, statusLabel: 'Failed' });
  });

  it("shows a block's outputs as the result views do, and the rest as data", async () => {
    const { api, store } = await setup();
    api.runs = [
      keptRun('run-8', {
        steps: [
          step({
            nodeId: 'ai',
            outputs: { generated_text: '**Lights**', tone: 'calm' },
            outputFiles: { generated_text: '/files/kept-1?sig=abc' },
            truncated: true,
          }),
          step({
            nodeId: 'show',
            kind: 'textDisplay',
            title: 'Text Display',
            outputs: {
              artifacts: [{ kind: 'text', format: 'markdown', text: '**Lights**', copyable: true }],
            },
          }),
        ],
      }),
    ];
    await store.open('run-8');
    store.select('ai');
    expect(store.selected?.items).toEqual([
      {
        output: 'generated_text',
        title: 'Generated text',
        parts: [{ view: 'markdown', text: '**Lights**' }],
        copyText: '**Lights**',
        download: null,
        fallback: false,
      },
    ]);
    expect(store.selected?.otherOutputs).toEqual({ tone: 'calm' });
    expect(store.selected?.step?.truncated).toBe(true);
    expect(store.selected?.fullValues).toEqual([{ field: 'generated_text', url: '/files/kept-1?sig=abc' }]);
    store.select('show');
    expect(store.selected?.artifacts).toEqual([
      { kind: 'text', format: 'markdown', text: '**Lights**', copyable: true },
    ]);
    expect(store.selected?.otherOutputs).toBeNull();
    store.select('ai');
    expect(store.steps.find((row) => row.nodeId === 'in')?.statusLabel).toBe('Not run');
    store.select('ai');
    expect(store.selected).toBeNull();
  });

  it("sends the owner back to the builder's preview and a runner to the app's page", async () => {
    const owner = await setup();
    owner.api.runs = [FAILED_RUN];
    await owner.store.open('run-7');
    expect(owner.store.isAppOwner).toBe(true);
    expect(owner.store.runAgainPath).toBe('/app?runAgain=run-7');

    const grace = {
      id: 'user-grace',
      email: 'grace@example.com',
      user_metadata: { full_name: 'Grace', isAdmin: false },
    };
    const runner = await setup(grace);
    runner.api.runs = [{ ...FAILED_RUN, runner: { id: grace.id, name: 'Grace' } }];
    await runner.store.open('run-7');
    expect(runner.store.isAppOwner).toBe(false);
    expect(runner.store.runAgainPath).toBe('/app/lighthouse?runAgain=run-7');
  });

  it('links a chat message’s run to its conversation on the app’s page; other runs to none', async () => {
    const { api, store } = await setup();
    api.runs = [keptRun('run-3', { source: 'chat', conversationId: 'conversation-5' }), FAILED_RUN];
    await store.open('run-3');
    expect(store.conversationPath).toBe('/app/lighthouse?conversation=conversation-5');
    await store.open('run-7');
    expect(store.conversationPath).toBeNull();
  });

  it("hides another person's inputs when the rule says so, and offers no run again", async () => {
    const { api, store } = await setup();
    api.runs = [
      keptRun('run-9', {
        mine: false,
        detailsHidden: true,
        inputs: null,
        runner: { id: 'user-grace', name: 'Grace Hopper' },
        steps: [step({ nodeId: 'ai', inputs: null, outputs: null })],
      }),
    ];
    await store.open('run-9');
    expect(store.summary).toMatchObject({ who: 'Grace Hopper', detailsHidden: true });
    expect(store.runAgainPath).toBeNull();
    store.select('ai');
    expect(store.selected).toMatchObject({ inputs: null, items: [], otherOutputs: null });
  });

  it('lists the blocks of a run whose app is gone, without its canvas', async () => {
    const { api, store } = await setup();
    api.apps.delete('app-1');
    api.runs = [FAILED_RUN];
    await store.open('run-7');
    expect(store.appMissing).toBe(true);
    expect(store.steps.map((row) => row.title)).toEqual(['Topic', 'Text AI', 'Text Display']);
    expect(store.steps.every((row) => !row.onCanvas)).toBe(true);
  });

  it('draws the canvas of the version the run ran, not the app as it is now', async () => {
    const { api, store } = await setup();
    // Since the run, the owner removed the display block and added a summary.
    api.apps.set('app-1', {
      ...APP,
      config: {
        ...APP.config,
        plugins: [
          ...APP.config.plugins.filter((plugin) => plugin.id !== 'show'),
          { id: 'sum', type: 'textDisplay', position: { x: 900, y: 0 }, settings: {} },
        ],
        connections: [APP.config.connections[0]!],
      },
    });
    api.runs = [{ ...FAILED_RUN, version: { id: 'v-2', number: 2, config: { ...APP.config } } }];
    await store.open('run-7');
    expect(store.flowNodes.map((node) => node.id)).toEqual(['in', 'ai', 'show']);
    expect(store.flowEdges.map((edge) => edge.id)).toEqual(['c1', 'c2']);
    expect(store.steps.map((row) => [row.nodeId, row.onCanvas])).toEqual([
      ['in', true],
      ['ai', true],
      ['show', true],
    ]);
  });

  it('draws the canvas of the version the run ran when the app itself can no longer be read', async () => {
    const { api, store } = await setup();
    api.apps.delete('app-1');
    api.runs = [{ ...FAILED_RUN, version: { id: 'v-1', number: 1, config: { ...APP.config } } }];
    await store.open('run-7');
    expect(store.appMissing).toBe(false);
    expect(store.flowNodes.map((node) => node.id)).toEqual(['in', 'ai', 'show']);
    expect(store.document.meta.name).toBe('Lighthouse writer');
  });

  it('says a run is not there', async () => {
    const { store } = await setup();
    await store.open('run-missing');
    expect(store.state).toBe('notFound');
  });
  it('shows each step’s tokens in and out, the model that answered and its credits with its model', async () => {
    const { api, store } = await setup();
    const withOpus = {
      ...APP,
      config: {
        ...APP.config,
        plugins: APP.config.plugins.map((plugin) =>
          plugin.id === 'ai'
            ? { ...plugin, settings: { ...plugin.settings, model: 'claude-opus-4-1' } }
            : plugin,
        ),
      },
    };
    api.apps.set('app-1', withOpus);
    api.blockCatalogue = async () =>
      (await new FakeApi().blockCatalogue()).map((entry) =>
        entry.id === 'textGeneration'
          ? {
              ...entry,
              settings: {
                ...entry.settings,
                model: {
                  type: 'model' as const,
                  label: 'Model',
                  capability: 'text' as const,
                  fallback: 'gpt-4',
                },
              },
            }
          : entry,
      );
    api.runs = [
      keptRun('run-8', {
        steps: [
          step({ nodeId: 'in', kind: 'textInput', title: 'Topic', outputs: { input_text: 'Harbours' } }),
          step({
            nodeId: 'ai',
            model: 'claude-opus-4-1-20250805',
            usage: { promptTokens: 1200, completionTokens: 345, totalTokens: 1545 },
          }),
          step({ nodeId: 'show', kind: 'textDisplay', title: 'Text Display' }),
        ],
      }),
    ];
    await store.open('run-8');
    const ai = store.steps.find((row) => row.nodeId === 'ai')!;
    expect(ai).toMatchObject({
      model: 'claude-opus-4-1-20250805',
      tokens: '1,200 in / 345 out tokens',
      credits: 3,
    });
    expect(store.steps.find((row) => row.nodeId === 'in')).toMatchObject({ tokens: '', credits: null });
  });
});
