import { Field, ID, Int, ObjectType } from 'type-graphql';
import { RunType } from './runs';

@ObjectType('ChatSettings', {
  simpleResolvers: true,
  description: 'Whether an app can be chatted with (as you would run it), its message box and its memory.',
})
export class ChatSettingsType {
  @Field() chattable!: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'chat: it has a Chat Input; text: its one input is a text input, chatted with as it is.',
  })
  mode!: 'chat' | 'text' | null;
  @Field(() => String, { nullable: true, description: 'Why it cannot be chatted with.' }) reason!:
    string | null;
  @Field(() => String, { nullable: true }) label!: string | null;
  @Field(() => String, { nullable: true }) placeholder!: string | null;
  @Field(() => Int, {
    nullable: true,
    description: 'The latest turns its AI blocks are given word for word.',
  })
  memoryTurns!: number | null;
  @Field(() => String, {
    nullable: true,
    description:
      'summary: older turns are given in brief (each question with the start of its answer); forget: left out.',
  })
  olderTurns!: string | null;
}

@ObjectType('ChatMessage', {
  simpleResolvers: true,
  description: 'One turn of a conversation: the person’s message and the app’s answer (a run, source chat).',
})
export class ChatMessageType {
  @Field(() => ID) id!: string;
  @Field(() => Int) position!: number;
  @Field() message!: string;
  @Field(() => String, {
    nullable: true,
    description: 'Null while it is answered (or waits for approval), and when its run failed.',
  })
  answer!: string | null;
  @Field({
    description:
      'running, waiting (its run waits for approval; answered once approved), succeeded or failed.',
  })
  status!: string;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => ID, { nullable: true, description: 'Its run in run history; null once that run was deleted.' })
  runId!: string | null;
  @Field() createdAt!: Date;
}

@ObjectType('Conversation', { simpleResolvers: true, description: 'One of your conversations with an app.' })
export class ConversationType {
  @Field(() => ID) id!: string;
  @Field(() => ID) appId!: string;
  @Field() title!: string;
  @Field(() => Int, { description: 'How many messages it holds.' }) turns!: number;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
  @Field(() => [ChatMessageType], {
    nullable: true,
    description: 'Its messages in order (when one conversation is asked for; null in lists).',
  })
  messages!: ChatMessageType[] | null;
}

@ObjectType('ChatTurnStarted', {
  simpleResolvers: true,
  description: 'A message sent: its run has started; watch it with runProgress(runId).',
})
export class ChatTurnStartedType {
  @Field(() => ID) conversationId!: string;
  @Field(() => ChatMessageType) message!: ChatMessageType;
  @Field(() => ID) runId!: string;
  @Field(() => Int, { description: 'Credits charged as the run started.' }) cost!: number;
}

@ObjectType('ChatReply', { description: 'A message answered: the answer and the run that made it.' })
export class ChatReplyType {
  @Field(() => ID) conversationId!: string;
  @Field(() => ChatMessageType) message!: ChatMessageType;
  @Field(() => String, {
    nullable: true,
    description:
      'Null when the run failed (see run.error), and while it waits for approval (run.status waiting).',
  })
  answer!: string | null;
  @Field(() => RunType) run!: RunType;
}
