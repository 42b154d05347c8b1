import {
  CONNECTION_PROBLEMS,
  type AppConfig,
  type BlockCatalogueEntry,
  type Connection,
  type PluginInstance,
  type RunEvent,
} from '@blocksmith/schema';
import { reaction } from 'mobx';
import {
  LOOP_GROUP_HEADER,
  LOOP_GROUP_PADDING,
  catalogueFlowOf,
  idleConnectionIds,
  loopGroupBoxes,
  loopGroups,
  routeHandles,
} from './canvas-flow';
import { testBuilder } from '../testing/fake-api';

/** The flow blocks as the catalogue describes them (settings trimmed to what the rules read). */
const FLOW_ENTRIES: BlockCatalogueEntry[] = [
  {
    id: 'condition',
    name: 'Condition',
    description: 'True or false.',
    category: 'ai',
    version: 1,
    settings: { value: { type: 'text', label: 'Compare with', default: '', required: false } },
    outputs: [{ name: 'checked_value', type: 'json' }],
    cost: 0,
    historyType: 'condition',
    flow: { routes: { ports: ['true', 'false'] } },
  },
  {
    id: 'router',
    name: 'Router',
    description: 'Named routes.',
    category: 'ai',
    version: 1,
    settings: {
      routes: { type: 'text', label: 'Routes', multiline: true, default: 'Positive\nNeutral\nNegative' },
    },
    outputs: [{ name: 'routed_value', type: 'json' }],
    cost: 0,
    historyType: 'router',
    flow: { routes: { linesOf: 'routes', ports: ['default'] } },
  },
  {
    id: 'forEach',
    name: 'For Each',
    description: 'Once per item.',
    category: 'ai',
    version: 1,
    settings: {
      max_items: { type: 'number', label: 'Most items', default: 100 },
      concurrency: { type: 'number', label: 'Items at once', default: 4 },
    },
    outputs: [{ name: 'item', type: 'json' }],
    cost: 0,
    historyType: 'for_each',
    flow: { loop: { items: 'items', maxItems: 'max_items', concurrency: 'concurrency' } },
  },
  {
    id: 'collect',
    name: 'Collect',
    description: 'Ends a loop.',
    category: 'ai',
    version: 1,
    settings: {},
    outputs: [{ name: 'collected', type: 'json' }],
    cost: 0,
    historyType: 'collect',
    flow: { endsLoop: true },
  },
];

const flowOf = catalogueFlowOf(new Map(FLOW_ENTRIES.map((entry) => [entry.id, entry])));

function block(
  id: string,
  type: string,
  x = 0,
  y = 0,
  settings: Record<string, unknown> = {},
): PluginInstance {
  return { id, type, position: { x, y }, settings };
}

function link(from: string, to: string, fromPort = 'output'): Connection {
  return { id: `${from}-${to}`, from, to, fromPort, toPort: 'input' };
}

describe('route handles', () => {
  it('a condition has a true and a false handle', () => {
    const condition = block('c', 'condition');
    expect(routeHandles(flowOf('condition')!.routes!, condition, {}, [])).toEqual([
      { port: 'true', stale: false },
      { port: 'false', stale: false },
    ]);
  });

  it('a router has one handle per line of its routes, then default', () => {
    const router = block('r', 'router');
    const handles = routeHandles(
      flowOf('router')!.routes!,
      router,
      { routes: 'Billing\n\n Bugs \nBilling' },
      [],
    );
    expect(handles.map((h) => h.port)).toEqual(['Billing', 'Bugs', 'default']);
  });

  it('keeps a route a connection still leaves from, marked stale, after its line was renamed', () => {
    const router = block('r', 'router');
    const handles = routeHandles(flowOf('router')!.routes!, router, { routes: 'Sales' }, [
      link('r', 'a', 'Billing'),
      link('r', 'b', 'Sales'),
      link('x', 'r'),
    ]);
    expect(handles).toEqual([
      { port: 'Sales', stale: false },
      { port: 'default', stale: false },
      { port: 'Billing', stale: true },
    ]);
  });
});

