import {
  NODE_HEIGHT,
  NODE_WIDTH,
  loopStructure,
  regionEncloses,
  routePorts,
  pipelineConnections,
  toolBlocks,
  ERROR_ROUTE,
  type AppConfig,
  type BlockCatalogueEntry,
  type Connection,
  type FlowOf,
  type PluginInstance,
  type RouteOutputs,
} from '@blocksmith/schema';
import type { Node } from '@xyflow/react';
import { compareStructural, computed, computedStruct, makeObservable } from 'mobx';
import type { CatalogueStore } from './catalogue-store';
import type { Size } from './view-store';

/** The handle a connection leaves from on a block without route outputs. */
export const PLAIN_OUTPUT = 'output';

/** One output handle of a block with route outputs. */
export interface RouteHandle {
  /** The route's name: the handle's id and its label. */
  port: string;
  /** A connection still leaves from it, but the block no longer offers it (a renamed line). */
  stale: boolean;
}

/** The blocks one loop runs once per item, drawn as a group behind them. */
export interface LoopGroup {
  /** `loop-{opener id}` */
  id: string;
  /** The block that runs the loop. */
  openerId: string;
  /** The block that ends the loop; null while none does. */
  closerId: string | null;
  /** The blocks inside the loop (those of loops inside it too), in canvas order. */
  memberIds: string[];
  /** 1 for a loop in the app itself, 2 for a loop inside it, ... */
  depth: number;
}

