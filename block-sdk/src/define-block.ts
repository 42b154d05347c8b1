import {
  BLOCK_CATEGORIES,
  inputCheckProblem,
  isInputCheck,
  resultDeclarationProblems,
  type BlockFlow,
  type SettingField,
  type SettingsSpec,
} from '@blocksmith/schema';
import { BLOCK_API_VERSION } from './block-api-version';
import type { BlockDefinition, BlockSpec } from './block-definition';
import { BlockDefinitionError } from './errors';
import type { OutputsSpec } from './outputs';
import { validateSettings } from './validate-settings';

const KIND = /^[a-z][a-zA-Z0-9]*$/;
const OUTPUT_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const FIELD_TYPES = new Set(['text', 'prompt', 'number', 'boolean', 'select', 'model']);

function snakeCase(kind: string): string {
  return kind.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function fieldProblems(key: string, field: SettingField): string[] {
  const where = `setting "${key}"`;
  const problems: string[] = [];
  if (!FIELD_TYPES.has(field.type)) problems.push(`${where} has unknown type "${String(field.type)}"`);
  if (typeof field.label !== 'string' || field.label.trim() === '') problems.push(`${where} needs a label`);
  if (field.type === 'number') {
    if (field.min !== undefined && field.max !== undefined && field.min > field.max) {
      problems.push(`${where} has min above max`);
    }
  }
  if (field.type === 'select') {
    if (!Array.isArray(field.options) || field.options.length === 0) problems.push(`${where} needs options`);
    const values = new Set(field.options.map((o) => o.value));
    if (values.size !== field.options.length) problems.push(`${where} repeats an option value`);
    // A saved setting may name its option by label, so a label must name one option only.
    const labels = new Set(field.options.map((o) => o.label));
    if (labels.size !== field.options.length) problems.push(`${where} repeats an option label`);
  }
  return problems;
}

function settingOfType(spec: BlockSpec<SettingsSpec, OutputsSpec>, key: unknown, type: string): boolean {
  return (
    typeof key === 'string' && Object.hasOwn(spec.settings ?? {}, key) && spec.settings[key]!.type === type
  );
}

/** What is wrong with a block's routes and loop declarations. */
function flowProblems(spec: BlockSpec<SettingsSpec, OutputsSpec>): string[] {
  const problems: string[] = [];
  const declared = [spec.routes && 'routes', spec.loop && 'loop', spec.endsLoop && 'endsLoop'].filter(
    Boolean,
  );
  if (declared.length > 1)
    problems.push(`a block declares one of routes, loop and endsLoop, not ${declared.join(' and ')}`);
  if (declared.length > 0 && spec.category !== 'ai')
    problems.push(`${declared[0]} is only for blocks that feed other blocks (category ai)`);
  const { routes, loop } = spec;
  if (routes !== undefined) {
    const ports = routes.ports ?? [];
    if (!Array.isArray(ports) || ports.some((p) => typeof p !== 'string' || p.trim() === ''))
      problems.push('routes.ports must be a list of route names');
    if (routes.linesOf !== undefined && !settingOfType(spec, routes.linesOf, 'text'))
      problems.push(`routes.linesOf must name a text setting, not "${String(routes.linesOf)}"`);
    if (ports.length === 0 && routes.linesOf === undefined) problems.push('routes need ports or linesOf');
  }
  if (loop !== undefined) {
    const outputs = Object.keys(spec.outputs ?? {});
    if (!outputs.includes(loop.items))
      problems.push(`loop.items must name an output, not "${String(loop.items)}"`);
    else if (outputs[0] === loop.items)
      problems.push(
        'loop.items cannot be the first output: inside the loop the first output is the current item',
      );
    for (const key of ['maxItems', 'concurrency'] as const) {
      if (!settingOfType(spec, loop[key], 'number'))
        problems.push(`loop.${key} must name a number setting, not "${String(loop[key])}"`);
    }
  }
  return problems;
}

const OUTPUT_VIEWS: ReadonlySet<string> = new Set(['text', 'markdown', 'table', 'image', 'file']);

/** What is wrong with how the block says its results are shown. */
function presentationProblems(spec: BlockSpec<SettingsSpec, OutputsSpec>): string[] {
  const problems: string[] = [];
  const outputs = Object.entries(spec.outputs);
  for (const [name, decl] of outputs) {
    if (decl.view !== undefined && !OUTPUT_VIEWS.has(decl.view))
      problems.push(
        `output "${name}" has view "${String(decl.view)}"; an output may use ${[...OUTPUT_VIEWS].join(', ')}`,
      );
    if ((decl.view === 'image' || decl.view === 'file') && decl.type !== 'url' && decl.type !== 'text')
      problems.push(`output "${name}" shows as ${decl.view}, so it must be a url or text output`);
    if (decl.title !== undefined && (typeof decl.title !== 'string' || decl.title.trim() === ''))
      problems.push(`output "${name}" has an empty title`);
  }
  const declared = outputs.some(([, decl]) => decl.view !== undefined || decl.title !== undefined);
  if ((spec.present !== undefined || declared) && spec.category !== 'ai')
    problems.push('result views are only for blocks whose outputs are results (category ai)');
  if (spec.present !== undefined) {
    if (declared) problems.push('declare views on outputs or in present, not both');
    const names = outputs.map(([name]) => name);
    problems.push(...resultDeclarationProblems(spec.present, names));
  }
  return problems;
}

const ARGUMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What is wrong with a block's tool declaration and its tools handle. */
function toolProblems(spec: BlockSpec<SettingsSpec, OutputsSpec>): string[] {
  const problems: string[] = [];
  const { tool, tools } = spec;
  if (tool !== undefined) {
    if (spec.category !== 'ai') problems.push('tool is only for blocks that feed other blocks (category ai)');
    if (spec.routes || spec.loop || spec.endsLoop)
      problems.push('a block that routes or loops cannot serve as a tool');
    if (tools !== undefined) problems.push('a block that takes tools cannot serve as a tool itself');
    if (typeof tool?.description !== 'string' || tool.description.trim() === '')
      problems.push('tool.description must say what the tool does, for the model');
    if (tool?.describe !== undefined && typeof tool.describe !== 'function')
      problems.push('tool.describe must be a function of the settings');
    const parameters: unknown = tool?.parameters;
    if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))
      problems.push('tool.parameters must be a JSON Schema of an object');
    else {
      const { type, properties, required } = parameters as Record<string, unknown>;
      if (type !== 'object') problems.push('tool.parameters must have type "object"');
      const isObject = typeof properties === 'object' && properties !== null && !Array.isArray(properties);
      if (properties !== undefined && !isObject)
        problems.push('tool.parameters.properties must be an object');
      const names = isObject ? Object.keys(properties) : [];
      for (const name of names)
        if (!ARGUMENT_NAME.test(name))
          problems.push(
            `tool parameter "${name}" must be a letter or _ then letters, digits or _ (a template variable)`,
          );
      if (required !== undefined) {
        if (!Array.isArray(required))
          problems.push('tool.parameters.required must be a list of parameter names');
        else
          for (const name of required)
            if (!names.includes(name as string))
              problems.push(
                `tool.parameters.required names "${String(name)}", which is not one of its properties`,
              );
      }
    }
  }
  if (tools !== undefined && !settingOfType(spec, tools?.maxCredits, 'number'))
    problems.push(`tools.maxCredits must name a number setting, not "${String(tools?.maxCredits)}"`);
  return problems;
}

