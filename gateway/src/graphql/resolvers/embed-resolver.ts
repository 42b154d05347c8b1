import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireCaller, type GraphQLContext } from '../context';
import { RunType } from '../types/runs';
import { EmbeddedAppType, EmbedSettingsType } from '../types/embed';

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
}
