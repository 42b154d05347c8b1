import {
  CONNECTION_PROBLEMS,
  connect,
  connectionProblem,
  derivePluginConnections,
  removeConnection,
  removePlugin,
  type BlockFlow,
} from './connection-rules';
import { categoryOf, config, deepFreeze, link, plugin } from './testing/app-builders';

const base = () =>
  deepFreeze(
    config(
      [
        plugin('in', 'textInput'),
        plugin('ai1', 'textGeneration'),
        plugin('ai2', 'classification'),
        plugin('out', 'textDisplay'),
        plugin('odd', 'someNewKind'),
      ],
      [link('in', 'ai1', 'c1'), link('ai1', 'ai2', 'c2')],
    ),
  );

describe('connectionProblem', () => {
  it('allows a valid connection', () => {
    expect(connectionProblem(base(), 'ai2', 'out', categoryOf)).toBeNull();
    expect(connectionProblem(base(), 'in', 'ai2', categoryOf)).toBeNull();
  });

  it('requires both blocks to exist', () => {
    expect(connectionProblem(base(), 'ghost', 'out', categoryOf)).toBe('The source block does not exist.');
    expect(connectionProblem(base(), 'in', 'ghost', categoryOf)).toBe('The target block does not exist.');
  });

  it('refuses a self-connection', () => {
    expect(connectionProblem(base(), 'ai1', 'ai1', categoryOf)).toBe('A block cannot connect to itself.');
  });

  it('refuses an output block as source and an input block as target', () => {
    expect(connectionProblem(base(), 'out', 'ai1', categoryOf)).toBe(
      'An output block cannot be the source of a connection.',
    );
    expect(connectionProblem(base(), 'ai1', 'in', categoryOf)).toBe(
      'An input block cannot be the target of a connection.',
    );
  });

  it('refuses a duplicate of the same pair', () => {
    expect(connectionProblem(base(), 'in', 'ai1', categoryOf)).toBe('These blocks are already connected.');
  });

  it('refuses a connection that closes a loop, directly or through other blocks', () => {
    expect(connectionProblem(base(), 'ai1', 'in', () => 'ai')).toBe(CONNECTION_PROBLEMS.cycle);
    expect(connectionProblem(base(), 'ai2', 'ai1', categoryOf)).toBe('This connection would create a loop.');
  });

  it('does not restrict blocks of unknown kinds by category', () => {
    expect(connectionProblem(base(), 'odd', 'ai1', categoryOf)).toBeNull();
    expect(connectionProblem(base(), 'ai2', 'odd', categoryOf)).toBeNull();
  });
});

describe('connect', () => {
  it('adds a connection with a conn_ id and the standard ports, without mutating', () => {
    const before = base();
    const result = connect(before, 'ai2', 'out', categoryOf, 1234, () => 0);
    if (!('config' in result)) throw new Error('expected a config');
    expect(result.config.connections).toEqual([
      ...before.connections,
      { id: 'conn_1234_000000000', from: 'ai2', to: 'out', fromPort: 'output', toPort: 'input' },
    ]);
    expect(result.config).not.toBe(before);
    expect(before.connections).toHaveLength(2);
    expect(result.config.plugins.find((p) => p.id === 'out')?.connections).toEqual({
      inputs: ['ai2'],
      outputs: [],
    });
  });

  it('returns the problem instead of a config', () => {
    expect(connect(base(), 'out', 'ai1', categoryOf, 1, () => 0)).toEqual({
      error: CONNECTION_PROBLEMS.outputAsSource,
    });
  });

  it('uses the current time and Math.random by default', () => {
    const result = connect(base(), 'ai2', 'out', categoryOf);
    if (!('config' in result)) throw new Error('expected a config');
    expect(result.config.connections[2]?.id).toMatch(/^conn_\d+_[0-9a-z]{9}$/);
  });
});

describe('removePlugin', () => {
  it('removes the block and every connection touching it', () => {
    const before = base();
    const after = removePlugin(before, 'ai1');
    expect(after.plugins.map((p) => p.id)).toEqual(['in', 'ai2', 'out', 'odd']);
    expect(after.connections).toEqual([]);
    expect(after.plugins.find((p) => p.id === 'ai2')?.connections).toEqual({ inputs: [], outputs: [] });
    expect(before.plugins).toHaveLength(5);
  });

  it('keeps unrelated connections and ignores an unknown id', () => {
    expect(removePlugin(base(), 'out').connections.map((c) => c.id)).toEqual(['c1', 'c2']);
    const same = removePlugin(base(), 'ghost');
    expect(same.plugins).toHaveLength(5);
    expect(same.connections).toHaveLength(2);
  });
});

describe('removeConnection', () => {
  it('removes one connection by id and refreshes derived lists', () => {
    const after = removeConnection(base(), 'c1');
    expect(after.connections.map((c) => c.id)).toEqual(['c2']);
    expect(after.plugins.find((p) => p.id === 'ai1')?.connections).toEqual({ inputs: [], outputs: ['ai2'] });
  });

  it('ignores an unknown id', () => {
    expect(removeConnection(base(), 'nope').connections).toHaveLength(2);
  });
});

