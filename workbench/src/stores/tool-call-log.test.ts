import { modelText, toolCallsFromSteps, toolCallsFromText, toolCallsOf } from './tool-call-log';

const PROGRESS = [
  'Tools from mcp.example.com: city_facts, slow_report',
  'Let me look that up.Calling city_facts with {"city":"Oslo"}',
  'city_facts answered in 120 ms: Oslo has 700000 people',
  'Calling slow_report with {"days":3}',
  'slow_report failed after 30001 ms: The tool did not answer within 30 seconds and was cut off.',
  'Calling city_facts with {"town":"Rome"}',
  'city_facts was not called: The arguments do not fit city_facts’s parameters: must have city',
  'Calling HTTP_Request with {"city":"Rome","note":"a very long text cut..."',
  '',
].join('\n');

describe('tool call log', () => {
  it('reads each call and how it ended from a model block’s progress, passing over its other text', () => {
    expect(toolCallsFromText(PROGRESS)).toEqual([
      {
        tool: 'city_facts',
        arguments: { city: 'Oslo' },
        status: 'succeeded',
        ms: 120,
        answer: 'Oslo has 700000 people',
      },
      {
        tool: 'slow_report',
        arguments: { days: 3 },
        status: 'failed',
        ms: 30001,
        error: 'The tool did not answer within 30 seconds and was cut off.',
      },
      {
        tool: 'city_facts',
        arguments: { town: 'Rome' },
        status: 'refused',
        ms: 0,
        error: 'The arguments do not fit city_facts’s parameters: must have city',
      },
      // Still running; its arguments were cut, so they stay text.
      {
        tool: 'HTTP_Request',
        arguments: '{"city":"Rome","note":"a very long text cut..."',
        status: 'running',
      },
    ]);
    expect(toolCallsFromText('Just an answer.')).toEqual([]);
  });

  it('reads a kept list of calls, with credits and the run an app call made', () => {
    const steps = [
      { turn: 1, tool: 'city_facts', arguments: { city: 'Oslo' }, answer: 'facts', ms: 120 },
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

  it('prefers the kept list once the block has outputs, else its progress', () => {
    const kept = [{ turn: 1, tool: 'a', arguments: {}, answer: 'x', ms: 1 }];
    expect(toolCallsOf({ answer: 'Done', steps: kept }, PROGRESS)).toHaveLength(1);
    expect(toolCallsOf(undefined, PROGRESS)).toHaveLength(4);
    expect(toolCallsOf({ answer: 'Done' }, '')).toEqual([]);
  });

  it('keeps what the model says, without its tool calls and the tools it was given', () => {
    expect(modelText(PROGRESS)).toBe('Let me look that up.');
    expect(
      modelText(
        'Tools: HTTP_Request, weather\nCalling weather with {}\nweather answered in 3 ms: sun\nIt is sunny.',
      ),
    ).toBe('It is sunny.');
    expect(modelText('Tools are useful: a hammer.')).toBe('Tools are useful: a hammer.');
  });
});
