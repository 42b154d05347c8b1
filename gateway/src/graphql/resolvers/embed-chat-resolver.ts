import { GraphQLJSONObject } from 'graphql-scalars';
import {
  Arg,
  Args,
  ArgsType,
  Ctx,
  Field,
  ID,
  Mutation,
  Query,
  Resolver,
  Root,
  Subscription,
} from 'type-graphql';
import type { RunEvent } from '@blocksmith/schema';
import { EmbedChat, type EmbedChatter } from '../../services/chat/embed-chat';
import type { GraphQLContext } from '../context';
import { stoppableStream } from '../stoppable-stream';
import { ChatReplyType, ChatSettingsType, ChatTurnStartedType, ConversationType } from '../types/chat';
import { listed, settingsType } from './chat-resolver';

const VISITOR_TOKEN_ARG = {
  nullable: true,
  description:
    'A visitor who is not signed in: the token the embed made and keeps (20 to 128 letters, digits, - or _). Their conversations are the ones sent with it. Ignored when signed in.',
} as const;

/** A message to an embedded app, as both ways of sending one take it. */
@ArgsType()
class EmbeddedMessageArgs {
  @Field()
  slug!: string;

  @Field(() => String, { nullable: true })
  message?: string | null;

  @Field(() => ID, { nullable: true })
  conversationId?: string | null;

  @Field({ defaultValue: false })
  regenerate!: boolean;

  @Field(() => String, VISITOR_TOKEN_ARG)
  visitorToken?: string | null;
}

function embedChat(context: GraphQLContext): EmbedChat {
  return new EmbedChat({
    chat: context.services.chat,
    embeds: context.services.embeds,
    hub: context.services.hub,
  });
}

function chatter(context: GraphQLContext, visitorToken: string | null): EmbedChatter {
  return {
    caller: context.caller ? { userId: context.caller.userId, isAdmin: context.caller.isAdmin } : null,
    visitorToken,
    clientAddress: context.clientAddress,
  };
}

/** Sends the message: the turn begins, its run started. */
function send(context: GraphQLContext, args: EmbeddedMessageArgs) {
  return embedChat(context).send({
    ...chatter(context, args.visitorToken ?? null),
    slug: args.slug,
    message: args.message ?? null,
    conversationId: args.conversationId ?? null,
    regenerate: args.regenerate,
  });
}

/** Chat in embeds (`services/chat/embed-chat.ts`): signed-in people and, when the owner pays, visitors. */
@Resolver()
export class EmbedChatResolver {
  @Query(() => ChatSettingsType, {
    description: 'Whether an embedded app can be chatted with (its live version), and how (anyone).',
  })
  async embedChatSettings(@Arg('slug') slug: string, @Ctx() context: GraphQLContext) {
    return settingsType(await embedChat(context).shape(slug));
  }

  @Mutation(() => ChatTurnStartedType, {
    description:
      'Sends a message to an embedded app and answers at once; follow the answer with embeddedChatProgress (a visitor too) and stop it with stopEmbeddedChatMessage. On your credits when signed in (once you confirmed the price), else on the owner’s when the owner allows it (then visitorToken is required).',
  })
  async sendEmbeddedChatMessage(
    @Args() args: EmbeddedMessageArgs,
    @Ctx() context: GraphQLContext,
  ): Promise<ChatTurnStartedType> {
    const started = await send(context, args);
    return {
      conversationId: started.conversationId,
      message: started.turn,
      runId: started.runId,
      cost: started.cost,
    };
  }

  @Subscription(() => GraphQLJSONObject, {
    description:
      'Every event of the run answering a message of one of your conversations with an embedded app (a visitor’s: of their token), in order, to run_finished; as runProgress.',
    subscribe: async ({ args, context }) => {
      const graphqlContext = context as GraphQLContext;
      const visitorToken = (args.visitorToken as string | null | undefined) ?? null;
      const watch = await embedChat(graphqlContext).watch(
        String(args.slug),
        chatter(graphqlContext, visitorToken),
        String(args.conversationId),
        String(args.runId),
      );
      return stoppableStream(watch);
    },
  })
  embeddedChatProgress(
    @Arg('slug') _slug: string,
    @Arg('conversationId', () => ID) _conversationId: string,
    @Arg('runId', () => ID) _runId: string,
    @Arg('visitorToken', () => String, VISITOR_TOKEN_ARG) _visitorToken: string | null,
    @Root() event: RunEvent,
    @Ctx() context: GraphQLContext,
  ): RunEvent | Promise<RunEvent> {
    return event.type === 'node_finished' ? context.services.fileLinks.sign(event) : event;
  }

  @Mutation(() => Boolean, {
    description:
      'Stops the answer of the last message of one of your conversations with an embedded app (its run ends aborted and refunded); false when nothing is being answered, or it did not stop.',
  })
  stopEmbeddedChatMessage(
    @Arg('slug') slug: string,
    @Arg('conversationId', () => ID) conversationId: string,
    @Arg('visitorToken', () => String, VISITOR_TOKEN_ARG) visitorToken: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    return embedChat(context).stop(slug, chatter(context, visitorToken), conversationId);
  }

  @Mutation(() => ChatReplyType, {
    description:
      'Sends a message to an embedded app and answers once it is answered (for callers that cannot subscribe): on your credits when signed in (once you confirmed the price), else on the owner’s when the owner allows it (then visitorToken is required).',
  })
  async embeddedChat(@Args() args: EmbeddedMessageArgs, @Ctx() context: GraphQLContext) {
    const started = await send(context, args);
    const { turn, run } = await started.done;
    return {
      conversationId: started.conversationId,
      message: turn,
      answer: turn.answer,
      // The person who sent it is answered their own run, whole (a visitor too), as runEmbedded.
      run: context.services.runHistory.answer(run, context.caller),
    };
  }

  @Query(() => [ConversationType], {
    description:
      'Your conversations with an embedded app (a visitor’s: those of their token), the latest first.',
  })
  async embeddedConversations(
    @Arg('slug') slug: string,
    @Arg('visitorToken', () => String, VISITOR_TOKEN_ARG) visitorToken: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<ConversationType[]> {
    return (await embedChat(context).list(slug, chatter(context, visitorToken))).map(listed);
  }

  @Query(() => ConversationType, { description: 'One of your conversations with an embedded app.' })
  embeddedConversation(
    @Arg('slug') slug: string,
    @Arg('id', () => ID) id: string,
    @Arg('visitorToken', () => String, VISITOR_TOKEN_ARG) visitorToken: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<ConversationType> {
    return embedChat(context).get(slug, chatter(context, visitorToken), id);
  }

  @Mutation(() => ConversationType, {
    description: 'Renames one of your conversations with an embedded app.',
  })
  async renameEmbeddedConversation(
    @Arg('slug') slug: string,
    @Arg('id', () => ID) id: string,
    @Arg('title') title: string,
    @Arg('visitorToken', () => String, VISITOR_TOKEN_ARG) visitorToken: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<ConversationType> {
    return listed(await embedChat(context).rename(slug, chatter(context, visitorToken), id, title));
  }

  @Mutation(() => Boolean, {
    description: 'Deletes one of your conversations with an embedded app (their runs stay in run history).',
  })
  async deleteEmbeddedConversation(
    @Arg('slug') slug: string,
    @Arg('id', () => ID) id: string,
    @Arg('visitorToken', () => String, VISITOR_TOKEN_ARG) visitorToken: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    await embedChat(context).delete(slug, chatter(context, visitorToken), id);
    return true;
  }
}
