import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { DEFAULT_HISTORY_LIMIT } from '@blocksmith/schema';
import { requireCaller, type GraphQLContext } from '../context';
import { CreditCheckType, CreditHistoryEntryType, CreditStatsType, CreditsType } from '../types/credits';
import { CreditHistoryPageType } from '../types/runs';

@Resolver()
export class CreditsResolver {
  @Query(() => CreditsType)
  async credits(@Ctx() context: GraphQLContext): Promise<CreditsType> {
    const summary = await context.services.ledger.summary(requireCaller(context).userId);
    return { credits: summary.balance, unlimited: summary.unlimited };
  }

  @Query(() => [CreditHistoryEntryType], { description: 'What runs cost, newest first.' })
  creditHistory(
    @Arg('limit', () => Int, { defaultValue: DEFAULT_HISTORY_LIMIT }) limit: number,
    @Arg('cursor', () => String, {
      nullable: true,
      description: 'The _id of the last entry of the page before.',
    })
    cursor: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.ledger.history(requireCaller(context).userId, limit, cursor);
  }

  @Query(() => CreditHistoryPageType, {
    description: 'What runs cost, newest first, a page at a time (limit 1 to 200).',
  })
  creditHistoryPage(
    @Arg('limit', () => Int, { defaultValue: DEFAULT_HISTORY_LIMIT }) limit: number,
    @Arg('cursor', () => String, { nullable: true, description: 'The nextCursor of the page before.' })
    cursor: string | null,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.ledger.historyPage(requireCaller(context).userId, limit, cursor);
  }

  @Query(() => CreditCheckType, {
    description:
      'Whether the balance pays for a block kind (its history name or kind; unknown ones cost the default).',
  })
  creditCheck(@Arg('blockType') blockType: string, @Ctx() context: GraphQLContext) {
    const { registry } = context;
    const kind = registry.list().find((definition) => definition.historyType === blockType)?.kind;
    return context.services.ledger.check(requireCaller(context).userId, kind ?? blockType, registry.costs());
  }

  @Query(() => CreditStatsType)
  creditStats(@Ctx() context: GraphQLContext) {
    return context.services.ledger.stats(requireCaller(context).userId);
  }

  @Mutation(() => CreditsType, { description: 'Creates the balance and grants this month’s credits, once.' })
  async initializeCredits(@Ctx() context: GraphQLContext): Promise<CreditsType> {
    await context.services.ledger.initializeForUser(requireCaller(context).userId);
    return this.credits(context);
  }
}