/** How a definition steers a run, as plain data (none for blocks that simply run once). */
export function blockFlow(
  definition: Pick<BlockSpec<SettingsSpec, OutputsSpec>, 'routes' | 'loop' | 'endsLoop' | 'tool' | 'tools'>,
): BlockFlow | undefined {
  const flow: BlockFlow = {};
  if (definition.routes) {
    const { ports, linesOf } = definition.routes;
    flow.routes = { ...(ports ? { ports: [...ports] } : {}), ...(linesOf ? { linesOf } : {}) };
  } else if (definition.loop) {
    const { items, maxItems, concurrency } = definition.loop;
    flow.loop = { items, maxItems, concurrency };
  } else if (definition.endsLoop) flow.endsLoop = true;
  if (definition.tool)
    flow.tool = { description: definition.tool.description, parameters: definition.tool.parameters };
  if (definition.tools) flow.tools = { maxCredits: definition.tools.maxCredits };
  return Object.keys(flow).length > 0 ? flow : undefined;
}

/** Every reason a spec is unusable; empty when it is fine. */
export function definitionProblems(spec: BlockSpec<SettingsSpec, OutputsSpec>): string[] {
  const problems: string[] = [];
  if (typeof spec.kind !== 'string' || !KIND.test(spec.kind)) {
    problems.push(`kind "${String(spec.kind)}" must be camelCase letters and digits`);
  }
  if (typeof spec.name !== 'string' || spec.name.trim() === '') problems.push('name is required');
  if (typeof spec.description !== 'string') problems.push('description is required');
  if (!(BLOCK_CATEGORIES as readonly string[]).includes(spec.category)) {
    problems.push(`category must be one of ${BLOCK_CATEGORIES.join(', ')}`);
  }
  const version = spec.version ?? 1;
  if (!Number.isInteger(version) || version < 1) problems.push('version must be a whole number from 1');
  for (let v = 2; v <= version; v++) {
    if (typeof spec.migrations?.[v] !== 'function') problems.push(`version ${v} needs a settings migration`);
  }
  const cost = spec.cost ?? 0;
  if (!Number.isInteger(cost) || cost < 0) problems.push('cost must be a whole number of credits, 0 or more');
  const steers =
    spec.routes !== undefined || spec.loop !== undefined || spec.endsLoop === true || spec.waits === true;
  // Blocks that only steer a run (routes, loops, waiting for a person) may be free; every other AI block calls the AI.
  if (spec.category === 'ai' && cost === 0 && !steers)
    problems.push('an AI block must cost at least 1 credit');
  if (spec.settings === null || typeof spec.settings !== 'object')
    problems.push('settings must be an object');
  else for (const [key, field] of Object.entries(spec.settings)) problems.push(...fieldProblems(key, field));
  if (spec.outputs === null || typeof spec.outputs !== 'object') problems.push('outputs must be an object');
  else {
    for (const name of Object.keys(spec.outputs)) {
      if (!OUTPUT_NAME.test(name))
        problems.push(`output "${name}" must be a letter then letters, digits or _`);
    }
    if (spec.category !== 'output' && Object.keys(spec.outputs).length === 0) {
      problems.push('input and AI blocks need at least one output');
    }
  }
  if (spec.category === 'input' && spec.inputKind === undefined)
    problems.push('an input block needs inputKind');
  if (spec.acceptsFile !== undefined && spec.inputKind !== 'file')
    problems.push('acceptsFile is only for blocks with inputKind file');
  if (spec.checkInput !== undefined && spec.category !== 'input')
    problems.push('checkInput is only for input blocks');
  if (spec.inputChecks !== undefined) {
    if (spec.category !== 'input') problems.push('inputChecks are only for input blocks');
    if (!Array.isArray(spec.inputChecks)) problems.push('inputChecks must be a list of check names');
    else
      for (const check of spec.inputChecks)
        if (!isInputCheck(check)) problems.push(`input check "${String(check)}" is not one of INPUT_CHECKS`);
  }
  if (spec.paletteRank !== undefined && (!Number.isInteger(spec.paletteRank) || spec.paletteRank < 1))
    problems.push('paletteRank must be a whole number from 1');
  if (typeof spec.run !== 'function') problems.push('run must be a function');
  problems.push(...flowProblems(spec));
  problems.push(...toolProblems(spec));
  if (spec.outputs !== null && typeof spec.outputs === 'object') problems.push(...presentationProblems(spec));
  if (problems.length === 0) {
    const defaults = validateSettings(spec.settings, {});
    if (!defaults.ok) {
      const fields = defaults.issues.filter((i) => spec.settings[i.field]?.required !== false);
      // Required fields without defaults are allowed; defaults that break their own rules are not.
      for (const issue of fields) {
        if (spec.settings[issue.field]?.default !== undefined) {
          problems.push(`default of "${issue.field}" is invalid: ${issue.message}`);
        }
      }
    }
  }
  return problems;
}

