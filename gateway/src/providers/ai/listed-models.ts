import type { ModelList } from '@blocksmith/block-sdk';
import type { ModelCapability, ProviderModel } from '@blocksmith/schema';

const TEXT: ModelCapability[] = ['text', 'structured', 'streaming', 'vision'];
const IMAGE: ModelCapability[] = ['image'];

/**
 * The models a provider is configured with, as catalogue entries: what it offers before (or
 * without) listing. Its text models are taken to do what the product asks of text models, and to
 * call tools when the provider can (`tools`: it has `toolTurn`); a provider that knows better lists
 * its models with their real capabilities.
 */
export function listedFromModelList(
  list: ModelList,
  { tools = false }: { tools?: boolean } = {},
): ProviderModel[] {
  const models: ProviderModel[] = [];
  const seen = new Set<string>();
  const add = (id: string, capabilities: ModelCapability[]) => {
    if (!id || seen.has(id)) return;
    seen.add(id);
    models.push({ id, label: id, capabilities: [...capabilities] });
  };
  for (const id of [list.defaultText, ...list.text]) add(id, tools ? [...TEXT, 'tools'] : TEXT);
  for (const id of [list.defaultImage, ...list.image]) add(id, IMAGE);
  return models;
}
