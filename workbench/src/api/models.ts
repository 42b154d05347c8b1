import type { ModelCapability } from '@blocksmith/schema';
import type { ModelCatalogueQuery } from './generated/graphql';

type CatalogueAnswer = ModelCatalogueQuery['models'];

/** One model of the server's catalogue, with what it can do read as the schema's capabilities. */
export type CatalogueModel = Omit<CatalogueAnswer['models'][number], 'capabilities'> & {
  capabilities: ModelCapability[];
};

/** The models the server can use, and the ones it answers the spec's names with. */
export type ModelCatalogue = Omit<CatalogueAnswer, 'models'> & { models: CatalogueModel[] };

/** What the builder's model pickers and prices ask the gateway. */
export interface ModelsApi {
  /** The models this server can use, from every configured provider. */
  modelCatalogue(): Promise<ModelCatalogue>;
}