/**
 * Declares a block. The declaration is checked at once, so a broken block fails when its package
 * loads, with every problem listed, rather than when someone runs it. The definition carries the
 * block API version of this SDK (`blockApiVersion`), which the server checks when it loads it.
 */
export function defineBlock<const S extends SettingsSpec, const O extends OutputsSpec>(
  spec: BlockSpec<S, O>,
): BlockDefinition<S, O> {
  const problems = definitionProblems(spec as unknown as BlockSpec<SettingsSpec, OutputsSpec>);
  if (problems.length > 0) {
    throw new BlockDefinitionError(`Block "${String(spec.kind)}" is invalid: ${problems.join('; ')}.`);
  }
  return Object.freeze({
    ...spec,
    version: spec.version ?? 1,
    cost: spec.cost ?? 0,
    tier: spec.tier ?? 'core',
    historyType: spec.historyType ?? snakeCase(spec.kind),
    migrations: spec.migrations ?? {},
    blockApiVersion: BLOCK_API_VERSION,
    ...(spec.inputChecks?.length ? { checkInput: withInputChecks(spec) } : {}),
  });
}

/** The block's own `checkInput`, after the named checks it declares. */
function withInputChecks<S extends SettingsSpec>(
  spec: Pick<BlockSpec<S, OutputsSpec>, 'inputChecks' | 'checkInput'>,
): NonNullable<BlockSpec<S, OutputsSpec>['checkInput']> {
  const checks = [...(spec.inputChecks ?? [])];
  const own = spec.checkInput;
  return (settings, value) => inputCheckProblem(checks, settings, value) ?? own?.(settings, value) ?? null;
}

/** Brings settings saved for `fromVersion` up to the definition's version. */
export function migrateSettings(
  definition: Pick<BlockDefinition, 'version' | 'migrations' | 'kind'>,
  settings: Record<string, unknown>,
  fromVersion = 1,
): Record<string, unknown> {
  if (fromVersion > definition.version) {
    throw new BlockDefinitionError(
      `Settings were saved for ${definition.kind} version ${fromVersion}, newer than this server's ${definition.version}.`,
    );
  }
  let current = settings;
  for (let v = fromVersion + 1; v <= definition.version; v++) current = definition.migrations[v]!(current);
  return current;
}
