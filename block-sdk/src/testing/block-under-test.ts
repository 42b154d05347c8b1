import { routePorts } from '@blocksmith/schema';
import type { AnyBlockDefinition } from '@blocksmith/block-sdk';
import { defineBlock } from '@blocksmith/block-sdk';
import { field } from '@blocksmith/block-sdk';
import { output, type OutputsSpec } from '@blocksmith/block-sdk';
import type { GatheredItem, UpstreamValue } from '@blocksmith/block-sdk';
import { defaultSettings } from '@blocksmith/block-sdk';
import { underType, type GraphConnection, type GraphNode } from './run-graph';

/** The id the block under test has in the graph runBlock makes around it. */
export const NODE_UNDER_TEST = 'node_under_test';

/** What runBlock is given about the block's surroundings. */
export interface Surroundings {
  upstream: readonly UpstreamValue[];
  variables: Readonly<Record<string, unknown>>;
  gathered: readonly GatheredItem[] | undefined;
}

export interface BlockGraph {
  blocks: AnyBlockDefinition[];
  nodes: GraphNode[];
  connections: GraphConnection[];
}

/**
 * A block that gives fixed outputs, planned under `type` with the kind `kind`: what a test's
 * upstream value comes from. Its first output is `name` (so its variable is `name`); a value left
 * undefined is given as null, as no block of a run can give undefined.
 */
function givenBlock(
  type: string,
  kind: string,
  name: string,
  outputs: () => Record<string, unknown> | undefined,
  routes?: readonly string[],
): AnyBlockDefinition {
  const declared: OutputsSpec = { [name]: output.json() };
  const definition = defineBlock({
    kind: 'givenValues',
    name: 'Given values',
    description: 'Gives the values a test sets.',
    category: 'ai',
    cost: 1,
    settings: {},
    outputs: declared,
    ...(routes && { routes: { ports: [...routes] } }),
    run(ctx) {
      const given = outputs();
      if (given && routes) ctx.route(routes[0]!);
      return given ?? { [name]: null };
    },
  }) as AnyBlockDefinition;
  return underType({ ...definition, kind }, type);
}

/**
 * A block between the given variables and the block under test, so they reach it as variables
 * only: it has no outputs, hence no variable and no upstream value (defineBlock requires an
 * output of an AI block; a harness's own block may go without).
 */
function relayBlock(): AnyBlockDefinition {
  const definition = defineBlock({
    kind: 'givenVariables',
    name: 'Given variables',
    description: 'Passes the variables a test sets on, as upstream blocks further away would.',
    category: 'ai',
    cost: 1,
    settings: {},
    outputs: { none: output.json() },
    run: () => ({ none: null }),
  }) as AnyBlockDefinition;
  return underType({ ...definition, outputs: {} }, 'harness:variables');
}

/** The loop whose items reach the block under test (a block that ends loops) as `gathered`. */
function loopBlock(items: readonly unknown[]): AnyBlockDefinition {
  const definition = defineBlock({
    kind: 'givenItems',
    name: 'Given items',
    description: 'Loops over the items a test sets, one at a time.',
    category: 'ai',
    cost: 1,
    settings: {
      max_items: field.number({ label: 'Most items', default: items.length, integer: true, min: 0 }),
      concurrency: field.number({ label: 'At once', default: 1, integer: true, min: 1 }),
    },
    outputs: { item: output.json(), items: output.json() },
    loop: { items: 'items', maxItems: 'max_items', concurrency: 'concurrency' },
    run: () => ({ item: null, items: [...items] }),
  }) as AnyBlockDefinition;
  return underType(definition, 'harness:loop');
}

/** Ends the loop of a block under test that runs one, so the app is whole. */
function loopEndBlock(): AnyBlockDefinition {
  const definition = defineBlock({
    kind: 'loopEnd',
    name: 'Loop end',
    description: 'Ends the loop of the block under test.',
    category: 'ai',
    cost: 1,
    settings: {},
    outputs: { ended: output.json() },
    endsLoop: true,
    run: () => ({ ended: true }),
  }) as AnyBlockDefinition;
  return underType(definition, 'harness:loop-end');
}

/**
 * The smallest app that gives `definition` what the test says reaches it: a block per direct
 * upstream value, connected to it; the further variables behind a block without outputs; for a
 * block that ends loops, a loop over the gathered items with one block per value that reached it
 * (taking its route only for the items it reached it from); for a block that runs a loop, an end
 * after it. Input blocks have nothing before them.
 */
