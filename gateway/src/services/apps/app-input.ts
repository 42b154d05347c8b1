import { CATEGORIES, DEFAULT_APP_NAME, emptyConfig, isCategory, type AppConfig } from '@blocksmith/schema';
import { planRun, type RunPlan } from '@blocksmith/engine';
import { InputError } from '../../errors';
import type { BlockRegistry } from '../../kernel';

/** What a caller may set on an app. Ids, owners, counters and review state never come from the client. */
export interface AppInput {
  name?: string;
  description?: string;
  slug?: string;
  category?: string;
  isPrivate?: boolean;
  config?: AppConfig;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_NAME = 100;
const MAX_DESCRIPTION = 2000;

/**
 * The fields of `input` a caller may set, checked and normalised (unknown fields are left out);
 * an empty slug on `creating` means "make one up".
 */
export function checkedAppInput(input: AppInput, creating: boolean, registry: BlockRegistry): AppInput {
  if (input === null || typeof input !== 'object') throw new InputError('Send the app fields as an object.');
  const values: AppInput = {};
  if (input.name !== undefined) {
    if (typeof input.name !== 'string') throw new InputError('name must be text.');
    const name = input.name.trim();
    if (name.length > MAX_NAME) throw new InputError(`name must be at most ${MAX_NAME} characters.`);
    values.name = name === '' ? DEFAULT_APP_NAME : name;
  }
  if (input.description !== undefined) {
    if (typeof input.description !== 'string') throw new InputError('description must be text.');
    if (input.description.length > MAX_DESCRIPTION) {
      throw new InputError(`description must be at most ${MAX_DESCRIPTION} characters.`);
    }
    values.description = input.description;
  }
  if (input.slug !== undefined && !(creating && input.slug === '')) {
    if (typeof input.slug !== 'string' || !SLUG.test(input.slug) || input.slug.length > 120) {
      throw new InputError(
        'slug must be lower-case letters, digits and single hyphens (at most 120 characters).',
      );
    }
    values.slug = input.slug;
  }
  if (input.category !== undefined) {
    if (input.category !== '' && !isCategory(input.category)) {
      throw new InputError(`category must be one of: ${CATEGORIES.join(', ')}.`);
    }
    values.category = input.category;
  }
  if (input.isPrivate !== undefined) {
    if (typeof input.isPrivate !== 'boolean') throw new InputError('isPrivate must be true or false.');
    values.isPrivate = input.isPrivate;
  }
  if (input.config !== undefined) values.config = checkedConfig(input.config, registry);
  return values;
}

/** A saved config must be one the engine can run: the same checks as a run, naming each node. */
export function checkedConfig(config: AppConfig, registry: BlockRegistry): AppConfig {
  if (config === null || typeof config !== 'object') throw new InputError('config must be an object.');
  const canvas = config.canvas ?? emptyConfig().canvas;
  const finite = (n: unknown) => typeof n === 'number' && Number.isFinite(n);
  if (!finite(canvas?.zoom) || !finite(canvas?.pan?.x) || !finite(canvas?.pan?.y)) {
    throw new InputError('config.canvas needs a numeric zoom and pan { x, y }.');
  }
  if (config.connections !== undefined && !Array.isArray(config.connections)) {
    throw new InputError('config.connections must be a list.');
  }
  const normalised: AppConfig = {
    plugins: config.plugins,
    connections: config.connections ?? [],
    canvas: { zoom: canvas.zoom, pan: { x: canvas.pan.x, y: canvas.pan.y } },
  };
  const plan = planRun(normalised, registry);
  return { ...normalised, plugins: withSelectValues(normalised.plugins, plan) };
}

/**
 * Select settings given by an option's label (as the block tables document them) are stored as
 * the option's value, which validation found; every other setting is kept as it was sent.
 */
function withSelectValues(plugins: AppConfig['plugins'], plan: RunPlan): AppConfig['plugins'] {
  return plugins.map((plugin, index) => {
    const node = plan.nodes[index];
    // Settings of an older block version were migrated on the way: those are left to the migration.
    if (!node?.definition || (plugin.version ?? 1) !== node.definition.version) return plugin;
    let settings = plugin.settings;
    for (const [key, field] of Object.entries(node.definition.settings)) {
      const value = node.settings[key];
      if (field.type === 'select' && key in (plugin.settings ?? {}) && plugin.settings[key] !== value) {
        settings = { ...settings, [key]: value };
      }
    }
    return settings === plugin.settings ? plugin : { ...plugin, settings };
  });
}
