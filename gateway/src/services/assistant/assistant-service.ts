import { Ai, blockFlow, defaultSettings, validateSettings, type AiProvider } from '@blocksmith/block-sdk';
import {
  TEMPLATE_COLUMNS,
  connect,
  emptyConfig,
  generatedAppDescription,
  generatedAppName,
  missingPromptVariables,
  newPluginId,
  pinVariableNames,
  promptVariablesMessage,
  routePorts,
  substituteTemplate,
  templateVariables,
  upstreamVariables,
  type AppConfig,
  type Connection,
  type FlowOf,
  type PluginInstance,
} from '@blocksmith/schema';
import { InputError } from '../../errors';
import { planRun, type ModelLookup } from '@blocksmith/engine';
import { asModelRouter } from '../../providers/ai';
import type { BlockRegistry } from '../../kernel';
import type { AppPlan } from './app-plan';
import { offlineAppPlan } from './offline-app-plan';

export interface GeneratedApp {
  message: string;
  plugins: PluginInstance[];
  connections: Connection[];
  /** Per block: prompt variables the assistant wrote and the upstream names they were changed to. */
  variableMapping: Record<string, Record<string, string>>;
  appName: string;
  appDescription: string;
}

const MAX_REQUEST = 2000;
const COLUMN = { input: TEMPLATE_COLUMNS[0], ai: TEMPLATE_COLUMNS[1], output: TEMPLATE_COLUMNS[2] } as const;
/** Apps with routes or loops are laid out by step: one column per step, 300 apart, rows 180 apart. */
const STEP_WIDTH = TEMPLATE_COLUMNS[1] - TEMPLATE_COLUMNS[0];
const ROW_HEIGHT = 180;

/** Places each block in the column of its step (the longest way to it from a block nothing feeds). */
function placeBySteps(config: AppConfig): AppConfig {
  const step = new Map(config.plugins.map((plugin) => [plugin.id, 0]));
  // Connections go forward in the plan; going over them as often as there are blocks settles every step.
  for (let round = 0; round < config.plugins.length; round++) {
    let changed = false;
    for (const c of config.connections) {
      const next = step.get(c.from)! + 1;
      if (next > step.get(c.to)!) {
        step.set(c.to, next);
        changed = true;
      }
    }
    if (!changed) break;
  }
  const rows = new Map<number, number>();
  const plugins = config.plugins.map((plugin) => {
    const column = step.get(plugin.id)!;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    return {
      ...plugin,
      position: { x: TEMPLATE_COLUMNS[0] + column * STEP_WIDTH, y: 100 + row * ROW_HEIGHT },
    };
  });
  return { ...config, plugins };
}

/**
 * Builds an app from one sentence, and prompts from a description. Whatever the AI answers, only
 * registered block kinds with valid settings and allowed connections survive, prompt variables are
 * remapped to what the connected blocks provide, and the result must plan like any saved app.
 */
export class AssistantService {
  private readonly models: ModelLookup;

  constructor(
    private readonly registry: BlockRegistry,
    private readonly provider: AiProvider,
  ) {
    this.models = asModelRouter(provider).catalogue;
  }

  async generateApp(
    request: string,
    signal: AbortSignal = new AbortController().signal,
  ): Promise<GeneratedApp> {
    const text = typeof request === 'string' ? request.trim() : '';
    if (text === '') throw new InputError('Describe the app you want in a sentence.');
    if (text.length > MAX_REQUEST)
      throw new InputError(`Please describe the app in at most ${MAX_REQUEST} characters.`);
    let plan = this.provider.offline ? offlineAppPlan(text) : await this.askForPlan(text, signal);
    let built = this.build(plan);
    if (!built) {
      plan = offlineAppPlan(text);
      built = this.build(plan)!;
    }
    return {
      message: plan.message,
      ...built,
      appName: generatedAppName(text),
      appDescription: generatedAppDescription(text),
    };
  }