export function graphAround(definition: AnyBlockDefinition, around: Surroundings): BlockGraph {
  const graph: BlockGraph = {
    blocks: [definition],
    nodes: [],
    connections: [],
  };
  const add = (block: AnyBlockDefinition, id: string, type: string, to = NODE_UNDER_TEST) => {
    graph.blocks.push(block);
    graph.nodes.push({ id, type });
    graph.connections.push({ from: id, to });
  };
  if (definition.endsLoop) {
    gatheredLoop(around.gathered ?? [], graph);
  } else if (definition.category !== 'input') {
    around.upstream.forEach((u, i) => {
      const type = `harness:upstream:${i + 1}`;
      add(
        givenBlock(type, u.kind, u.name, () => ({ ...u.outputs, [u.name]: u.value ?? null })),
        u.nodeId,
        type,
      );
    });
    const direct = new Set(around.upstream.map((u) => u.name));
    const further = Object.entries(around.variables).filter(([name]) => !direct.has(name));
    if (further.length > 0) {
      add(relayBlock(), 'given_variables', 'harness:variables');
      further.forEach(([name, value], i) => {
        const type = `harness:variable:${i + 1}`;
        add(
          givenBlock(type, 'givenValues', name, () => ({ [name]: value ?? null })),
          `variable_${i + 1}`,
          type,
          'given_variables',
        );
      });
    }
  }
  graph.nodes.push({ id: NODE_UNDER_TEST, type: definition.kind });
  if (definition.loop) {
    graph.blocks.push(loopEndBlock());
    graph.nodes.push({ id: 'loop_end', type: 'harness:loop-end' });
    graph.connections.push({ from: NODE_UNDER_TEST, to: 'loop_end' });
  }
  return graph;
}

/**
 * The loop before a block that ends loops: it runs one item at a time, so each block inside it
 * counts its runs to know the item, and takes its route to the end for the items that list it.
 */
function gatheredLoop(gathered: readonly GatheredItem[], graph: BlockGraph): void {
  const count = gathered.reduce((most, g) => Math.max(most, g.index + 1), 0);
  const items: unknown[] = Array.from({ length: count }, () => null);
  for (const g of gathered) items[g.index] = g.item;
  graph.blocks.push(loopBlock(items));
  graph.nodes.push({ id: 'given_items', type: 'harness:loop' });
  // One block inside the loop per upstream block the test names (at least one: a loop has a body).
  const slots: UpstreamValue[] = [];
  for (const g of gathered)
    for (const u of g.upstream) if (!slots.some((s) => s.nodeId === u.nodeId)) slots.push(u);
  if (slots.length === 0)
    slots.push({ nodeId: 'given_values', kind: 'givenValues', name: 'given', value: null });
  slots.forEach((slot, s) => {
    let run = 0;
    const reached = () => {
      const index = run++;
      const item = gathered.find((g) => g.index === index);
      // An item that failed while the run went on: its block fails with `continue`, as in a run.
      if (item?.error !== undefined) throw new Error(item.error);
      const u = item?.upstream.find((v) => v.nodeId === slot.nodeId);
      return u && { ...u.outputs, [slot.name]: u.value ?? null };
    };
    const type = `harness:gathered:${s + 1}`;
    graph.blocks.push(givenBlock(type, slot.kind, slot.name, reached, ['reached']));
    const failing = gathered.some((g) => g.error !== undefined);
    graph.nodes.push({ id: slot.nodeId, type, ...(failing && { onError: 'continue' as const }) });
    graph.connections.push(
      { from: 'given_items', to: slot.nodeId },
      { from: slot.nodeId, to: NODE_UNDER_TEST, fromPort: 'reached' },
    );
  });
}

/** Shows what reaches it, as a text display would. */
function displayBlock(): AnyBlockDefinition {
  const definition = defineBlock({
    kind: 'sampleDisplay',
    name: 'Display',
    description: 'Shows what reaches it.',
    category: 'output',
    settings: {},
    outputs: {},
    run(ctx) {
      ctx.present({ kind: 'text', format: 'plain', text: ctx.primaryText(), copyable: false });
    },
  }) as AnyBlockDefinition;
  return underType(definition, 'harness:display');
}

/**
 * `graph` with a display after the block under test, as an app shows a block's result: from each
 * of its routes (under its default settings) for a block with routes; none after an output block
 * or a block that runs a loop (its loop's end follows it).
 */
export function withDisplay(graph: BlockGraph, definition: AnyBlockDefinition): BlockGraph {
  if (definition.category === 'output' || definition.loop) return graph;
  const ports = definition.routes
    ? routePorts(definition.routes, defaultSettings(definition.settings))
    : [undefined];
  return {
    blocks: [...graph.blocks, displayBlock()],
    nodes: [...graph.nodes, { id: 'display', type: 'harness:display' }],
    connections: [
      ...graph.connections,
      ...ports.map((port) => ({
        from: NODE_UNDER_TEST,
        to: 'display',
        ...(port !== undefined && { fromPort: port }),
      })),
    ],
  };
}