/** How routes and loops shape what the canvas draws; unchanged while blocks only move. */
export interface FlowShape {
  /** Per block with route outputs, its output handles. */
  handles: Record<string, RouteHandle[]>;
  /** Every loop with at least one block inside it, outer loops first. */
  groups: LoopGroup[];
  /** The blocks connected to a model block's tools handle, in canvas order. */
  tools: string[];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Space between a loop group's edge and the blocks in it. */
export const LOOP_GROUP_PADDING = 20;
/** Room above a loop group's blocks for its label. */
export const LOOP_GROUP_HEADER = 28;

export type LoopGroupData = {
  openerId: string;
  /** Nothing ends the loop yet. */
  open: boolean;
  depth: number;
};
export type LoopGroupNode = Node<LoopGroupData, 'loopGroup'>;

/** How each block kind steers a run, from the catalogue's `flow`. */
export function catalogueFlowOf(byId: ReadonlyMap<string, BlockCatalogueEntry>): FlowOf {
  return (type) => byId.get(type)?.flow ?? undefined;
}

/**
 * A block's route handles: the routes it offers under its settings (`routePorts`, as the engine
 * reads them), then any route a connection still leaves from that it no longer offers, marked stale
 * so the connection stays visible and can be deleted.
 */
export function routeHandles(
  routes: RouteOutputs | undefined,
  plugin: Pick<PluginInstance, 'id' | 'onError'>,
  settings: Readonly<Record<string, unknown>>,
  connections: readonly Connection[],
): RouteHandle[] {
  // A block that takes the error route gets an `error` handle after its routes (or its plain output).
  const offered = routes ? routePorts(routes, settings) : [PLAIN_OUTPUT];
  if (plugin.onError === 'route') offered.push(ERROR_ROUTE);
  const handles: RouteHandle[] = offered.map((port) => ({ port, stale: false }));
  for (const c of connections) {
    if (c.from === plugin.id && !handles.some((handle) => handle.port === c.fromPort))
      handles.push({ port: c.fromPort, stale: true });
  }
  return handles;
}

/** Block indices, each after its upstream blocks (blocks caught in a cycle are left out). */
function dependencyOrder(parents: readonly (readonly number[])[]): number[] {
  const children: number[][] = parents.map(() => []);
  const waiting = parents.map((list, i) => {
    for (const p of list) children[p]!.push(i);
    return list.length;
  });
  const order: number[] = [];
  for (let i = 0; i < parents.length; i++) if (waiting[i] === 0) order.push(i);
  for (let head = 0; head < order.length; head++)
    for (const child of children[order[head]!]!) if (--waiting[child]! === 0) order.push(child);
  return order;
}

/**
 * The loops of an app as the engine sees them (`loopStructure` from the schema): for each block
 * that runs a loop, the blocks between it and the block that ends it. Loops without a block inside
 * them are left out, as there is nothing to group.
 */
export function loopGroups(config: Pick<AppConfig, 'plugins' | 'connections'>, flowOf: FlowOf): LoopGroup[] {
  const { plugins } = config;
  const flows = plugins.map((plugin) => flowOf(plugin.type));
  if (!flows.some((flow) => flow?.loop)) return [];
  const index = new Map(plugins.map((plugin, i) => [plugin.id, i]));
  const parents: number[][] = plugins.map(() => []);
  for (const c of config.connections) {
    const from = index.get(c.from);
    const to = index.get(c.to);
    if (from !== undefined && to !== undefined && from !== to && !parents[to]!.includes(from))
      parents[to]!.push(from);
  }
  const { regions, regionOf } = loopStructure({
    parents,
    order: dependencyOrder(parents),
    loopRole: (i) => (flows[i]?.loop ? 'opens' : flows[i]?.endsLoop ? 'ends' : undefined),
  });
  const groups: LoopGroup[] = [];
  for (let r = 1; r < regions.length; r++) {
    const region = regions[r]!;
    const memberIds = plugins
      .filter((_, i) => regionOf[i]! >= 0 && regionEncloses(regions, r, regionOf[i]!))
      .map((plugin) => plugin.id);
    if (memberIds.length === 0) continue;
    const opener = plugins[region.opener]!;
    groups.push({
      id: `loop-${opener.id}`,
      openerId: opener.id,
      closerId: region.closer >= 0 ? plugins[region.closer]!.id : null,
      memberIds,
      depth: region.depth,
    });
  }
  return groups.sort((a, b) => a.depth - b.depth);
}

/**
 * Where each loop group is drawn: around its blocks (unmeasured blocks count at their usual size)
 * and the groups of loops inside it, with room for the label above.
 */
export function loopGroupBoxes(
  groups: readonly LoopGroup[],
  positionOf: (id: string) => { x: number; y: number } | undefined,
  sizeOf: (id: string) => Size | undefined,
): Map<string, Box> {
  const boxes = new Map<string, Box>();
  const deepestFirst = [...groups].sort((a, b) => b.depth - a.depth);
  for (const group of deepestFirst) {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    const include = (x: number, y: number, width: number, height: number): void => {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x + width);
      maxY = Math.max(maxY, y + height);
    };
    for (const id of group.memberIds) {
      const position = positionOf(id);
      if (!position) continue;
      const size = sizeOf(id) ?? { width: NODE_WIDTH, height: NODE_HEIGHT };
      include(position.x, position.y, size.width, size.height);
    }
    for (const inner of groups) {
      const box = inner.depth > group.depth ? boxes.get(inner.id) : undefined;
      if (box && group.memberIds.includes(inner.openerId)) include(box.x, box.y, box.width, box.height);
    }
    if (minX === Infinity) continue;
    boxes.set(group.id, {
      x: minX - LOOP_GROUP_PADDING,
      y: minY - LOOP_GROUP_PADDING - LOOP_GROUP_HEADER,
      width: maxX - minX + 2 * LOOP_GROUP_PADDING,
      height: maxY - minY + 2 * LOOP_GROUP_PADDING + LOOP_GROUP_HEADER,
    });
  }
  return boxes;
}

/** What a run left on a block, as far as connections care. */
export interface RunMark {
  status: string;
  routes?: readonly string[];
}

/**
 * Connections a run did not go along: into a block it skipped, or from a route its block did not
 * take. Blocks without route outputs take every connection they have.
 */
export function idleConnectionIds(
  connections: readonly Connection[],
  markOf: (id: string) => RunMark | undefined,
  hasRoutes: (id: string) => boolean,
): string[] {
  const idle: string[] = [];
  for (const c of connections) {
    const source = markOf(c.from);
    const notTaken = hasRoutes(c.from) && source?.routes !== undefined && !source.routes.includes(c.fromPort);
    if (notTaken || markOf(c.to)?.status === 'skipped') idle.push(c.id);
  }
  return idle;
}

/** What the canvas' flow drawing reads from the builder. */
export interface CanvasFlowSource {
  readonly shownConfig: AppConfig;
  readonly catalogue: CatalogueStore;
  /** The run shown on the canvas (a RunStore), as far as connections care. */
  readonly run: { readonly nodes: { readonly size: number }; nodeState(id: string): RunMark | undefined };
  readonly view: { readonly measured: { get(id: string): Size | undefined } };
}

