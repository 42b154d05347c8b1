import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireCaller, type GraphQLContext } from '../context';
import { AppType } from '../types/app';
import { EarningsType, PayoutAccountType, PayoutOnboardingType, PayoutType } from '../types/earnings';

@Resolver()
export class EarningsResolver {
  @Query(() => EarningsType, {
    description:
      'What your apps earned: balance, per app, per day over the last days (7, 30 or 90), payouts.',
  })
  earnings(@Arg('days', () => Int, { nullable: true }) days: number | null, @Ctx() context: GraphQLContext) {
    return context.services.earnings.summary(requireCaller(context).userId, days ?? 30);
  }

  @Mutation(() => AppType, {
    description:
      'Sets the credits other people’s runs of your app pay you (0 to 100, Starter plan and up); runs started after it pay the new price.',
  })
  setCreatorPrice(
    @Arg('appId', () => ID) appId: string,
    @Arg('creatorPrice', () => Int) creatorPrice: number,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.earnings.setPrice(requireCaller(context).userId, appId, creatorPrice);
  }

  @Mutation(() => PayoutOnboardingType, {
    description: 'A link to Stripe’s onboarding form for your payout account (made on first use).',
  })
  async startPayoutOnboarding(@Ctx() context: GraphQLContext) {
    return { url: await context.services.earnings.onboardingLink(requireCaller(context).userId) };
  }

  @Query(() => PayoutAccountType, {
    description: 'Where your payout account stands, as Stripe says now (after onboarding).',
  })
  payoutAccount(@Ctx() context: GraphQLContext) {
    return context.services.earnings.refreshPayoutAccount(requireCaller(context).userId);
  }

  @Mutation(() => PayoutType, {
    description: 'Pays your earnings out to your Stripe account once they reach the threshold.',
  })
  requestPayout(@Ctx() context: GraphQLContext) {
    return context.services.earnings.payOut(requireCaller(context).userId);
  }
}
