import type { ToolCallRecord } from '@blocksmith/schema';
import { toolCallsFromRecords, toolCallsFromSteps, toolCallsOf } from './tool-call-log';

/** A model block's calls as its `tool_call` events left them (the latest of each). */
const RECORDS: ToolCallRecord[] = [
  {
    call: 1,
    turn: 1,
    tool: 'city_facts',
    source: 'mcp',
    from: 'mcp.example.com',
    arguments: { city: 'Oslo' },
    status: 'succeeded',
    answer: 'Oslo has 700000 people',
    ms: 120,
  },
  {
    call: 2,
    turn: 1,
    tool: 'weather',
    source: 'app',
    from: 'weather-now',
    arguments: {},
    status: 'failed',
    error: 'down',
    ms: 30001,
    credits: 0,
  },
  { call: 3, turn: 2, tool: 'nope', arguments: { x: 1 }, status: 'refused', error: 'no such tool', ms: 0 },
  { call: 4, turn: 2, tool: 'HTTP_Request', source: 'block', arguments: { city: 'Rome' }, status: 'running' },
];

describe('tool call log', () => {
  it('reads each call and how it went from the block’s tool_call events, with its source', () => {
    expect(toolCallsFromRecords(RECORDS)).toEqual([
      {
        tool: 'city_facts',
        source: 'mcp',
        from: 'mcp.example.com',
        arguments: { city: 'Oslo' },
        status: 'succeeded',
        answer: 'Oslo has 700000 people',
        ms: 120,
        turn: 1,
      },
      {
        tool: 'weather',
        source: 'app',
        from: 'weather-now',
        arguments: {},
        status: 'failed',
        error: 'down',
        ms: 30001,
        turn: 1,
      },
      { tool: 'nope', arguments: { x: 1 }, status: 'refused', error: 'no such tool', ms: 0, turn: 2 },
      { tool: 'HTTP_Request', source: 'block', arguments: { city: 'Rome' }, status: 'running', turn: 2 },
    ]);
    expect(toolCallsFromRecords(undefined)).toEqual([]);
  });

  it('reads a kept list of calls, with credits and the run an app call made', () => {
    const steps = [
      {
        turn: 1,
        tool: 'city_facts',
        source: 'mcp',
        from: 'mcp.example.com',
        arguments: { city: 'Oslo' },
        answer: 'facts',
        ms: 120,
      },
      {
        turn: 1,
        tool: 'weather',
        arguments: { city: 'Oslo' },
        answer: 'sunny',
        ms: 900,
        credits: 4,
        runId: 'run_9',
      },
      { turn: 2, tool: 'slow', arguments: {}, error: 'cut off', ms: 2000 },
      { turn: 2, tool: 'nope', arguments: { x: 1 }, error: 'no such tool', ms: 0 },
    ];
    expect(toolCallsFromSteps(steps)).toEqual([
      {
        tool: 'city_facts',
        source: 'mcp',
        from: 'mcp.example.com',
        arguments: { city: 'Oslo' },
        status: 'succeeded',
        answer: 'facts',
        ms: 120,
        turn: 1,
      },
      {
        tool: 'weather',
        arguments: { city: 'Oslo' },
        status: 'succeeded',
        answer: 'sunny',
        ms: 900,
        credits: 4,
        runId: 'run_9',
        turn: 1,
      },
      { tool: 'slow', arguments: {}, status: 'failed', error: 'cut off', ms: 2000, turn: 2 },
      { tool: 'nope', arguments: { x: 1 }, status: 'refused', error: 'no such tool', ms: 0, turn: 2 },
    ]);
    expect(toolCallsFromSteps([])).toEqual([]);
    expect(toolCallsFromSteps('text')).toBeNull();
    expect(toolCallsFromSteps([{ name: 'x' }])).toBeNull();
  });

  it('prefers the kept list once the block has outputs, else its events', () => {
    const kept = [{ turn: 1, tool: 'a', arguments: {}, answer: 'x', ms: 1 }];
    expect(toolCallsOf({ answer: 'Done', steps: kept }, RECORDS)).toHaveLength(1);
    expect(toolCallsOf(undefined, RECORDS)).toHaveLength(4);
    expect(toolCallsOf({ answer: 'Done' }, undefined)).toEqual([]);
  });
});