const NO_IDS: readonly string[] = [];

/**
 * Routes and loops on the canvas: each route block's output handles, each loop's group behind its
 * blocks, and the connections a run did not go along. Moving blocks changes only the groups'
 * boxes; the shape is recomputed but handed on only when it changed.
 */
export class CanvasFlow {
  private groupCache = new Map<string, LoopGroupNode>();

  constructor(private readonly source: CanvasFlowSource) {
    makeObservable(this, {
      flowOf: computed,
      shape: computedStruct,
      groupNodes: computed,
      idleIds: computedStruct,
      idleConnections: computed,
    });
  }

  get flowOf(): FlowOf {
    return catalogueFlowOf(this.source.catalogue.byId);
  }

  get shape(): FlowShape {
    const { plugins, connections } = this.source.shownConfig;
    const flowOf = this.flowOf;
    const handles: Record<string, RouteHandle[]> = {};
    for (const plugin of plugins) {
      const routes = flowOf(plugin.type)?.routes;
      if (!routes && plugin.onError !== 'route') continue;
      const settings = { ...this.source.catalogue.defaultsFor(plugin.type), ...plugin.settings };
      handles[plugin.id] = routeHandles(routes, plugin, settings, connections);
    }
    const tools = toolBlocks(connections);
    return {
      handles,
      groups: loopGroups({ plugins, connections: pipelineConnections(connections) }, flowOf),
      tools: plugins.filter((plugin) => tools.has(plugin.id)).map((plugin) => plugin.id),
    };
  }

  /** Whether a block is connected as a tool (it runs only when a model calls it). */
  isTool(id: string): boolean {
    return this.shape.tools.includes(id);
  }

  /** The output handles of a block with route outputs; undefined for other blocks. */
  handlesOf(id: string): readonly RouteHandle[] | undefined {
    return this.shape.handles[id];
  }

  /** The handle a connection is drawn from: its route on a route block, else the plain output. */
  readonly sourceHandleOf = (connection: Connection): string =>
    this.shape.handles[connection.from] ? connection.fromPort : PLAIN_OUTPUT;

  /** One node per loop group, drawn behind the blocks; the same object while its box is unchanged. */
  get groupNodes(): LoopGroupNode[] {
    const { groups } = this.shape;
    if (groups.length === 0) {
      this.groupCache = new Map();
      return [];
    }
    const plugins = new Map(this.source.shownConfig.plugins.map((plugin) => [plugin.id, plugin]));
    const { measured } = this.source.view;
    const boxes = loopGroupBoxes(
      groups,
      (id) => plugins.get(id)?.position,
      (id) => measured.get(id),
    );
    const next = new Map<string, LoopGroupNode>();
    const nodes = groups.flatMap((group): LoopGroupNode[] => {
      const box = boxes.get(group.id);
      if (!box) return [];
      const cached = this.groupCache.get(group.id);
      const data: LoopGroupData = {
        openerId: group.openerId,
        open: group.closerId === null,
        depth: group.depth,
      };
      const node: LoopGroupNode =
        cached &&
        cached.position.x === box.x &&
        cached.position.y === box.y &&
        cached.width === box.width &&
        cached.height === box.height &&
        compareStructural(cached.data, data)
          ? cached
          : {
              id: group.id,
              type: 'loopGroup',
              position: { x: box.x, y: box.y },
              width: box.width,
              height: box.height,
              data,
              selectable: false,
              draggable: false,
              connectable: false,
              focusable: false,
              deletable: false,
              zIndex: group.depth - 10,
            };
      next.set(group.id, node);
      return [node];
    });
    this.groupCache = next;
    return nodes;
  }

  /** Whether a canvas node is a loop group rather than a block. */
  isGroup(id: string): boolean {
    return this.groupCache.has(id);
  }

  get idleIds(): readonly string[] {
    const { run } = this.source;
    if (run.nodes.size === 0) return NO_IDS;
    const { handles } = this.shape;
    return idleConnectionIds(
      this.source.shownConfig.connections,
      (id) => run.nodeState(id),
      (id) => handles[id] !== undefined,
    );
  }

  /** Connections the run on the canvas did not go along, drawn faded. */
  get idleConnections(): ReadonlySet<string> {
    return new Set(this.idleIds);
  }
}
