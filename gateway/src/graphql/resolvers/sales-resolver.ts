import { Arg, Ctx, Field, InputType, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context';

@InputType('SalesContactInput')
class SalesContactInputType {
  @Field() name!: string;
  @Field() email!: string;
  @Field() company!: string;
  @Field(() => String, { nullable: true, description: '1-10, 11-50, 51-200, 201-1000 or 1000+' })
  companySize?: string | null;
  @Field() message!: string;
}

@ObjectType('SalesContactResult', { simpleResolvers: true })
class SalesContactResultType {
  @Field() message!: string;
}

@Resolver()
export class SalesResolver {
  @Mutation(() => SalesContactResultType, { description: 'An Enterprise enquiry from the pricing section.' })
  contactSales(
    @Arg('input', () => SalesContactInputType) input: SalesContactInputType,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.sales.submit(input);
  }
}
