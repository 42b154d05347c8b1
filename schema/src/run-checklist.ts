import type { AppConfig, PluginInstance } from './app';
import type { BlockCatalogueEntry } from './block-catalogue';
import { blockTitle } from './block-title';
import { templateVariables } from './prompt-template';
import { matchSelectOption } from './match-select-option';
import { isRequired } from './setting-rules';
import type { SettingField } from './settings';
import { parseReference, placeholderPattern } from './template-path';
import { pipelineConnections, toolArgumentNames, toolBlocks } from './tool-connections';
import { runInputKey, upstreamIds, variableNames } from './variables';

/**
 * The checklist of a draft app before a run: what would make the run fail or do nothing, each
 * naming its block and what to do. The builder lists it by its Run button and the server refuses a
 * preview run that has any, with the same words.
 */

export type ChecklistProblemKind =
  /** A block that needs something connected to it has nothing. */
  | 'notConnected'
  /** A setting the run needs is empty. */
  | 'missingSetting'
  /** A template names a variable no upstream block provides. */
  | 'unknownVariable'
  /** An input the person must fill in is empty. */
  | 'emptyInput'
  /** A loop is given a file instead of rows. */
  | 'fileIntoLoop';

export interface ChecklistProblem {
  kind: ChecklistProblemKind;
  /** The block at fault: selecting it shows where to fix it. */
  nodeId: string;
  /** What is wrong and what to do, naming the block. */
  message: string;
}

/** What the checklist reads of a block kind: its catalogue entry (the gateway and the workbench both have it). */
export type ChecklistBlock = Pick<
  BlockCatalogueEntry,
  'name' | 'category' | 'settings' | 'outputs' | 'flow' | 'inputKind'
>;

/** `{{input_text}}`: the connected blocks' text, filled in by every block that reads templates. */
const CONNECTED_TEXT = 'input_text';
const PLACEHOLDER = placeholderPattern('g');

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The advice for a block with nothing connected, by what it does with what reaches it. */
function notConnectedAdvice(block: ChecklistBlock): string | null {
  if (block.category === 'output') return 'connect the block whose result it shows';
  if (block.flow?.loop) return 'connect the block that gives the list to go through';
  if (block.flow?.endsLoop) return 'connect the last block inside the loop to it';
  if (block.flow?.routes) return 'connect the block whose value it checks';
  return null;
}

/** A setting needed for this run and left empty: required ones, and those their other settings call for. */
function missingSetting(
  field: SettingField,
  settings: Readonly<Record<string, unknown>>,
  spec: ChecklistBlock['settings'],
): string | null {
  const when = field.requiredWhen;
  if (when) {
    const other = spec[when.setting];
    const current = settings[when.setting] ?? other?.default;
    const option = other?.type === 'select' ? matchSelectOption(other, current) : undefined;
    const value = option?.value ?? current;
    if (typeof value !== 'string' || !when.values.includes(value)) return null;
    return other
      ? `fill in "${field.label}" (${other.label} is "${option?.label ?? current}").`
      : `fill in "${field.label}".`;
  }
  return isRequired(field) && field.type !== 'boolean' && field.default === undefined
    ? `fill in "${field.label}".`
    : null;
}

/** The placeholders of a template setting whose variable nothing upstream provides, as written. */
function unknownPlaceholders(template: string, available: ReadonlySet<string>): string[] {
  if (!template.includes('{{')) return [];
  const unknown: string[] = [];
  for (const match of template.matchAll(PLACEHOLDER)) {
    const reference = parseReference(match[1]!);
    if (reference && !available.has(reference.variable) && !unknown.includes(reference.text))
      unknown.push(reference.text);
  }
  return unknown;
}

function isTemplate(field: SettingField): field is SettingField & { type: 'text' | 'prompt' } {
  return field.type === 'prompt' || (field.type === 'text' && field.template === true);
}