describe('loop groups', () => {
  it('group the blocks between a loop and its end, in canvas order', () => {
    const config = {
      plugins: [
        block('in', 'textInput'),
        block('each', 'forEach'),
        block('gen', 'textGeneration'),
        block('check', 'textGeneration'),
        block('end', 'collect'),
        block('show', 'textDisplay'),
      ],
      connections: [
        link('in', 'each'),
        link('each', 'gen'),
        link('gen', 'check'),
        link('check', 'end'),
        link('end', 'show'),
      ],
    };
    expect(loopGroups(config, flowOf)).toEqual([
      { id: 'loop-each', openerId: 'each', closerId: 'end', memberIds: ['gen', 'check'], depth: 1 },
    ]);
  });

  it('an outer loop holds an inner loop with its opener, its end and its blocks', () => {
    const config = {
      plugins: [
        block('outer', 'forEach'),
        block('inner', 'forEach'),
        block('gen', 'textGeneration'),
        block('innerEnd', 'collect'),
        block('outerEnd', 'collect'),
      ],
      connections: [
        link('outer', 'inner'),
        link('inner', 'gen'),
        link('gen', 'innerEnd'),
        link('innerEnd', 'outerEnd'),
      ],
    };
    expect(loopGroups(config, flowOf)).toEqual([
      {
        id: 'loop-outer',
        openerId: 'outer',
        closerId: 'outerEnd',
        memberIds: ['inner', 'gen', 'innerEnd'],
        depth: 1,
      },
      { id: 'loop-inner', openerId: 'inner', closerId: 'innerEnd', memberIds: ['gen'], depth: 2 },
    ]);
  });

  it('a loop not ended yet is a group without an end; a loop with nothing inside is no group', () => {
    const open = {
      plugins: [block('each', 'forEach'), block('gen', 'textGeneration')],
      connections: [link('each', 'gen')],
    };
    expect(loopGroups(open, flowOf)).toEqual([
      { id: 'loop-each', openerId: 'each', closerId: null, memberIds: ['gen'], depth: 1 },
    ]);
    const empty = {
      plugins: [block('each', 'forEach'), block('end', 'collect')],
      connections: [link('each', 'end')],
    };
    expect(loopGroups(empty, flowOf)).toEqual([]);
    expect(loopGroups({ plugins: [block('gen', 'textGeneration')], connections: [] }, flowOf)).toEqual([]);
  });

  it('a group is drawn around its blocks and the groups inside it, with room for its label', () => {
    const groups = [
      { id: 'loop-outer', openerId: 'outer', closerId: 'e', memberIds: ['inner', 'a'], depth: 1 },
      { id: 'loop-inner', openerId: 'inner', closerId: 'f', memberIds: ['a'], depth: 2 },
    ];
    const positions: Record<string, { x: number; y: number }> = {
      inner: { x: 100, y: 300 },
      a: { x: 400, y: 100 },
    };
    const boxes = loopGroupBoxes(
      groups,
      (id) => positions[id],
      (id) => (id === 'a' ? { width: 224, height: 100 } : undefined),
    );
    const inner = boxes.get('loop-inner')!;
    expect(inner).toEqual({
      x: 400 - LOOP_GROUP_PADDING,
      y: 100 - LOOP_GROUP_PADDING - LOOP_GROUP_HEADER,
      width: 224 + 2 * LOOP_GROUP_PADDING,
      height: 100 + 2 * LOOP_GROUP_PADDING + LOOP_GROUP_HEADER,
    });
    const outer = boxes.get('loop-outer')!;
    // It holds the inner group's label too, and the opener of the inner loop at its usual size.
    expect(outer.x).toBe(100 - LOOP_GROUP_PADDING);
    expect(outer.y).toBe(inner.y - LOOP_GROUP_PADDING - LOOP_GROUP_HEADER);
    expect(outer.y + outer.height).toBe(300 + 70 + LOOP_GROUP_PADDING);
  });
});

describe('connections a run did not go along', () => {
  it('are those into skipped blocks and those from routes not taken', () => {
    const connections = [
      link('in', 'cond'),
      link('cond', 'yes', 'true'),
      link('cond', 'no', 'false'),
      link('no', 'show'),
    ];
    const marks: Record<string, { status: string; routes?: string[] }> = {
      in: { status: 'succeeded' },
      cond: { status: 'succeeded', routes: ['true'] },
      yes: { status: 'succeeded' },
      no: { status: 'skipped' },
      show: { status: 'skipped' },
    };
    expect(
      idleConnectionIds(
        connections,
        (id) => marks[id],
        (id) => id === 'cond',
      ),
    ).toEqual(['cond-no', 'no-show']);
  });
});

