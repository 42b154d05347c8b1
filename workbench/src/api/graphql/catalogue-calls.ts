import { MODEL_CAPABILITIES, type BlockCatalogueEntry } from '@blocksmith/schema';
import type { AvailableModels } from '../blocksmith-api';
import {
  AvailableModelsDocument,
  BlockCatalogueDocument,
  CreditCostsDocument,
  ModelCatalogueDocument,
  TemplatesDocument,
} from '../generated/graphql';
import type { ModelCatalogue, ModelsApi } from '../models';
import type { AppTemplate, TemplatesApi } from '../templates';
import { numbersOf, withCategory } from './answers';
import type { GraphQLTransport } from './graphql-transport';

/** What the builder is built from: the block catalogue, the models, their prices and the templates. */
export class CatalogueCalls implements ModelsApi, TemplatesApi {
  constructor(private readonly transport: GraphQLTransport) {}

  async blockCatalogue(): Promise<BlockCatalogueEntry[]> {
    const entries: readonly object[] = (await this.transport.query(BlockCatalogueDocument, {}))
      .blockCatalogue;
    // The gateway answers the registry's own declarations field for field (catalogue-resolver.ts);
    // their settings, flow and result views are JSON here and read back as what they were.
    return entries as BlockCatalogueEntry[];
  }

  async availableModels(): Promise<AvailableModels> {
    return (await this.transport.query(AvailableModelsDocument, {})).availableModels;
  }

  async modelCatalogue(): Promise<ModelCatalogue> {
    const { models } = await this.transport.query(ModelCatalogueDocument, {});
    return {
      ...models,
      // A capability this workbench does not know is left out, so no picker offers the model for it.
      models: models.models.map((model) => ({
        ...model,
        capabilities: MODEL_CAPABILITIES.filter((capability) => model.capabilities.includes(capability)),
      })),
    };
  }

  async creditCosts(): Promise<Record<string, number>> {
    return numbersOf((await this.transport.query(CreditCostsDocument, {})).creditCosts);
  }

  async templates(): Promise<AppTemplate[]> {
    return (await this.transport.query(TemplatesDocument, {})).templates.map(withCategory);
  }
}
