import type { RunResult } from '@blocksmith/schema';
import type { FinishedRun } from '../api/embeds';
import { finishedRunState } from './finished-run';

const LAYOUT: RunResult['layout'] = [
  { id: 'in', variable: 'input_text', outputs: ['input_text'] },
  { id: 'a', variable: 'generated_text', outputs: ['generated_text', 'usage'] },
  { id: 'b', variable: 'generated_text_2', outputs: ['generated_text', 'usage'] },
  { id: 'show', outputs: [] },
];

function state(run: Partial<FinishedRun>) {
  return finishedRunState(
    {
      id: 'r',
      status: 'succeeded',
      cost: 2,
      results: null,
      nodes: null,
      error: null,
      errorCode: null,
      ...run,
    },
    (type) => type === 'textInput',
  );
}

describe('finishedRunState', () => {
  it('reads each block its own outputs from the run’s per-block results', () => {
    const { outputs, nodes, artifacts } = state({
      nodes: {
        in: { status: 'succeeded', durationMs: 0 },
        a: { status: 'succeeded', durationMs: 12 },
        b: { status: 'succeeded', durationMs: 9 },
        show: { status: 'succeeded', durationMs: 1 },
      },
      results: {
        blocks: {
          a: { kind: 'textGeneration', outputs: { generated_text: 'first', usage: 3 } },
          b: { kind: 'textGeneration', outputs: { generated_text: 'second', usage: 4 } },
        },
        layout: LAYOUT,
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
      results: {
        blocks: { a: { kind: 'textGeneration', outputs: { generated_text: 'stale' } } },
        layout: LAYOUT,
        artifacts: [],
      },
    });
    expect(outputs).toEqual({});
    expect(nodes.get('a')).toEqual({ status: 'failed', text: '', error: 'Text AI failed.' });
    expect(nodes.get('b')?.status).toBe('skipped');
  });

  it('shows both Classification blocks of a run, and no input block a run kept before results were per block', () => {
    const { outputs } = state({
      nodes: {
        in: { status: 'succeeded' },
        mood: { status: 'succeeded' },
        topic: { status: 'succeeded' },
      },
      results: {
        blocks: {
          in: { kind: 'textInput', outputs: { input_text: 'A happy day at the match' } },
          mood: { kind: 'classification', outputs: { classified_category: 'happy' } },
          topic: { kind: 'classification', outputs: { classified_category: 'sport' } },
        },
        layout: [],
        artifacts: [],
      },
    });
    expect(outputs).toEqual({
      mood: { classified_category: 'happy' },
      topic: { classified_category: 'sport' },
    });
  });
});
