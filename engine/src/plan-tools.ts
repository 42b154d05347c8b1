import { TOOL_NAME_PATTERN } from '@blocksmith/block-sdk';
import { TOOL_CONNECTION_PROBLEMS, toolConnectionProblem, type Connection } from '@blocksmith/schema';
import type { GraphProblem, PlannedNode } from './plan-types';

/**
 * The name a model calls a block by: its title in letters, digits, `_` and `-` (what every
 * vendor accepts), its kind when nothing is left.
 */
export function toolName(node: Pick<PlannedNode, 'title' | 'definition'>): string {
  const name = node.title
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return TOOL_NAME_PATTERN.test(name) ? name : node.definition.kind.slice(0, 60);
}

/**
 * Wires the blocks connected to tools handles onto the plan: each tool block learns whom it
 * serves (`toolOf`), each block that takes tools its tools (`tools`, each under its own name,
 * `_2` for a repeated one) and its credit limit (`maxCredits`). A tool connection that breaks the
 * rules (a block that declares no tool, a target without a tools handle, a tool block that is also
 * in the pipeline) is a problem naming the block at fault.
 */
export function planTools(
  nodes: PlannedNode[],
  connections: readonly Connection[],
  toolConnections: readonly { from: number; to: number }[],
  problems: GraphProblem[],
): void {
  for (const node of nodes) {
    const handle = node.definition?.tools;
    if (!handle) continue;
    node.tools = [];
    const limit = (node.settings as Record<string, unknown>)[handle.maxCredits];
    node.maxCredits =
      typeof limit === 'number' && Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0;
  }
  for (const { from, to } of toolConnections) {
    const source = nodes[from]!;
    const target = nodes[to]!;
    if (!source.definition || !target.definition) continue;
    const problem =
      from === to
        ? 'toolInPipeline'
        : toolConnectionProblem(connections, source.id, { from: source.definition, to: target.definition });
    if (problem) {
      const at = problem === 'noToolsHandle' ? target : source;
      problems.push({ nodeId: at.id, message: `${at.label}: ${TOOL_CONNECTION_PROBLEMS[problem]}` });
      continue;
    }
    if (target.tools!.some((t) => t.index === from)) continue;
    const base = toolName(source);
    let name = base;
    for (let n = 2; target.tools!.some((t) => t.name === name); n++) name = `${base}_${n}`;
    target.tools!.push({ index: from, name });
    (source.toolOf ??= []).push(to);
  }
}
