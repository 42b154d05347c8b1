import type { AppConfig, Connection } from './app';

/**
 * Blocks as tools of a model. A block whose package declares a tool (`BlockFlow.tool`) may be
 * connected to the `tools` handle of a block that hands tools to a model (`BlockFlow.tools`, the
 * agent): the connection's `toPort` is `tools`. Such a block is not run in the pipeline: it runs
 * when the model calls it, with the model's arguments as its variables.
 */

/** The handle tool blocks connect to: `Connection.toPort` of a tool connection. */
export const TOOLS_PORT = 'tools';

/** A JSON Schema of an object: the arguments a tool takes. */
export interface ToolParameters {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
}

/** How a block that can serve as a tool presents itself to the model. */
export interface ToolDeclaration {
  /** What the tool does and when to use it, for the model. */
  description: string;
  /**
   * The arguments the model gives: a JSON Schema of an object. Each argument is a variable of the
   * block's templates (`{{city}}`) while it runs as a tool.
   */
  parameters: ToolParameters;
}

/** A block that hands tools to a model: blocks that declare a tool connect to its `tools` handle. */
export interface ToolsHandle {
  /**
   * The number setting with the most credits its tools (and its model's turns after the first)
   * may spend in one run, beyond the block's own price.
   */
  maxCredits: string;
}

/** What the tool rules read of a block kind (`BlockFlow` holds both). */
export interface ToolFlow {
  tool?: ToolDeclaration;
  tools?: ToolsHandle;
}

export const TOOL_CONNECTION_PROBLEMS = {
  noToolsHandle: 'Only a block that hands tools to a model (an agent) has a tools handle.',
  notATool: 'This block cannot serve as a tool: connect a block that can (such as HTTP Request or Code).',
  toolInPipeline:
    'A block connected as a tool runs only when the model calls it: remove its other connections first.',
  pipelineIntoTool:
    'This block is connected as a tool and runs only when the model calls it, so it cannot be connected in the pipeline too.',
} as const;

export type ToolConnectionProblem = keyof typeof TOOL_CONNECTION_PROBLEMS;

/** Whether a connection goes to a tools handle (the block it leaves is a tool, not a step of the pipeline). */
export function isToolConnection(connection: Pick<Connection, 'toPort'> | null | undefined): boolean {
  return connection?.toPort === TOOLS_PORT;
}

/** The connections of the pipeline: all but tool connections. */
export function pipelineConnections<C extends Pick<Connection, 'toPort'>>(connections: readonly C[]): C[] {
  return connections.filter((c) => !isToolConnection(c));
}

/** Ids of the blocks connected as tools, each with the ids of the blocks it is a tool of. */
export function toolBlocks(connections: readonly Connection[]): Map<string, string[]> {
  const tools = new Map<string, string[]>();
  for (const c of connections) {
    if (!isToolConnection(c)) continue;
    const of = tools.get(c.from);
    if (of === undefined) tools.set(c.from, [c.to]);
    else if (!of.includes(c.to)) of.push(c.to);
  }
  return tools;
}

/**
 * Why a connection from `fromType` to `toType`'s tools handle is not allowed, or null: the
 * target must hand tools to a model, the source must declare a tool, and the source may have no
 * pipeline connection (in or out). `connections` are the app's others.
 */
export function toolConnectionProblem(
  connections: readonly Connection[],
  from: string,
  flows: { from: ToolFlow | undefined; to: ToolFlow | undefined },
): ToolConnectionProblem | null {
  if (!flows.to?.tools) return 'noToolsHandle';
  if (!flows.from?.tool) return 'notATool';
  if (connections.some((c) => !isToolConnection(c) && (c.from === from || c.to === from)))
    return 'toolInPipeline';
  return null;
}

/** Why a pipeline connection between `from` and `to` is not allowed because either is a tool, or null. */
export function pipelineToolProblem(
  connections: readonly Connection[],
  from: string,
  to: string,
): ToolConnectionProblem | null {
  return connections.some((c) => isToolConnection(c) && (c.from === from || c.from === to))
    ? 'pipelineIntoTool'
    : null;
}

/** A saved app's tool connections that break the rules, each with its connection and the block at fault. */
export function toolWiringProblems(
  config: Pick<AppConfig, 'plugins' | 'connections'>,
  flowOf: (type: string) => ToolFlow | undefined,
): { connection: Connection; nodeId: string; problem: ToolConnectionProblem }[] {
  const typeOf = new Map(config.plugins.map((p) => [p.id, p.type]));
  const problems: { connection: Connection; nodeId: string; problem: ToolConnectionProblem }[] = [];
  for (const connection of config.connections) {
    if (!isToolConnection(connection)) continue;
    const fromType = typeOf.get(connection.from);
    const toType = typeOf.get(connection.to);
    if (fromType === undefined || toType === undefined) continue;
    const problem = toolConnectionProblem(config.connections, connection.from, {
      from: flowOf(fromType),
      to: flowOf(toType),
    });
    if (problem)
      problems.push({
        connection,
        nodeId: problem === 'noToolsHandle' ? connection.to : connection.from,
        problem,
      });
  }
  return problems;
}

/**
 * The variables a block connected as a tool may use in its templates: its arguments (the
 * declared parameters' names).
 */
export function toolArgumentNames(tool: ToolDeclaration | undefined): string[] {
  const properties = tool?.parameters?.properties;
  return properties && typeof properties === 'object' ? Object.keys(properties) : [];
}
