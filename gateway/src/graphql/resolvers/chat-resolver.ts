import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ChatShape, ConversationSummary } from '../../services/chat/chat-service';
import type { RunView } from '../../services/run-history/run-view';
import { requireCaller, requireRunner, type GraphQLContext } from '../context';
import { ChatReplyType, ChatSettingsType, ChatTurnStartedType, ConversationType } from '../types/chat';
import { RunType } from '../types/runs';

export function listed(summary: ConversationSummary): ConversationType {
  return { ...summary, messages: null };
}

/** Whether an app can be chatted with, as `chatSettings` answers it. */
export function settingsType(shape: ChatShape): ChatSettingsType {
  if (!shape.chattable) {
    return {
      chattable: false,
      mode: null,
      reason: shape.reason,
      label: null,
      placeholder: null,
      memoryTurns: null,
      olderTurns: null,
    };
  }
  return {
    chattable: true,
    mode: shape.mode,
    reason: null,
    label: shape.label,
    placeholder: shape.placeholder,
    memoryTurns: shape.memory.turns,
    olderTurns: shape.memory.older,
  };
}

/** Chat apps (`services/chat`): sending messages, and your conversations with each app. */
@Resolver()
export class ChatResolver {
  @Query(() => ChatSettingsType, {
    description: 'Whether you can chat with an app (its one input a Chat Input or a text input), and how.',
  })
  async chatSettings(
    @Arg('appId', () => ID) appId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<ChatSettingsType> {
    return settingsType(await context.services.chat.shape(requireCaller(context), appId));
  }

  @Mutation(() => ChatTurnStartedType, {
    description:
      'Sends a message to an app (a new conversation without conversationId) and answers at once; watch the answer with runProgress(runId). regenerate: answer the last message again instead (message left out).',
  })
  async sendChatMessage(
    @Arg('appId', () => ID) appId: string,
    @Arg('message', () => String, { nullable: true }) message: string | null,
    @Arg('conversationId', () => ID, { nullable: true }) conversationId: string | null,
    @Arg('regenerate', { defaultValue: false }) regenerate: boolean,
    @Ctx() context: GraphQLContext,
  ): Promise<ChatTurnStartedType> {
    const { started } = await sendAsRunner(context, { appId, message, conversationId, regenerate });
    return {
      conversationId: started.conversationId,
      message: started.turn,
      runId: started.runId,
      cost: started.cost,
    };
  }

  @Mutation(() => ChatReplyType, {
    description:
      'Sends a message to an app and answers once it is answered (for callers that cannot subscribe).',
  })
  async chat(
    @Arg('appId', () => ID) appId: string,
    @Arg('message', () => String, { nullable: true }) message: string | null,
    @Arg('conversationId', () => ID, { nullable: true }) conversationId: string | null,
    @Arg('regenerate', { defaultValue: false }) regenerate: boolean,
    @Ctx() context: GraphQLContext,
  ) {
    const { runner, started } = await sendAsRunner(context, { appId, message, conversationId, regenerate });
    const { turn, run } = await started.done;
    return {
      conversationId: started.conversationId,
      message: turn,
      answer: turn.answer,
      run: context.services.runHistory.answer(run, runner),
    };
  }

  @Mutation(() => Boolean, {
    description:
      'Stops the answer of a conversation’s last message (its run ends aborted and refunded), on whichever server process runs it; false when nothing is being answered, or it did not stop (it ended first, or its process did not stop it within 15 s).',
  })
  stopChatMessage(
    @Arg('conversationId', () => ID) conversationId: string,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    return context.services.chat.stop(requireCaller(context), conversationId);
  }

  @Query(() => [ConversationType], {
    description: 'Your conversations, the latest first (with one app when appId is given; 100 at most).',
  })
  conversations(
    @Arg('appId', () => ID, { nullable: true }) appId: string | null,
    @Ctx() context: GraphQLContext,
  ): Promise<ConversationType[]> {
    return context.services.chat.list(requireCaller(context), appId).then((all) => all.map(listed));
  }

  @Query(() => ConversationType, { description: 'One of your conversations with its messages.' })
  conversation(@Arg('id', () => ID) id: string, @Ctx() context: GraphQLContext): Promise<ConversationType> {
    return context.services.chat.get(requireCaller(context), id);
  }

  @Mutation(() => ConversationType, { description: 'Renames one of your conversations.' })
  async renameConversation(
    @Arg('id', () => ID) id: string,
    @Arg('title') title: string,
    @Ctx() context: GraphQLContext,
  ): Promise<ConversationType> {
    return listed(await context.services.chat.rename(requireCaller(context), id, title));
  }

  @Mutation(() => Boolean, {
    description: 'Deletes one of your conversations and its messages (their runs stay in run history).',
  })
  async deleteConversation(
    @Arg('id', () => ID) id: string,
    @Ctx() context: GraphQLContext,
  ): Promise<boolean> {
    await context.services.chat.delete(requireCaller(context), id);
    return true;
  }
}

/**
 * Sends a chat message as the caller: signed in, or with an API key (counted as one of its runs;
 * the live version, as its runs).
 */
async function sendAsRunner(
  context: GraphQLContext,
  turn: { appId: string; message: string | null; conversationId: string | null; regenerate: boolean },
) {
  const runner = await requireRunner(context);
  const started = await context.services.chat.send({
    userId: runner.userId,
    isAdmin: runner.isAdmin,
    live: runner.viaKey,
    ...turn,
  });
  return { runner, started };
}

/** A chat turn's run links to its conversation. */
@Resolver(() => RunType)
export class ChatRunResolver {
  @FieldResolver(() => ID, {
    nullable: true,
    description:
      'The conversation this run answered a message of (source chat), when it is yours; null otherwise (and for an answer regenerated since).',
  })
  async conversationId(@Root() run: RunView, @Ctx() context: GraphQLContext): Promise<string | null> {
    const userId = context.caller?.userId ?? context.apiKey?.userId;
    if (run.source !== 'chat' || !run.mine || !userId) return null;
    return context.services.chat.conversationOfRun(userId, run.id);
  }
}