describe('derivePluginConnections', () => {
  it('fills inputs and outputs from the connection list', () => {
    const derived = derivePluginConnections(
      config(
        [plugin('a', 'textInput'), plugin('b', 'textInput'), plugin('c', 'textGeneration')],
        [link('a', 'c'), link('b', 'c'), link('a', 'c', 'again')],
      ),
    );
    expect(derived.plugins.map((p) => p.connections)).toEqual([
      { inputs: [], outputs: ['c'] },
      { inputs: [], outputs: ['c'] },
      { inputs: ['a', 'b'], outputs: [] },
    ]);
  });

  it('replaces stale derived lists and ignores dangling connections', () => {
    const stale = plugin('a', 'textGeneration', { connections: { inputs: ['old'], outputs: ['old'] } });
    const derived = derivePluginConnections(
      deepFreeze(config([stale], [link('ghost', 'a'), link('a', 'gone')])),
    );
    expect(derived.plugins[0]?.connections).toEqual({ inputs: [], outputs: [] });
    expect(derived.connections).toHaveLength(2);
  });
});

describe('connections with routes and loops', () => {
  const flows: Record<string, BlockFlow> = {
    condition: { routes: { ports: ['true', 'false'] } },
    router: { routes: { linesOf: 'routes', ports: ['default'] } },
    forEach: { loop: { items: 'items', maxItems: 'max_items', concurrency: 'concurrency' } },
    collect: { endsLoop: true },
  };
  const flowOf = (type: string) => flows[type];
  const kinds = (type: string) => categoryOf(type) ?? (type in flows ? 'ai' : undefined);
  const loopApp = () =>
    deepFreeze(
      config(
        [
          plugin('in', 'textInput'),
          plugin('each', 'forEach'),
          plugin('gen', 'textGeneration'),
          plugin('end', 'collect'),
          plugin('show', 'textDisplay'),
          plugin('if', 'condition'),
          plugin('route', 'router', { settings: { routes: 'Sales\nSupport' } }),
          plugin('each2', 'forEach'),
          plugin('gen2', 'textGeneration'),
          plugin('after', 'classification'),
          plugin('end2', 'collect'),
        ],
        [
          link('in', 'each'),
          link('each', 'gen'),
          link('gen', 'end'),
          link('end', 'show'),
          link('in', 'each2'),
          link('each2', 'gen2'),
          link('end', 'after'),
        ],
      ),
    );

  it('connects a block with route outputs from one of its routes, and records the route', () => {
    const app = loopApp();
    expect(connectionProblem(app, 'if', 'show', kinds, { flowOf })).toBe(CONNECTION_PROBLEMS.route);
    expect(connectionProblem(app, 'if', 'show', kinds, { flowOf, fromPort: 'maybe' })).toBe(
      CONNECTION_PROBLEMS.route,
    );
    expect(connectionProblem(app, 'route', 'show', kinds, { flowOf, fromPort: 'Support' })).toBeNull();
    expect(connectionProblem(app, 'route', 'show', kinds, { flowOf, fromPort: 'default' })).toBeNull();
    const result = connect(app, 'if', 'show', kinds, 1, () => 0, { flowOf, fromPort: 'false' });
    if (!('config' in result)) throw new Error(result.error);
    expect(result.config.connections.at(-1)).toMatchObject({ from: 'if', to: 'show', fromPort: 'false' });
  });

  it('allows the blocks of a loop to lead on to its end, and blocks outside it to feed it', () => {
    const app = loopApp();
    expect(connectionProblem(app, 'in', 'gen', kinds, { flowOf })).toBeNull();
    expect(connectionProblem(app, 'gen2', 'if', kinds, { flowOf })).toBeNull();
    expect(connectionProblem(app, 'each', 'end', kinds, { flowOf })).toBeNull();
  });

  it('keeps loops well formed', () => {
    const app = loopApp();
    expect(connectionProblem(app, 'gen2', 'gen', kinds, { flowOf })).toBe(CONNECTION_PROBLEMS.twoLoops);
    expect(connectionProblem(app, 'in', 'end', kinds, { flowOf })).toBe(CONNECTION_PROBLEMS.loopEnd);
    expect(connectionProblem(app, 'gen2', 'end', kinds, { flowOf })).toBe(CONNECTION_PROBLEMS.twoLoops);
    expect(connectionProblem(app, 'gen', 'show', kinds, { flowOf })).toBe(CONNECTION_PROBLEMS.loopExit);
    expect(connectionProblem(app, 'gen', 'after', kinds, { flowOf })).toBe(CONNECTION_PROBLEMS.loopExit);
    expect(connectionProblem(app, 'gen', 'end2', kinds, { flowOf })).toBe(CONNECTION_PROBLEMS.secondLoopEnd);
    // A loop still being built (nothing ends it yet) may grow, but never into an output block.
    expect(connectionProblem(app, 'gen2', 'if', kinds, { flowOf })).toBeNull();
    expect(connectionProblem(app, 'gen2', 'show', kinds, { flowOf })).toBe(CONNECTION_PROBLEMS.loopExit);
  });

  it('refuses a loop in the graph itself, as before: a loop body is a region, not a cycle', () => {
    expect(connectionProblem(loopApp(), 'end', 'each', kinds, { flowOf })).toBe(CONNECTION_PROBLEMS.cycle);
    expect(connectionProblem(loopApp(), 'gen', 'each', kinds, { flowOf })).toBe(CONNECTION_PROBLEMS.cycle);
  });
});