  /** A prompt template that uses every given variable as `{{name}}`. */
  async generatePrompt(
    description: string,
    variables: string[],
    signal: AbortSignal = new AbortController().signal,
  ): Promise<string> {
    const text = typeof description === 'string' ? description.trim() : '';
    if (text === '') throw new InputError('Describe what the prompt should do.');
    const names = Array.isArray(variables) ? variables.filter((v): v is string => typeof v === 'string') : [];
    const missing = missingPromptVariables(text, names);
    if (missing.length > 0) throw new InputError(promptVariablesMessage(missing));
    let prompt: string;
    if (this.provider.offline) {
      prompt = `${text}${names.length ? '\n\n' + names.map((n) => `${n}: {{${n}}}`).join('\n') : ''}`;
    } else {
      prompt = await new Ai(this.provider, signal).text(
        {
          system:
            'You write prompt templates for an AI block. Answer with the template only. Use each listed variable exactly once as {{name}}.',
          prompt: `Task: ${text}\nVariables: ${names.map((n) => `{{${n}}}`).join(', ') || '(none)'}`,
        },
        { stream: false },
      );
    }
    const used = new Set(templateVariables(prompt));
    const absent = names.filter((n) => !used.has(n));
    return absent.length
      ? `${prompt.trim()}\n\n${absent.map((n) => `${n}: {{${n}}}`).join('\n')}`
      : prompt.trim();
  }

  /** How each registered kind steers a run. */
  private readonly flowOf: FlowOf = (kind) => {
    const definition = this.registry.get(kind);
    return definition ? blockFlow(definition) : undefined;
  };

  /** What the AI is told about blocks with routes and loops, from their declarations. */
  private flowGuide(): string {
    const lines: string[] = [];
    for (const definition of this.registry.list()) {
      const flow = blockFlow(definition);
      if (flow?.routes) {
        const { ports = [], linesOf } = flow.routes;
        const routes = [...(linesOf ? [`one per line of its ${linesOf} setting`] : []), ...ports].join(', ');
        lines.push(`${definition.kind} has routes (${routes}); connect from one with "route".`);
      } else if (flow?.loop)
        lines.push(
          `${definition.kind} runs the blocks after it once per item of a list, up to a block that ends the loop; inside, {{${Object.keys(definition.outputs)[0]}}} is the current item.`,
        );
      else if (flow?.endsLoop)
        lines.push(
          `${definition.kind} ends a loop and gathers what each item gave; output blocks come after it.`,
        );
    }
    return lines.length === 0
      ? ''
      : 'Blocks reached only through routes not taken are skipped. ' + lines.join(' ') + '\n';
  }

