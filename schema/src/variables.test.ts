import {
  assignVariableName,
  pinVariableNames,
  runInputKey,
  upstreamIds,
  upstreamVariables,
  variableNames,
} from './variables';
import { removePlugin } from './connection-rules';
import { config, deepFreeze, firstOutputOf, link, plugin } from './testing/app-builders';

describe('assignVariableName', () => {
  it('keeps a free name', () => {
    expect(assignVariableName([], 'input_text')).toBe('input_text');
    expect(assignVariableName(['other'], 'input_text')).toBe('input_text');
  });

  it('numbers from _2 upwards, skipping taken numbers', () => {
    expect(assignVariableName(['input_text'], 'input_text')).toBe('input_text_2');
    expect(assignVariableName(new Set(['x', 'x_2', 'x_3']), 'x')).toBe('x_4');
    expect(assignVariableName(['x', 'x_3'], 'x')).toBe('x_2');
  });
});

describe('variableNames', () => {
  it('uses the first output name of each kind and skips blocks without outputs', () => {
    const names = variableNames(
      config([plugin('a', 'textInput'), plugin('b', 'textGeneration'), plugin('c', 'textDisplay')]),
      firstOutputOf,
    );
    expect([...names]).toEqual([
      ['a', 'input_text'],
      ['b', 'generated_text'],
    ]);
  });

  it('gives two blocks of the same kind distinct names, first keeps the plain one', () => {
    const names = variableNames(
      config([plugin('a', 'textInput'), plugin('b', 'textInput'), plugin('c', 'textInput')]),
      firstOutputOf,
    );
    expect([...names.values()]).toEqual(['input_text', 'input_text_2', 'input_text_3']);
  });

  it('prefers the stored name in outputs[0].name', () => {
    const names = variableNames(
      config([plugin('a', 'textInput', { outputs: [{ name: 'topic' }] }), plugin('b', 'textInput')]),
      firstOutputOf,
    );
    expect([...names.values()]).toEqual(['topic', 'input_text']);
  });

  it('lets stored names win over unstored ones even when listed later', () => {
    const names = variableNames(
      config([plugin('new', 'textInput'), plugin('old', 'textInput', { outputs: [{ name: 'input_text' }] })]),
      firstOutputOf,
    );
    expect(names.get('old')).toBe('input_text');
    expect(names.get('new')).toBe('input_text_2');
    expect([...names.keys()]).toEqual(['new', 'old']);
  });

  it('resolves clashing stored names in list order', () => {
    const names = variableNames(
      config([
        plugin('a', 'textInput', { outputs: [{ name: 'same' }] }),
        plugin('b', 'textGeneration', { outputs: [{ name: 'same' }] }),
      ]),
      firstOutputOf,
    );
    expect([...names.values()]).toEqual(['same', 'same_2']);
  });

  it('treats an empty stored name or empty outputs list as not stored', () => {
    const names = variableNames(
      config([
        plugin('a', 'textInput', { outputs: [{ name: '' }] }),
        plugin('b', 'textGeneration', { outputs: [] }),
        plugin('c', 'textDisplay', { outputs: [] }),
      ]),
      (type) => (type === 'textDisplay' ? '' : firstOutputOf(type)),
    );
    expect([...names]).toEqual([
      ['a', 'input_text'],
      ['b', 'generated_text'],
    ]);
  });

  it('keeps names stable when another block is deleted (once pinned)', () => {
    const pinned = pinVariableNames(
      config([plugin('a', 'textInput'), plugin('b', 'textInput'), plugin('c', 'textInput')]),
      firstOutputOf,
    );
    const after = variableNames(removePlugin(pinned, 'a'), firstOutputOf);
    expect([...after]).toEqual([
      ['b', 'input_text_2'],
      ['c', 'input_text_3'],
    ]);
    const added = variableNames(
      { ...pinned, plugins: [...removePlugin(pinned, 'a').plugins, plugin('d', 'textInput')] },
      firstOutputOf,
    );
    expect(added.get('d')).toBe('input_text');
  });
});

