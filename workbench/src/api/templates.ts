import { gql, type TypedDocumentNode } from '@apollo/client';
import type { AppConfig, Category } from '@blocksmith/schema';

/** A ready app to start from, as the gateway serves it: the builder loads it as a new app. */
export interface AppTemplate {
  id: string;
  name: string;
  description: string;
  category: Category;
  config: AppConfig;
}

/** What the builder's templates list asks the gateway. */
export interface TemplatesApi {
  /** The starter apps whose blocks the server has, in the order the builder lists them. */
  templates(): Promise<AppTemplate[]>;
}

export const TEMPLATES: TypedDocumentNode<{ templates: AppTemplate[] }, Record<string, never>> = gql`
  query Templates {
    templates {
      id
      name
      description
      category
      config
    }
  }
`;
