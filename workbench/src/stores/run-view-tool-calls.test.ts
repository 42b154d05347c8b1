import type { VersionedApp } from '../api/blocksmith-api';
import { CATALOGUE, ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { keptRun, step } from '../testing/run-history-fixtures';
import { agentApp, TOOL_ENTRIES } from '../testing/tool-fixtures';
import { CatalogueStore } from './catalogue-store';
import { RunViewStore } from './run-view-store';
import { ToastStore } from './toast-store';

const APP: VersionedApp = {
  id: 'app-1',
  owner_id: ADA.id,
  name: 'Research assistant',
  description: '',
  slug: 'research',
  category: 'Research',
  isPrivate: false,
  isPublished: false,
  upvotes: 0,
  views: 0,
  uses: 0,
  config: agentApp(),
};

const STEPS = [
  { turn: 1, tool: 'HTTP_Request', arguments: { city: 'Oslo' }, answer: 'Oslo facts', ms: 40 },
  {
    turn: 1,
    tool: 'city-facts',
    arguments: { city: 'Oslo' },
    answer: 'more',
    ms: 300,
    credits: 4,
    runId: 'run-9',
  },
];

const AGENT_RUN = keptRun('run-3', {
  steps: [
    step({ nodeId: 'in', kind: 'textInput', title: 'Question', outputs: { input_text: 'Oslo?' } }),
    step({
      nodeId: 'agent1',
      kind: 'agent',
      title: 'Agent',
      outputs: { agent_answer: 'Oslo is big.', agent_steps: STEPS },
      credits: 7,
    }),
    step({
      nodeId: 'http',
      kind: 'httpRequest',
      title: 'HTTP Request',
      inputs: { city: 'Oslo' },
      outputs: { http_response: 'Oslo facts' },
      items: 1,
    }),
    step({ nodeId: 'show', kind: 'textDisplay', title: 'Text Display' }),
  ],
});

async function open() {
  const api = new FakeApi();
  api.blockCatalogue = async () => [...CATALOGUE, ...TOOL_ENTRIES];
  api.apps.set('app-1', APP);
  api.runs = [AGENT_RUN];
  const storage = memoryStorage({
    'blocksmith-session': JSON.stringify({
      access_token: 'a1',
      refresh_token: 'r1',
      expires_at: 4_000_000_000,
      user: ADA,
    }),
  });
  api.meAnswer = ADA;
  const session = await restoredSession(api, storage, false);
  const catalogue = new CatalogueStore(api);
  await catalogue.load();
  const store = new RunViewStore(api, catalogue, session, new ToastStore(manualTimers()));
  await store.open('run-3');
  return store;
}

describe('a kept run of a model that called tools', () => {
  it('lists the model block’s calls with their time, credits and nested run, not again as a result', async () => {
    const store = await open();
    store.select('agent1');
    const agent = store.selected!;
    expect(agent.toolCalls?.map((row) => [row.tool, row.status, row.credits, row.runId])).toEqual([
      ['HTTP_Request', 'succeeded', undefined, undefined],
      ['city-facts', 'succeeded', 4, 'run-9'],
    ]);
    expect(agent.items.map((item) => item.output)).not.toContain('agent_steps');
    expect(agent.otherOutputs).toBeNull();
    expect(agent.callCount).toBeNull();
  });

  it('counts a tool block’s calls instead of items, on the list and on the canvas', async () => {
    const store = await open();
    store.select('http');
    expect(store.selected).toMatchObject({
      callCount: 1,
      itemCount: null,
      toolCalls: null,
      inputs: { city: 'Oslo' },
    });
    expect(store.run.nodeState('http')).toMatchObject({ status: 'succeeded', toolCall: { calls: 1 } });
    expect(store.run.nodeState('http')?.loop).toBeUndefined();
  });

  it('lists the run’s tool calls beside its results', async () => {
    const store = await open();
    expect(store.run.results.toolCalls.map((group) => [group.nodeId, group.rows.length])).toEqual([
      ['agent1', 2],
    ]);
  });
});