describe('pinVariableNames', () => {
  it('stores each name in outputs[0].name, keeping other outputs, without mutating', () => {
    const before = deepFreeze(
      config([
        plugin('a', 'textInput'),
        plugin('b', 'textInput', { outputs: [{ name: '', type: 'text' }, { name: 'extra' }] }),
        plugin('c', 'textDisplay'),
      ]),
    );
    const after = pinVariableNames(before, firstOutputOf);
    expect(after.plugins.map((p) => p.outputs)).toEqual([
      [{ name: 'input_text' }],
      [{ name: 'input_text_2', type: 'text' }, { name: 'extra' }],
      undefined,
    ]);
    expect(after.plugins[2]).toBe(before.plugins[2]);
    expect(before.plugins[0]?.outputs).toBeUndefined();
  });
});

describe('upstreamIds', () => {
  const graph = config(
    [
      plugin('out', 'textDisplay'),
      plugin('ai2', 'textGeneration'),
      plugin('ai1', 'textGeneration'),
      plugin('in2', 'textInput'),
      plugin('in1', 'textInput'),
      plugin('lonely', 'textInput'),
    ],
    [link('in1', 'ai1'), link('ai1', 'ai2'), link('in2', 'ai2'), link('ai2', 'out'), link('ghost', 'ai1')],
  );

  it('lists all transitive ancestors in plugin-list order', () => {
    expect(upstreamIds(graph, 'out')).toEqual(['ai2', 'ai1', 'in2', 'in1']);
    expect(upstreamIds(graph, 'ai2')).toEqual(['ai1', 'in2', 'in1']);
  });

  it('is empty for sources and unknown blocks, and skips ids that are not blocks', () => {
    expect(upstreamIds(graph, 'in1')).toEqual([]);
    expect(upstreamIds(graph, 'lonely')).toEqual([]);
    expect(upstreamIds(graph, 'nope')).toEqual([]);
    expect(upstreamIds(graph, 'ai1')).toEqual(['in1']);
  });

  it('is safe on cycles and never includes the block itself', () => {
    const loop = config(
      [plugin('a', 'textGeneration'), plugin('b', 'textGeneration'), plugin('c', 'textInput')],
      [link('a', 'b'), link('b', 'a'), link('c', 'a')],
    );
    expect(upstreamIds(loop, 'a')).toEqual(['b', 'c']);
  });
});

describe('upstreamVariables', () => {
  it('gives the ancestors that have a variable, with their distinct names', () => {
    const graph = config(
      [
        plugin('t1', 'textInput'),
        plugin('t2', 'textInput'),
        plugin('odd', 'someNewKind'),
        plugin('ai', 'textGeneration'),
        plugin('out', 'textDisplay'),
      ],
      [link('t1', 'ai'), link('t2', 'ai'), link('odd', 'ai'), link('ai', 'out')],
    );
    expect(upstreamVariables(graph, 'ai', firstOutputOf)).toEqual([
      { nodeId: 't1', name: 'input_text' },
      { nodeId: 't2', name: 'input_text_2' },
    ]);
    expect(upstreamVariables(graph, 'out', firstOutputOf).map((v) => v.name)).toEqual([
      'input_text',
      'input_text_2',
      'generated_text',
    ]);
    expect(upstreamVariables(graph, 't1', firstOutputOf)).toEqual([]);
  });
});

describe('runInputKey', () => {
  it('uses the variable name, else the block id', () => {
    expect(runInputKey({ id: 'plugin_1' }, 'input_text_2')).toBe('input_text_2');
    expect(runInputKey({ id: 'plugin_1' }, undefined)).toBe('plugin_1');
    expect(runInputKey({ id: 'plugin_1' }, '')).toBe('plugin_1');
  });
});

describe('variableNames at scale', () => {
  it('names thousands of blocks of one kind uniquely and in order', () => {
    const plugins = Array.from({ length: 3000 }, (_, i) => ({
      id: `p${i}`,
      type: 'textGeneration',
      position: { x: 0, y: 0 },
      settings: {},
    }));
    plugins[5] = { ...plugins[5]!, outputs: [{ name: 'generated_text_3' }] } as (typeof plugins)[number];
    const names = variableNames(
      { plugins, connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
      () => 'generated_text',
    );
    expect(new Set(names.values()).size).toBe(3000);
    expect([names.get('p0'), names.get('p1'), names.get('p2'), names.get('p3')]).toEqual([
      'generated_text',
      'generated_text_2',
      'generated_text_4',
      'generated_text_5',
    ]);
    expect(names.get('p5')).toBe('generated_text_3');
  });
});
