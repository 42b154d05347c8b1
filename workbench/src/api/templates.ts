import type { Category } from '@blocksmith/schema';
import type { TemplatesQuery } from './generated/graphql';

/** A ready app to start from, as the gateway serves it: the builder loads it as a new app. */
export type AppTemplate = Omit<TemplatesQuery['templates'][number], 'category'> & { category: Category | '' };

/** What the builder's templates list asks the gateway. */
export interface TemplatesApi {
  /** The starter apps whose blocks the server has, in the order the builder lists them. */
  templates(): Promise<AppTemplate[]>;
}
