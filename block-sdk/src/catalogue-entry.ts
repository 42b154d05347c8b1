import { blockResults, type BlockCatalogueEntry, type BlockFlow } from '@blocksmith/schema';
import type { AnyBlockDefinition } from './block-definition';
import { blockFlow } from './define-block';
import { outputSpecs, type OutputsSpec } from './outputs';

/** A catalogue entry, with how the block steers a run when it does (routes to draw, loops to price). */
export type CatalogueEntry = BlockCatalogueEntry & { flow?: BlockFlow };

/** The serialisable description of a block the workbench draws palette entries and forms from. */
export function catalogueEntry(definition: AnyBlockDefinition): CatalogueEntry {
  const entry: CatalogueEntry = {
    id: definition.kind,
    name: definition.name,
    description: definition.description,
    category: definition.category,
    version: definition.version,
    settings: definition.settings,
    outputs: outputSpecs(definition.outputs),
    cost: definition.cost,
    historyType: definition.historyType,
    tier: definition.tier,
    present: blockResults({
      name: definition.name,
      outputs: Object.entries(definition.outputs as OutputsSpec).map(([name, decl]) => ({ name, ...decl })),
      ...(definition.present ? { present: definition.present } : {}),
    }),
  };
  if (definition.inputKind !== undefined) entry.inputKind = definition.inputKind;
  if (definition.inputChecks?.length) entry.inputChecks = [...definition.inputChecks];
  if (definition.paletteRank !== undefined) entry.paletteRank = definition.paletteRank;
  const flow = blockFlow(definition);
  if (flow) entry.flow = flow;
  return entry;
}