  private async askForPlan(request: string, signal: AbortSignal): Promise<AppPlan> {
    const kinds = this.registry.catalogue().map((b) => `${b.id} (${b.category}): ${b.description}`);
    const schema = {
      type: 'object',
      additionalProperties: false,
      required: ['message', 'blocks'],
      properties: {
        message: { type: 'string', maxLength: 500 },
        blocks: {
          type: 'array',
          minItems: 2,
          maxItems: 8,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['type', 'settings'],
            properties: {
              type: { enum: this.registry.list().map((b) => b.kind) },
              settings: { type: 'object' },
            },
          },
        },
        connections: {
          type: 'array',
          maxItems: 16,
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['from', 'to'],
            properties: {
              from: { type: 'integer', minimum: 0 },
              to: { type: 'integer', minimum: 0 },
              route: { type: 'string' },
            },
          },
        },
      },
    } as const;
    try {
      return await new Ai(this.provider, signal).json<AppPlan>({
        system:
          'You design small AI apps as a line of blocks: input blocks first, then AI blocks, then output blocks. ' +
          'Prompt settings may use {{input_text}} for the previous block’s text. ' +
          'Blocks connect in that order unless you list connections (from and to count blocks from 0). ' +
          this.flowGuide() +
          'Available blocks:\n' +
          kinds.join('\n'),
        prompt: `Build an app for: ${request}`,
        schema,
        schemaName: 'app_plan',
      });
    } catch {
      return offlineAppPlan(request);
    }
  }

  /** Turns a plan into a config the engine accepts, or null when nothing valid is left. */
  private build(plan: AppPlan): Omit<GeneratedApp, 'message' | 'appName' | 'appDescription'> | null {
    const now = Date.now();
    const rows = { input: 0, ai: 0, output: 0 };
    let config: AppConfig = emptyConfig();
    /** Per block of the plan, the id of the block made from it (none for a kind this server lacks). */
    const made: (string | undefined)[] = [];
    for (const block of plan.blocks ?? []) {
      const definition = this.registry.get(block?.type);
      made.push(undefined);
      if (!definition) continue;
      const settings = { ...defaultSettings(definition.settings) };
      for (const [key, value] of Object.entries(block.settings ?? {})) {
        if (!(key in definition.settings)) continue;
        const checked = validateSettings(definition.settings, { ...settings, [key]: value });
        // A select given by its label keeps the option's value; a model the server cannot use for
        // what the block needs keeps the block's default (the server's default model).
        const field = definition.settings[key]!;
        const model = checked.ok ? checked.value[key] : undefined;
        const unusable =
          field.type === 'model' &&
          (typeof model !== 'string' || 'problem' in this.models.check(model, field.capability));
        if (checked.ok && !unusable) settings[key] = checked.value[key];
      }
      const column = definition.category;
      const plugin: PluginInstance = {
        id: newPluginId(now + config.plugins.length),
        type: definition.kind,
        position: { x: COLUMN[column], y: 100 + rows[column]++ * 120 },
        settings,
      };
      made[made.length - 1] = plugin.id;
      config = { ...config, plugins: [...config.plugins, plugin] };
    }
    if (config.plugins.length === 0) return null;
    // Connect as planned, else in order, wherever the rules allow (routes and loops included).
    const planned = Array.isArray(plan.connections) && plan.connections.length > 0;
    const ids = config.plugins.map((p) => p.id);
    const links = planned
      ? plan.connections!.map((c) => ({ from: made[c?.from], to: made[c?.to], route: c?.route }))
      : ids.slice(1).map((to, i) => ({ from: ids[i], to, route: undefined }));
    links.forEach((link, i) => {
      if (typeof link.from !== 'string' || typeof link.to !== 'string') return;
      const next = connect(config, link.from, link.to, this.registry.categoryOf, now + i, Math.random, {
        fromPort: typeof link.route === 'string' ? link.route : this.firstRoute(config, link.from),
        flowOf: this.flowOf,
      });
      if ('config' in next) config = next.config;
    });
    if (planned) config = placeBySteps(config);
    config = pinVariableNames(config, this.registry.firstOutputOf);
    const variableMapping = this.remapVariables(config);
    try {
      planRun(config, this.registry);
    } catch {
      return null;
    }
    return { plugins: config.plugins, connections: config.connections, variableMapping };
  }

  /** The port a connection leaves a block from when the plan names none: its first route, else its output. */
  private firstRoute(config: AppConfig, id: string): string {
    const plugin = config.plugins.find((p) => p.id === id)!;
    const routes = this.flowOf(plugin.type)?.routes;
    return (routes && routePorts(routes, plugin.settings)[0]) ?? 'output';
  }

  /** Prompt placeholders that name nothing upstream are pointed at the nearest upstream variable. */
  private remapVariables(config: AppConfig): Record<string, Record<string, string>> {
    const mapping: Record<string, Record<string, string>> = {};
    for (const plugin of config.plugins) {
      const definition = this.registry.get(plugin.type)!;
      const available = upstreamVariables(config, plugin.id, this.registry.firstOutputOf).map((v) => v.name);
      const nearest = available.at(-1);
      if (nearest === undefined) continue;
      for (const [key, field] of Object.entries(definition.settings)) {
        const template = plugin.settings[key];
        if (field.type !== 'prompt' || typeof template !== 'string') continue;
        const renames: Record<string, string> = {};
        for (const name of templateVariables(template)) {
          if (!available.includes(name) && !(name in plugin.settings)) renames[name] = `{{${nearest}}}`;
        }
        if (Object.keys(renames).length === 0) continue;
        plugin.settings[key] = substituteTemplate(template, renames);
        mapping[plugin.id] = Object.fromEntries(Object.keys(renames).map((name) => [name, nearest]));
      }
    }
    return mapping;
  }
}