/**
 * Every problem of `config` a run would meet, in canvas order: blocks that need a connection and
 * have none, settings the run needs left empty (`requiredWhen` included), placeholders naming a
 * variable no upstream block provides, a loop fed a file, and, when `inputs` are given (keyed as a
 * run sends them), input blocks left empty (a choice always has its first option). A block
 * connected as a tool needs no connection, and its templates may use its arguments and the
 * variables of the blocks it is a tool of. Blocks of kinds `blockOf` does not know are left to the
 * run's own checks. Empty for an app ready to run.
 */
export function runChecklist(
  config: AppConfig,
  blockOf: (type: string) => ChecklistBlock | undefined,
  inputs?: Readonly<Record<string, unknown>>,
): ChecklistProblem[] {
  const plugins: readonly PluginInstance[] = Array.isArray(config?.plugins) ? config.plugins : [];
  const all = Array.isArray(config?.connections) ? config.connections.filter(Boolean) : [];
  // Blocks connected as tools are not steps of the pipeline: they run with the model's arguments.
  const connections = pipelineConnections(all);
  const tools = toolBlocks(all);
  const graph: AppConfig = { ...config, plugins: [...plugins], connections };
  const firstOutputOf = (type: string) => blockOf(type)?.outputs[0]?.name;
  const names = variableNames(graph, firstOutputOf);
  const byId = new Map(plugins.map((plugin) => [plugin.id, plugin]));
  const titleOf = (plugin: PluginInstance) =>
    blockTitle(plugin.settings, blockOf(plugin.type)?.name ?? plugin.type);
  const problems: ChecklistProblem[] = [];

  for (const plugin of plugins) {
    const block = blockOf(plugin.type);
    if (!block) continue;
    const title = titleOf(plugin);
    const settings = plugin.settings ?? {};
    const add = (kind: ChecklistProblemKind, message: string) =>
      problems.push({ kind, nodeId: plugin.id, message });
    const parents = connections
      .filter((c) => c?.to === plugin.id && byId.has(c.from))
      .map((c) => byId.get(c.from)!);

    const toolOf = tools.get(plugin.id);
    const advice = block.category === 'input' || toolOf ? null : notConnectedAdvice(block);
    if (advice && parents.length === 0) add('notConnected', `${title} is not connected: ${advice}.`);

    if (block.flow?.loop) {
      for (const parent of parents) {
        if (blockOf(parent.type)?.outputs[0]?.type !== 'url') continue;
        add(
          'fileIntoLoop',
          `${title} receives a file: add an Extract from File block between ${titleOf(parent)} and ${title}.`,
        );
      }
    }

    for (const [key, field] of Object.entries(block.settings)) {
      if (!isEmpty(settings[key])) continue;
      const missing = missingSetting(field, settings, block.settings);
      if (missing) add('missingSetting', `${title}: ${missing}`);
    }

    const templates = Object.entries(block.settings).filter(([key, field]) => {
      const value = settings[key];
      return isTemplate(field) && typeof value === 'string' && templateVariables(value).length > 0;
    });
    if (templates.length > 0) {
      // A tool's variables are its arguments and those of the blocks it is a tool of.
      const upstream = (toolOf ?? [plugin.id])
        .flatMap((id) => upstreamIds(graph, id))
        .flatMap((id) => names.get(id) ?? [])
        .concat(toolOf ? toolArgumentNames(block.flow?.tool) : []);
      for (const [key, field] of templates) {
        const fills = 'fills' in field ? (field.fills ?? []) : [];
        const available = new Set([...upstream, CONNECTED_TEXT, ...fills]);
        for (const text of unknownPlaceholders(settings[key] as string, available)) {
          add(
            'unknownVariable',
            `${title}: "${field.label}" uses {{${text}}}, which no upstream block provides. Connect the block that provides it, or remove it.`,
          );
        }
      }
    }

    if (inputs && block.category === 'input' && block.inputKind !== 'choice') {
      const variable = names.get(plugin.id);
      const value = inputs[runInputKey(plugin, variable)] ?? inputs[plugin.id];
      if (isEmpty(value)) {
        add(
          'emptyInput',
          block.inputKind === 'file'
            ? `Choose a file for "${title}" before running.`
            : `Fill in "${title}" before running.`,
        );
      }
    }
  }
  return problems;
}
