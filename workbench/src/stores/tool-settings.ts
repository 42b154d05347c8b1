import {
  emptyConfig,
  pipelineConnections,
  toolArgumentNames,
  toolBlocks,
  upstreamVariables,
  type FirstOutputOf,
  type UpstreamVariable,
  type AppConfig,
  type BlockCatalogueEntry,
  type PluginInstance,
} from '@blocksmith/schema';
import type { CatalogueStore } from './catalogue-store';

/**
 * The pickers the properties panel draws instead of a plain field, for a text setting whose
 * declaration asks for one (`picker`): the apps a model may call (ids and store slugs,
 * comma-separated), the name of one of the person's secrets, MCP servers (one a line, each with
 * an optional secret name). Knowledge bases are picked inside the plain field.
 */
export type ToolPicker = 'apps' | 'secret' | 'mcpServers';

const TOOL_PICKERS: readonly string[] = ['apps', 'secret', 'mcpServers'] satisfies ToolPicker[];

/** Whether the block kind hands tools to a model (it has a tools handle). */
export function takesTools(entry: BlockCatalogueEntry | undefined): boolean {
  return entry?.flow?.tools !== undefined;
}

/** Which picker draws a setting of `entry` (as its declaration says), or null for a plain field. */
export function toolPickerOf(entry: BlockCatalogueEntry | undefined, key: string): ToolPicker | null {
  const field = entry?.settings[key];
  if (field?.type !== 'text' || field.picker === undefined) return null;
  return TOOL_PICKERS.includes(field.picker) ? (field.picker as ToolPicker) : null;
}

/** The most one run of a block costs: its price and model, and what it may spend beyond them. */
export interface MostBlockCost {
  total: number;
  /** Its price and its model's, charged when it starts. */
  block: number;
  /** Its credit limit for tools and further model turns (`flow.tools.maxCredits`). */
  extra: number;
}

/** What one run of `plugin` can cost at most, as the server prices it (`runCostRange` of the block alone). */
export function mostBlockCost(
  catalogue: CatalogueStore,
  plugin: Pick<PluginInstance, 'id' | 'type' | 'settings'>,
): MostBlockCost {
  const alone: AppConfig = {
    ...emptyConfig(),
    plugins: [{ ...plugin, position: { x: 0, y: 0 } }],
  };
  const total = catalogue.costRange(alone).max;
  const block = catalogue.blockCost(plugin).total;
  return { total, block, extra: Math.max(0, total - block) };
}

/** The blocks connected to `blockId`'s tools handle, in canvas order, with their names. */
export function connectedTools(
  config: Pick<AppConfig, 'plugins' | 'connections'>,
  blockId: string,
  nameOf: (type: string) => string | undefined,
): { id: string; name: string }[] {
  const tools = toolBlocks(config.connections);
  return config.plugins
    .filter((plugin) => tools.get(plugin.id)?.includes(blockId))
    .map((plugin) => ({ id: plugin.id, name: nameOf(plugin.type) ?? plugin.type }));
}

/** What a secret-name setting offers: no secret, each saved name, and a name it holds that is not saved. */
export interface SecretChoices {
  names: string[];
  /** The name the setting holds that is not among the saved ones (said as such), else null. */
  missing: string | null;
}

/** `known`: the saved names were read (else nothing is said missing). */
export function secretChoices(value: unknown, saved: readonly string[], known: boolean): SecretChoices {
  const current = typeof value === 'string' ? value.trim() : '';
  const missing = current !== '' && !saved.includes(current) ? current : null;
  return {
    names: missing !== null && !known ? [...saved, missing] : [...saved],
    missing: known ? missing : null,
  };
}

/**
 * The variables a block may use in its templates: those of the blocks before it in the pipeline
 * (tool connections are not steps of it); for a block connected as a tool, its arguments (the
 * declared parameters) and the variables of the blocks it is a tool of, as the run fills them.
 */
export function blockVariables(
  config: AppConfig,
  id: string,
  firstOutputOf: FirstOutputOf,
  entryOf: (type: string) => BlockCatalogueEntry | undefined,
): { upstream: UpstreamVariable[]; arguments: string[] } {
  const pipeline: AppConfig = { ...config, connections: pipelineConnections(config.connections) };
  const toolOf = toolBlocks(config.connections).get(id);
  if (!toolOf) return { upstream: upstreamVariables(pipeline, id, firstOutputOf), arguments: [] };
  const seen = new Set<string>();
  const upstream = toolOf
    .flatMap((model) => upstreamVariables(pipeline, model, firstOutputOf))
    .filter((variable) => !seen.has(variable.nodeId) && seen.add(variable.nodeId));
  const type = config.plugins.find((plugin) => plugin.id === id)?.type;
  return { upstream, arguments: toolArgumentNames(type ? entryOf(type)?.flow?.tool : undefined) };
}
