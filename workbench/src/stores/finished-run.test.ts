import type { AppConfig } from '@blocksmith/schema';
import type { FinishedRun } from '../api/embeds';
import { finishedRunState } from './finished-run';

const CONFIG: AppConfig = {
  plugins: [
    { id: 'in', type: 'textInput', position: { x: 0, y: 0 }, settings: {} },
    { id: 'a', type: 'textGeneration', position: { x: 0, y: 0 }, settings: {} },
    { id: 'b', type: 'textGeneration', position: { x: 0, y: 0 }, settings: {} },
    { id: 'show', type: 'textDisplay', position: { x: 0, y: 0 }, settings: {} },
  ],
  connections: [],
  canvas: { zoom: 1, pan: { x: 0, y: 0 } },
};
const OUTPUTS: Record<string, string[]> = {
  textInput: ['input_text'],
  textGeneration: ['generated_text', 'usage'],
  textDisplay: [],
};
const VARIABLES = new Map([
  ['in', 'input_text'],
  ['a', 'generated_text'],
  ['b', 'generated_text_2'],
]);

function state(run: Partial<FinishedRun>) {
  return finishedRunState(
    {
      id: 'r',
      status: 'succeeded',
      cost: 2,
      result: null,
      nodes: null,
      error: null,
      errorCode: null,
      ...run,
    },
    CONFIG,
    VARIABLES,
    (type) => OUTPUTS[type] ?? [],
    (type) => type === 'textInput',
  );
}

describe('finishedRunState', () => {
  it('gives each block its outputs back from the merged answer, by variable name and suffixed name', () => {
    const { outputs, nodes, artifacts } = state({
      nodes: {
        in: { status: 'succeeded', durationMs: 0 },
        a: { status: 'succeeded', durationMs: 12 },
        b: { status: 'succeeded', durationMs: 9 },
        show: { status: 'succeeded', durationMs: 1 },
      },
      result: {
        input_text: 'typed',
        generated_text: 'first',
        generated_text_2: 'second',
        usage: 3,
        usage_2: 4,
        artifacts: [
          { nodeId: 'show', artifact: { kind: 'text', format: 'card', text: 'first', copyable: true } },
          { nodeId: 'show', artifact: { kind: 'unknown' } },
          'not an artifact',
        ],
      },
    });
    expect(outputs).toEqual({
      a: { generated_text: 'first', usage: 3 },
      b: { generated_text: 'second', usage: 4 },
    });
    expect(nodes.get('a')).toEqual({ status: 'succeeded', text: '', durationMs: 12 });
    expect(artifacts).toEqual([
      { nodeId: 'show', artifact: { kind: 'text', format: 'card', text: 'first', copyable: true } },
    ]);
  });

  it('keeps block failures and leaves out blocks that did not succeed', () => {
    const { outputs, nodes } = state({
      status: 'failed',
      nodes: { a: { status: 'failed', error: 'Text AI failed.' }, b: { status: 'weird' } },
      result: { generated_text: 'stale' },
    });
    expect(outputs).toEqual({});
    expect(nodes.get('a')).toEqual({ status: 'failed', text: '', error: 'Text AI failed.' });
    expect(nodes.get('b')?.status).toBe('skipped');
  });
});
