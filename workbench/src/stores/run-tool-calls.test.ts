import type { RunEvent, ToolCallRecord } from '@blocksmith/schema';
import { testBuilder } from '../testing/fake-api';
import { agentApp, TOOL_ENTRIES } from '../testing/tool-fixtures';

const runId = 'run-1';
const at = 1;

async function agentBuilder() {
  const t = await testBuilder();
  t.catalogue.setEntries([...t.catalogue.entries, ...TOOL_ENTRIES]);
  t.builder.document.load(
    {
      name: 'Research assistant',
      description: '',
      category: '',
      slug: 'research',
      isPrivate: false,
      isPublished: false,
      config: agentApp(),
    },
    { saved: false },
  );
  return t;
}

const call = (n: number, city: string) => ({ calledBy: 'agent1', call: n, arguments: { city } });
/** The agent's own report of its first call, as its tool_call events carry it. */
const record = (status: ToolCallRecord['status']): ToolCallRecord => ({
  call: 1,
  turn: 1,
  tool: 'HTTP_Request',
  source: 'block',
  arguments: { city: 'Oslo' },
  status,
});

describe('a run with a model that calls tools', () => {
  it('lights the tool block up with its arguments while the model calls it, and counts its calls', async () => {
    const { builder } = await agentBuilder();
    const run = builder.run;
    run.begin();
    const events: RunEvent[] = [
      { type: 'run_started', runId, at, nodeIds: ['in', 'agent1', 'http', 'show'] },
      { type: 'node_started', runId, at, nodeId: 'agent1' },
      { type: 'tool_call', runId, at, nodeId: 'agent1', call: record('running') },
      { type: 'node_started', runId, at, nodeId: 'http', tool: call(1, 'Oslo') },
    ];
    for (const event of events) run.applyEvent(event);
    expect(run.nodeState('http')).toMatchObject({
      status: 'running',
      toolCall: { arguments: { city: 'Oslo' }, calls: 0 },
    });
    // Where the answer will be, the model's own words only: its calls are listed as such.
    expect(run.results.liveResults).toEqual([]);
    expect(run.nodeState('agent1')?.toolCalls).toHaveLength(1);
    expect(run.processing).toBe(true);
    run.applyEvent({ type: 'node_partial', runId, at, nodeId: 'agent1', text: 'Looking it up. ' });
    expect(run.results.liveResults.map((live) => [live.nodeId, live.text])).toEqual([
      ['agent1', 'Looking it up.'],
    ]);
    expect(run.results.toolCalls).toEqual([
      {
        nodeId: 'agent1',
        title: 'Agent',
        running: true,
        rows: [
          { tool: 'HTTP_Request', source: 'block', arguments: { city: 'Oslo' }, status: 'running', turn: 1 },
        ],
      },
    ]);
    run.applyEvent({
      type: 'node_finished',
      runId,
      at,
      nodeId: 'http',
      durationMs: 40,
      outputs: { http_response: 'Oslo: 700 000 people' },
      artifacts: [],
      tool: call(1, 'Oslo'),
    });
    run.applyEvent({
      type: 'tool_call',
      runId,
      at,
      nodeId: 'agent1',
      call: { ...record('succeeded'), answer: 'Oslo: 700 000 people', ms: 40 },
    });
    expect(run.nodeState('http')).toMatchObject({
      status: 'succeeded',
      toolCall: { arguments: { city: 'Oslo' }, calls: 1 },
    });
    expect(run.results.toolCalls[0]!.rows).toEqual([
      {
        tool: 'HTTP_Request',
        source: 'block',
        arguments: { city: 'Oslo' },
        status: 'succeeded',
        ms: 40,
        answer: 'Oslo: 700 000 people',
        turn: 1,
      },
    ]);
    // The tool's answer is the model's, not one of the run's results.
    expect(run.results.resultGroups.map((group) => group.nodeId)).not.toContain('http');
  });

  it('once the model block is done, lists its kept calls with their credits and nested runs', async () => {
    const { builder } = await agentBuilder();
    const run = builder.run;
    run.applyEvent({ type: 'run_started', runId, at, nodeIds: ['in', 'agent1', 'http', 'show'] });
    run.applyEvent({ type: 'node_started', runId, at, nodeId: 'agent1' });
    run.applyEvent({
      type: 'node_finished',
      runId,
      at,
      nodeId: 'agent1',
      durationMs: 90,
      outputs: {
        agent_answer: 'Oslo is big.',
        agent_steps: [
          {
            turn: 1,
            tool: 'city-facts',
            arguments: { city: 'Oslo' },
            answer: 'big',
            ms: 50,
            credits: 4,
            runId: 'run-9',
          },
        ],
      },
      artifacts: [],
    });
    expect(run.results.toolCalls).toEqual([
      {
        nodeId: 'agent1',
        title: 'Agent',
        running: false,
        rows: [
          {
            tool: 'city-facts',
            arguments: { city: 'Oslo' },
            status: 'succeeded',
            answer: 'big',
            ms: 50,
            credits: 4,
            runId: 'run-9',
            turn: 1,
          },
        ],
      },
    ]);
  });

  it('lists nothing for a model block that has not started', async () => {
    const { builder } = await agentBuilder();
    builder.run.applyEvent({ type: 'run_started', runId, at, nodeIds: ['in', 'agent1', 'http', 'show'] });
    expect(builder.run.results.toolCalls).toEqual([]);
  });
});
