import {
  definitionProblems,
  type AnyBlockDefinition,
  type BlockSpec,
  type OutputsSpec,
} from '@blocksmith/block-sdk';
import type { SettingsSpec } from '@blocksmith/schema';
import type { BlockLookup } from '../run-plan';

/** The blocks a test plans with, added as it goes; refuses an invalid definition or a kind taken. */
export class TestBlocks implements BlockLookup {
  private readonly byKind = new Map<string, AnyBlockDefinition>();

  constructor(definitions: readonly AnyBlockDefinition[] = []) {
    for (const definition of definitions) this.register(definition);
  }

  register(definition: AnyBlockDefinition): this {
    const problems = definitionProblems(definition as unknown as BlockSpec<SettingsSpec, OutputsSpec>);
    if (problems.length > 0) throw new Error(`Invalid block ${definition.kind}: ${problems.join('; ')}.`);
    if (this.byKind.has(definition.kind))
      throw new Error(`Block kind "${definition.kind}" is defined twice.`);
    this.byKind.set(definition.kind, definition);
    return this;
  }

  get(kind: string): AnyBlockDefinition | undefined {
    return this.byKind.get(kind);
  }

  list(): AnyBlockDefinition[] {
    return [...this.byKind.values()];
  }
}
