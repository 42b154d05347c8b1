import { isToolConnection, TOOLS_PORT, type Connection, type PluginInstance } from '@blocksmith/schema';
import type { Edge, Node } from '@xyflow/react';
import type { Size } from './view-store';

export type BlockNodeData = { plugin: PluginInstance };
export type BlockFlowNode = Node<BlockNodeData, 'block'>;
export type FlowEdge = Edge;

interface CachedNode {
  plugin: PluginInstance;
  selected: boolean;
  measured: Size | undefined;
  node: BlockFlowNode;
}

interface CachedEdge {
  connection: Connection;
  selected: boolean;
  handle: string;
  idle: boolean;
  edge: FlowEdge;
}

const NO_IDLE: ReadonlySet<string> = new Set();
const plainOutput = (): string => 'output';

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * Turns blocks and connections into the canvas library's nodes and edges, handing back the very
 * same object for every block whose plugin, selection and size did not change. The canvas then
 * re-renders only what changed: dragging one block of 500 re-renders that one block. A list whose
 * items are all unchanged is handed back as the same array, so moving a block leaves the edges be.
 */
export class FlowModel {
  private nodeCache = new Map<string, CachedNode>();
  private edgeCache = new Map<string, CachedEdge>();
  private lastNodes: BlockFlowNode[] = [];
  private lastEdges: FlowEdge[] = [];

  nodes(
    plugins: readonly PluginInstance[],
    selected: ReadonlySet<string>,
    measured: { get(id: string): Size | undefined },
  ): BlockFlowNode[] {
    const next = new Map<string, CachedNode>();
    const nodes = plugins.map((plugin) => {
      const isSelected = selected.has(plugin.id);
      const size = measured.get(plugin.id);
      const cached = this.nodeCache.get(plugin.id);
      if (cached && cached.plugin === plugin && cached.selected === isSelected && cached.measured === size) {
        next.set(plugin.id, cached);
        return cached.node;
      }
      const node: BlockFlowNode = {
        id: plugin.id,
        type: 'block',
        position: plugin.position,
        data: { plugin },
        selected: isSelected,
        ...(size ? { measured: size } : {}),
      };
      next.set(plugin.id, { plugin, selected: isSelected, measured: size, node });
      return node;
    });
    this.nodeCache = next;
    this.lastNodes = sameItems(this.lastNodes, nodes) ? this.lastNodes : nodes;
    return this.lastNodes;
  }

  /**
   * `sourceHandle` names the handle a connection leaves from (a route of a route block, else
   * `output`); `idle` holds the connections a run did not go along, drawn faded.
   */
  edges(
    connections: readonly Connection[],
    selected: ReadonlySet<string>,
    sourceHandle: (connection: Connection) => string = plainOutput,
    idle: ReadonlySet<string> = NO_IDLE,
  ): FlowEdge[] {
    const next = new Map<string, CachedEdge>();
    const edges = connections.map((connection) => {
      const isSelected = selected.has(connection.id);
      const handle = sourceHandle(connection);
      const isIdle = idle.has(connection.id);
      const cached = this.edgeCache.get(connection.id);
      if (
        cached &&
        cached.connection === connection &&
        cached.selected === isSelected &&
        cached.handle === handle &&
        cached.idle === isIdle
      ) {
        next.set(connection.id, cached);
        return cached.edge;
      }
      // A block connected as a tool reaches its model through the model block's tools handle.
      const tool = isToolConnection(connection);
      const className = [tool ? 'is-tool' : '', isIdle ? 'is-idle' : ''].filter(Boolean).join(' ');
      const edge: FlowEdge = {
        id: connection.id,
        source: connection.from,
        target: connection.to,
        sourceHandle: handle,
        targetHandle: tool ? TOOLS_PORT : 'input',
        selected: isSelected,
        ...(className ? { className } : {}),
      };
      next.set(connection.id, { connection, selected: isSelected, handle, idle: isIdle, edge });
      return edge;
    });
    this.edgeCache = next;
    this.lastEdges = sameItems(this.lastEdges, edges) ? this.lastEdges : edges;
    return this.lastEdges;
  }
}
