import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AuthResolver } from './resolvers/auth-resolver';
import { CatalogueResolver } from './resolvers/catalogue-resolver';

export const resolvers = [CatalogueResolver, AuthResolver] as const;

/** The executable schema; its SDL is committed as schema/schema.graphql. */
export function buildGatewaySchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, validate: false });
}
