import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';
import { AppTemplateType } from '../types/app-template';

@Resolver()
export class TemplateResolver {
  @Query(() => [AppTemplateType], {
    description:
      'The starter apps the builder offers, in its order: only those whose blocks this server has installed.',
  })
  templates(@Ctx() { services }: GraphQLContext): AppTemplateType[] {
    return [...services.templates];
  }
}
