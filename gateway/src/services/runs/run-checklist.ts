import { GraphValidationError } from '@blocksmith/engine';
import { runChecklist, type AppConfig, type ChecklistBlock } from '@blocksmith/schema';
import type { BlockRegistry } from '../../kernel';

/** The catalogue entries of the registry's blocks, by kind, as the pre-run checklist reads them. */
function blocksOf(registry: BlockRegistry): (type: string) => ChecklistBlock | undefined {
  const byKind = new Map(registry.catalogue().map((entry) => [entry.id, entry]));
  return (type) => byKind.get(type);
}

/**
 * Refuses a preview run the builder's checklist would list problems for (the same problems, the
 * same words, each naming its block), before anything is recorded or charged: a 400 whose
 * `problems` the builder shows.
 */
export function checkBeforePreview(
  config: AppConfig,
  registry: BlockRegistry,
  inputs: Readonly<Record<string, unknown>>,
): void {
  const problems = runChecklist(config, blocksOf(registry), inputs);
  if (problems.length > 0) {
    throw new GraphValidationError(problems.map(({ nodeId, message }) => ({ nodeId, message })));
  }
}
