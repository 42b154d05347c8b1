import { GraphValidationError } from '@blocksmith/engine';
import { runChecklist, type AppConfig } from '@blocksmith/schema';
import type { BlockRegistry } from '../../kernel';

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
  const problems = runChecklist(config, (type) => registry.catalogueEntryOf(type), inputs);
  if (problems.length > 0) {
    throw new GraphValidationError(problems.map(({ nodeId, message }) => ({ nodeId, message })));
  }
}
