import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireCaller, type GraphQLContext } from '../context';
import type { EmbedRunPrice } from '../../services/embeds/embed-consent';
import { RunStartedType } from '../types/credits';
import { RunType } from '../types/runs';
import { EmbeddedAppType, EmbedRunPriceType, EmbedSettingsType } from '../types/embed';

function priceType(price: EmbedRunPrice): EmbedRunPriceType {
  return {
    appId: price.appId,
    minCredits: price.cost.min,
    maxCredits: price.cost.max,
    creatorPrice: price.creatorPrice,
    confirmedMax: price.confirmedMax,
    confirmed: price.confirmed,
  };
}

@Resolver()
export class EmbedResolver {
  @Query(() => EmbedSettingsType, { description: 'How one of your apps may be embedded.' })
  embedSettings(@Arg('appId', () => ID) appId: string, @Ctx() context: GraphQLContext) {
    return context.services.embeds.settings(requireCaller(context).userId, appId);
  }

  @Mutation(() => EmbedSettingsType, {
    description:
      'Whether runs of your embed by people not signed in are charged to you, up to a monthly cap.',
  })
  updateEmbedSettings(
    @Arg('appId', () => ID) appId: string,
    @Arg('paysOwner') paysOwner: boolean,
    @Arg('monthlyCredits', () => Int) monthlyCredits: number,
    @Ctx() context: GraphQLContext,
  ) {
    return context.services.embeds.update(requireCaller(context).userId, appId, paysOwner, monthlyCredits);
  }

  @Query(() => EmbeddedAppType, { description: 'A published app as its embed shows it (anyone).' })
  embeddedApp(@Arg('slug') slug: string, @Ctx() context: GraphQLContext) {
    return context.services.embeds.embedded(slug);
  }

  @Mutation(() => RunType, {
    description:
      'Runs an embedded app and answers when it has ended: on the runner’s credits when signed in, else on the owner’s when the owner allows it.',
  })
  async runEmbedded(
    @Arg('slug') slug: string,
    @Arg('inputs', () => GraphQLJSONObject, { nullable: true }) inputs: Record<string, unknown> | null,
    @Ctx() context: GraphQLContext,
  ) {
    const run = await context.services.embeds.run({
      slug,
      inputs: inputs ?? {},
      runner: context.caller ? { userId: context.caller.userId, isAdmin: context.caller.isAdmin } : null,
      clientAddress: context.clientAddress,
    });
    // The person who ran it is answered their own run, whole (a visitor too).
    return context.services.runHistory.answer(run, context.caller);
  }

  @Query(() => EmbedRunPriceType, {
    description: 'What one run of an embedded app costs you, and whether you confirmed that price.',
  })
  async embedRunPrice(@Arg('slug') slug: string, @Ctx() context: GraphQLContext) {
    return priceType(await context.services.embeds.runPrice(slug, requireCaller(context).userId));
  }

  @Mutation(() => EmbedRunPriceType, {
    description:
      'Confirms the price of a run of an embedded app (in its sign-in window), so you may run it from the embed. maxCredits: the most a run cost as you were shown it; a higher price now is refused (CONFLICT).',
  })
  async confirmEmbedPrice(
    @Arg('slug') slug: string,
    @Arg('maxCredits', () => Int) maxCredits: number,
    @Ctx() context: GraphQLContext,
  ) {
    return priceType(
      await context.services.embeds.confirmPrice(slug, requireCaller(context).userId, maxCredits),
    );
  }

  @Mutation(() => RunStartedType, {
    description:
      'Starts your run of an embedded app, on your credits, once you confirmed its price (PRICE_UNCONFIRMED until then). Watch it with runProgress.',
  })
  async startEmbeddedRun(
    @Arg('slug') slug: string,
    @Arg('inputs', () => GraphQLJSONObject, { nullable: true }) inputs: Record<string, unknown> | null,
    @Ctx() context: GraphQLContext,
  ): Promise<RunStartedType> {
    const caller = requireCaller(context);
    const started = await context.services.embeds.start({
      slug,
      inputs: inputs ?? {},
      runner: { userId: caller.userId, isAdmin: caller.isAdmin },
    });
    return { runId: started.runId, cost: started.cost };
  }
}
