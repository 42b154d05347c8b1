import type { BlockCatalogueEntry } from '@blocksmith/schema';
import type { AnyBlockDefinition } from './block-definition';
import { outputSpecs } from './outputs';

/** The serialisable description of a block the workbench draws palette entries and forms from. */
export function catalogueEntry(definition: AnyBlockDefinition): BlockCatalogueEntry {
  const entry: BlockCatalogueEntry = {
    id: definition.kind,
    name: definition.name,
    description: definition.description,
    category: definition.category,
    version: definition.version,
    settings: definition.settings,
    outputs: outputSpecs(definition.outputs),
    cost: definition.cost,
    historyType: definition.historyType,
  };
  if (definition.inputKind !== undefined) entry.inputKind = definition.inputKind;
  return entry;
}
