import { Ctx, Field, Mutation, ObjectType, Resolver } from 'type-graphql';
import { requireCaller, type GraphQLContext } from '../context';

@ObjectType('CheckoutSession')
export class CheckoutSessionType {
  @Field({ description: 'The Stripe Checkout page to send the person to.' }) url!: string;
  @Field() sessionId!: string;
}

@Resolver()
export class BillingResolver {
  @Mutation(() => CheckoutSessionType, {
    description: 'A Stripe Checkout page for the Starter plan; coming back lands on /app?upgrade=success.',
  })
  createCheckoutSession(@Ctx() context: GraphQLContext) {
    return context.services.billing.startStarterCheckout(requireCaller(context).userId);
  }
}
