import { Arg, Ctx, Field, ID, Mutation, ObjectType, Resolver } from 'type-graphql';
import { requireCaller, type GraphQLContext } from '../context';

@ObjectType('CheckoutSession', { simpleResolvers: true })
export class CheckoutSessionType {
  @Field({ description: 'The Stripe Checkout page to send the person to.' }) url!: string;
  @Field() sessionId!: string;
}

@Resolver()
export class BillingResolver {
  @Mutation(() => CheckoutSessionType, {
    description: 'A Stripe Checkout page for the Starter plan; coming back lands on /app?upgrade=success.',
  })
  createCheckoutSession(
    @Arg('userId', () => ID, {
      nullable: true,
      description: 'Whose upgrade this is; only your own id is accepted (omit it for yourself).',
    })
    userId: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.billing.startStarterCheckout(requireCaller(context).userId, userId);
  }
}
