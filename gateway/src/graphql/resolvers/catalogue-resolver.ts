import { GraphQLJSONObject } from 'graphql-scalars';
import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { AvailableModels, BlockKind } from '../types/block-kind';

/** When the provider cannot say which image models exist, the product offers this one. */
export const FALLBACK_IMAGE_MODEL = 'dalle';

@Resolver()
export class CatalogueResolver {
  @Query(() => [BlockKind], {
    description: 'Every registered block kind, for the palette and properties forms.',
  })
  blockCatalogue(@Ctx() { registry }: GraphQLContext): BlockKind[] {
    return registry.catalogue().map((entry) => ({
      ...entry,
      inputKind: entry.inputKind ?? null,
      inputChecks: entry.inputChecks ?? [],
      paletteRank: entry.paletteRank ?? null,
      tier: entry.tier ?? 'core',
      flow: entry.flow ?? null,
    }));
  }

  @Query(() => AvailableModels, { description: 'Image models the server offers and its default.' })
  availableModels(@Ctx() { provider }: GraphQLContext): AvailableModels {
    try {
      const models = provider.models();
      if (models.image.length > 0) return { models: models.image, defaultModel: models.defaultImage };
    } catch {
      // fall through to the fallback the spec names
    }
    return { models: [FALLBACK_IMAGE_MODEL], defaultModel: FALLBACK_IMAGE_MODEL };
  }

  @Query(() => GraphQLJSONObject, { description: 'Credits per run by block kind, plus default.' })
  creditCosts(@Ctx() { registry }: GraphQLContext): Record<string, number> {
    return registry.costs();
  }
}
