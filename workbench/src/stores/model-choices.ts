import {
  SPEC_MODEL_NAMES,
  modelCannotMessage,
  modelNotAvailableMessage,
  type BlockCatalogueEntry,
  type ModelCapability,
  type ModelField,
  type PluginInstance,
} from '@blocksmith/schema';
import type { CatalogueModel, ModelCatalogue } from '../api/models';
import { MODEL_TEXTS } from '../texts/model-texts';

/** One choice of a model picker. */
export interface ModelOption {
  value: string;
  label: string;
}

/** The choices of one provider (or the server's default, or a saved model the server lacks). */
export interface ModelGroup {
  label: string;
  options: ModelOption[];
}

/** What a model picker offers for a field and its saved value, and what is wrong with that value. */
export interface ModelChoices {
  groups: ModelGroup[];
  /** The saved model cannot be used on this server, in the server's words; null when it can. */
  problem: string | null;
}

/** The spec's names stand for the server's default image model for image fields, its text model otherwise. */
function specKind(capability: ModelCapability): 'image' | 'text' {
  return capability === 'image' ? 'image' : 'text';
}

function isSpecName(model: string): boolean {
  return Object.hasOwn(SPEC_MODEL_NAMES, model);
}

/** The model the server answers a field's spec name (or no model) with, when it has one. */
export function defaultModelFor(
  catalogue: ModelCatalogue,
  capability: ModelCapability,
): CatalogueModel | undefined {
  const id = specKind(capability) === 'image' ? catalogue.defaultImage : catalogue.defaultText;
  return catalogue.models.find((model) => model.id === id);
}

/** The catalogue's model a saved value means: a spec name (or nothing) means the server's default. */
export function modelOf(
  catalogue: ModelCatalogue,
  value: string,
  capability: ModelCapability,
): CatalogueModel | undefined {
  if (value === '' || isSpecName(value)) return defaultModelFor(catalogue, capability);
  return catalogue.models.find((model) => model.id === value);
}

/** A model as a picker lists it: its label, what it adds to the price, and whether it is the offline stand-in. */
export function modelOptionLabel(model: Pick<CatalogueModel, 'label' | 'credits' | 'offline'>): string {
  const extra = model.credits > 0 ? ` ${MODEL_TEXTS.extraCredits(model.credits)}` : '';
  return `${model.label}${extra}${model.offline ? ` ${MODEL_TEXTS.offline}` : ''}`;
}

/**
 * What a model setting offers: the server's default (under the spec's name the field keeps), then
 * per provider, in the catalogue's order, the models that can do what the field needs. A saved
 * model the server does not offer (or that cannot do it) stays selectable, with the server's
 * refusal as the problem, so nothing is switched silently. An empty catalogue (not loaded, or
 * the server's answer failed) offers the field's own names only.
 */
export function modelChoices(catalogue: ModelCatalogue, field: ModelField, value: string): ModelChoices {
  const kind = specKind(field.capability);
  const specNames = Object.keys(SPEC_MODEL_NAMES).filter(
    (name) => specKind(SPEC_MODEL_NAMES[name]!) === kind,
  );
  const preferred = [field.default, field.fallback].find((name) => name !== undefined && isSpecName(name));
  const specValue = value === '' || isSpecName(value) ? value : (preferred ?? specNames[0]!);
  if (catalogue.models.length === 0) {
    const names = [...new Set([value, field.default ?? '', field.fallback].filter((name) => name !== ''))];
    return {
      groups: [{ label: MODEL_TEXTS.models, options: names.map((name) => ({ value: name, label: name })) }],
      problem: null,
    };
  }
  const fallback = defaultModelFor(catalogue, field.capability);
  const groups: ModelGroup[] = [
    {
      label: MODEL_TEXTS.serverDefaultGroup,
      options: [
        {
          value: specValue,
          label: fallback ? MODEL_TEXTS.serverDefault(fallback.id) : MODEL_TEXTS.serverDefaultNone,
        },
      ],
    },
  ];
  const byProvider = new Map<string, ModelOption[]>();
  for (const model of catalogue.models) {
    if (isSpecName(model.id) || !model.capabilities.includes(field.capability)) continue;
    let options = byProvider.get(model.provider);
    if (!options) byProvider.set(model.provider, (options = []));
    options.push({ value: model.id, label: modelOptionLabel(model) });
  }
  for (const [provider, options] of byProvider)
    groups.push({ label: MODEL_TEXTS.provider(provider), options });
  let problem: string | null = null;
  const offered = [...byProvider.values()].some((options) =>
    options.some((option) => option.value === value),
  );
  if (value !== '' && !isSpecName(value) && !offered) {
    const known = catalogue.models.some((model) => model.id === value);
    problem = known ? modelCannotMessage(value, field.capability) : modelNotAvailableMessage(value);
    groups.push({ label: MODEL_TEXTS.unavailableGroup, options: [{ value, label: value }] });
  }
  return { groups, problem };
}

/** A block's model settings with the model each one means (absent: the server has none for it). */
export function blockModels(
  catalogue: ModelCatalogue,
  entry: BlockCatalogueEntry | undefined,
  plugin: Pick<PluginInstance, 'settings'>,
  settingDefault: (key: string) => unknown,
): { key: string; model: CatalogueModel | undefined }[] {
  if (!entry) return [];
  return Object.entries(entry.settings).flatMap(([key, field]) => {
    if (field.type !== 'model') return [];
    const saved = plugin.settings[key] ?? settingDefault(key);
    const value = typeof saved === 'string' ? saved : '';
    return [{ key, model: modelOf(catalogue, value, field.capability) }];
  });
}

/** Whether a block kind has a model setting some model of the server charges extra for. */
export function modelsMayAddCredits(catalogue: ModelCatalogue, entry: BlockCatalogueEntry): boolean {
  return Object.values(entry.settings).some(
    (field) =>
      field.type === 'model' &&
      catalogue.models.some((model) => model.credits > 0 && model.capabilities.includes(field.capability)),
  );
}