describe('the canvas with flow blocks', () => {
  async function flowBuilder() {
    const t = await testBuilder();
    t.catalogue.setEntries([...t.catalogue.entries, ...FLOW_ENTRIES]);
    return t;
  }

  function load(
    builder: Awaited<ReturnType<typeof flowBuilder>>['builder'],
    config: Partial<AppConfig>,
  ): void {
    builder.document.load(
      {
        name: 'Flow',
        description: '',
        category: '',
        slug: 'flow',
        isPrivate: false,
        isPublished: false,
        config: { canvas: { zoom: 1, pan: { x: 0, y: 0 } }, plugins: [], connections: [], ...config },
      },
      { saved: false },
    );
  }

  it('connects from a route, refuses the plain output of a route block, and draws edges from their routes', async () => {
    const { builder, toasts } = await flowBuilder();
    load(builder, {
      plugins: [block('in', 'textInput'), block('cond', 'condition'), block('gen', 'textGeneration')],
      connections: [link('in', 'cond')],
    });
    expect(builder.gestures.connect('cond', 'gen')).toBe(false);
    expect(toasts.toasts[0]?.message).toBe(CONNECTION_PROBLEMS.route);
    expect(builder.gestures.connect('cond', 'gen', 'false')).toBe(true);
    expect(builder.document.config.connections.at(-1)).toMatchObject({ from: 'cond', fromPort: 'false' });
    expect(builder.flowEdges.map((edge) => edge.sourceHandle)).toEqual(['output', 'false']);
    expect(builder.canvasFlow.handlesOf('cond')?.map((h) => h.port)).toEqual(['true', 'false']);
    expect(builder.canvasFlow.handlesOf('gen')).toBeUndefined();
  });

  it('router handles follow its routes setting, defaults included', async () => {
    const { builder } = await flowBuilder();
    load(builder, { plugins: [block('r', 'router')] });
    expect(builder.canvasFlow.handlesOf('r')?.map((h) => h.port)).toEqual([
      'Positive',
      'Neutral',
      'Negative',
      'default',
    ]);
    builder.document.updateSetting('r', 'routes', 'Billing\nBugs');
    expect(builder.canvasFlow.handlesOf('r')?.map((h) => h.port)).toEqual(['Billing', 'Bugs', 'default']);
  });

  it('refuses a connection out of a loop other than through its end', async () => {
    const { builder, toasts } = await flowBuilder();
    load(builder, {
      plugins: [
        block('in', 'textInput'),
        block('each', 'forEach'),
        block('gen', 'textGeneration'),
        block('end', 'collect'),
        block('show', 'textDisplay'),
      ],
      connections: [link('in', 'each'), link('each', 'gen'), link('gen', 'end'), link('end', 'show')],
    });
    expect(builder.gestures.connect('gen', 'show')).toBe(false);
    expect(toasts.toasts[0]?.message).toBe(CONNECTION_PROBLEMS.loopExit);
    expect(builder.gestures.connect('in', 'end')).toBe(false);
    expect(builder.canvasFlow.groupNodes.map((node) => [node.id, node.type])).toEqual([
      ['loop-each', 'loopGroup'],
    ]);
    expect(builder.canvasFlow.isGroup('loop-each')).toBe(true);
    expect(builder.canvasFlow.isGroup('gen')).toBe(false);
  });

  it('moving a block inside a loop moves its group but keeps the flow shape, so blocks do not redraw', async () => {
    const { builder } = await flowBuilder();
    load(builder, {
      plugins: [
        block('each', 'forEach', 100, 100),
        block('gen', 'textGeneration', 400, 100),
        block('end', 'collect'),
      ],
      connections: [link('each', 'gen'), link('gen', 'end')],
    });
    let shapeChanges = 0;
    const stop = reaction(
      () => builder.canvasFlow.shape,
      () => shapeChanges++,
    );
    const [group] = builder.canvasFlow.groupNodes;
    builder.document.moveBlocks([{ id: 'gen', position: { x: 420, y: 160 } }]);
    expect(shapeChanges).toBe(0);
    builder.document.updateSetting('gen', 'prompt_template', 'Another prompt');
    expect(shapeChanges).toBe(0);
    stop();
    const [moved] = builder.canvasFlow.groupNodes;
    expect(moved).not.toBe(group);
    expect(moved!.position).toEqual({
      x: 420 - LOOP_GROUP_PADDING,
      y: 160 - LOOP_GROUP_PADDING - LOOP_GROUP_HEADER,
    });
    builder.document.moveBlocks([{ id: 'each', position: { x: 120, y: 100 } }]);
    expect(builder.canvasFlow.groupNodes[0]).toBe(moved);
  });

  it('a run greys what it skipped, marks routes taken and shows loop progress', async () => {
    const { builder } = await flowBuilder();
    load(builder, {
      plugins: [
        block('in', 'textInput'),
        block('cond', 'condition'),
        block('yes', 'textGeneration'),
        block('no', 'textGeneration'),
        block('each', 'forEach'),
        block('gen', 'textGeneration'),
        block('end', 'collect'),
      ],
      connections: [
        link('in', 'cond'),
        link('cond', 'yes', 'true'),
        link('cond', 'no', 'false'),
        link('yes', 'each'),
        link('each', 'gen'),
        link('gen', 'end'),
      ],
    });
    const { run } = builder;
    const at = 1;
    const runId = 'run-1';
    const events: RunEvent[] = [
      { type: 'run_started', runId, at, nodeIds: ['in', 'cond', 'yes', 'no', 'each', 'gen', 'end'] },
      {
        type: 'node_finished',
        runId,
        at,
        nodeId: 'cond',
        durationMs: 1,
        outputs: { checked_value: 'x' },
        artifacts: [],
        routes: ['true'],
      },
      { type: 'node_skipped', runId, at, nodeId: 'no' },
      { type: 'node_started', runId, at, nodeId: 'each' },
      { type: 'loop_progress', runId, at, nodeId: 'each', done: 0, items: 3 },
    ];
    for (const event of events) run.applyEvent(event);
    expect(run.nodeState('no')?.status).toBe('skipped');
    expect(run.nodeState('cond')?.routes).toEqual(['true']);
    expect([...builder.canvasFlow.idleConnections]).toEqual(['cond-no']);
    expect(builder.flowEdges.find((edge) => edge.id === 'cond-no')?.className).toBe('is-idle');
    expect(builder.flowEdges.find((edge) => edge.id === 'cond-yes')?.className).toBeUndefined();
    expect(run.nodeState('each')).toMatchObject({ status: 'running', loop: { done: 0, items: 3 } });

    const position = (item: number) => [{ loopId: 'each', item, items: 3 }];
    run.applyEvent({ type: 'node_started', runId, at, nodeId: 'gen', loop: position(1) });
    expect(run.nodeState('gen')).toMatchObject({ status: 'running', position: position(1) });
    // Another item running beside it: the block keeps showing the first one, texts never mix.
    run.applyEvent({ type: 'node_started', runId, at, nodeId: 'gen', loop: position(2) });
    run.applyEvent({ type: 'node_partial', runId, at, nodeId: 'gen', text: 'two', loop: position(2) });
    run.applyEvent({ type: 'node_partial', runId, at, nodeId: 'gen', text: 'one', loop: position(1) });
    expect(run.nodeState('gen')).toMatchObject({ text: 'one', position: position(1) });
    run.applyEvent({
      type: 'node_finished',
      runId,
      at,
      nodeId: 'gen',
      durationMs: 1,
      outputs: { generated_text: 'first' },
      artifacts: [],
      loop: position(1),
    });
    expect(run.nodeState('gen')).toMatchObject({ status: 'succeeded', text: 'one' });
    run.applyEvent({
      type: 'node_finished',
      runId,
      at,
      nodeId: 'gen',
      durationMs: 1,
      outputs: { generated_text: 'two' },
      artifacts: [],
      loop: position(2),
    });
    expect(run.nodeState('gen')).toMatchObject({ status: 'succeeded', text: 'one' });
    // A block skipped for one item but run for another is not shown as skipped.
    run.applyEvent({ type: 'node_skipped', runId, at, nodeId: 'gen', loop: position(3) });
    expect(run.nodeState('gen')?.status).toBe('succeeded');
    // The next item to start is followed.
    run.applyEvent({ type: 'node_started', runId, at, nodeId: 'gen', loop: position(3) });
    expect(run.nodeState('gen')).toMatchObject({ status: 'running', text: '', position: position(3) });
    // An item's outputs are gathered by the loop's end, not shown as the block's result.
    expect(run.outputs.gen).toBeUndefined();
    run.applyEvent({ type: 'loop_progress', runId, at, nodeId: 'each', done: 2, items: 3 });
    expect(run.nodeState('each')?.loop).toEqual({ done: 2, items: 3 });
    // A block inside a loop that no item ran is skipped.
    run.applyEvent({ type: 'node_skipped', runId, at, nodeId: 'end', loop: position(3) });
    expect(run.nodeState('end')?.status).toBe('skipped');
  });
});
