import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { MODEL_CAPABILITIES, type ModelCapability } from '@blocksmith/schema';
import { viewerOf, type GraphQLContext } from '../context';
import { AvailableModels, BlockKind } from '../types/block-kind';
import { ModelCatalogueView } from '../types/model';
import { asModelRouter } from '../../providers/ai';
import { InputError } from '../../errors';

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

  @Query(() => ModelCatalogueView, {
    description:
      'The models this server can use, from every configured provider, with what each can do and its extra credits; with capability, only those that can do it.',
  })
  async models(
    @Ctx() context: GraphQLContext,
    @Arg('capability', () => String, { nullable: true }) capability?: string | null,
  ): Promise<ModelCatalogueView> {
    if (capability != null && !MODEL_CAPABILITIES.includes(capability as ModelCapability)) {
      throw new InputError(
        `capability must be one of ${MODEL_CAPABILITIES.join(', ')}; got "${capability}".`,
      );
    }
    const { catalogue } = asModelRouter(context.provider);
    await catalogue.ready();
    await catalogue.refresh();
    const models = catalogue
      .list()
      .filter((model) => capability == null || model.capabilities.includes(capability as ModelCapability));
    const defaultText = catalogue.defaultFor('text')?.id;
    const defaultImage = catalogue.defaultFor('image')?.id;
    return {
      models,
      ...(defaultText && { defaultText }),
      ...(defaultImage && { defaultImage }),
      // Why a provider failed may name internal hosts: only administrators see it.
      problems: viewerOf(context).isAdmin ? catalogue.problems() : [],
    };
  }

  @Query(() => GraphQLJSONObject, { description: 'Credits per run by block kind, plus default.' })
  creditCosts(@Ctx() { registry }: GraphQLContext): Record<string, number> {
    return registry.costs();
  }
}
