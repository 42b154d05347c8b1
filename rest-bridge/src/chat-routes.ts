import { arrayOf, boolean, dateTime, enumOf, integer, nullableString, object, string } from './json-schema';
import { BridgeError } from './errors';
import { route, type Route } from './route';
import { APP_ID, field, uuidParam } from './route-helpers';
import { runRefusal } from './run-routes';
import {
  ChatDocument,
  ConversationDocument,
  ConversationsDocument,
  DeleteConversationDocument,
  RenameConversationDocument,
  type ChatMutation,
} from './generated/graphql';

/** Chat apps: a message to an app and its answer, and your conversations with each app. */

const CONVERSATION_ID = { id: uuidParam('The conversation’s id.') };

const MESSAGE_PROPERTIES = {
  id: string('The message’s id.', { format: 'uuid' }),
  position: integer('Its place in the conversation, from 0.'),
  message: string('What the person sent.'),
  answer: nullableString(
    'The app’s answer; null while it is answered (or waits for approval) and when its run failed.',
  ),
  status: enumOf(
    ['running', 'waiting', 'succeeded', 'failed'],
    'Where its run is. waiting: the run stopped at an Approval block; the answer comes once it is approved (rejected or timed out: failed).',
  ),
  error: nullableString('Why its run failed.'),
  runId: nullableString('Its run in run history (GET /api/runs/{id}); null once that run was deleted.'),
  createdAt: dateTime('ISO time.'),
};
const ChatMessage = object(MESSAGE_PROPERTIES, Object.keys(MESSAGE_PROPERTIES));

const CONVERSATION_PROPERTIES = {
  id: string('The conversation’s id.', { format: 'uuid' }),
  appId: string('The app it is with.', { format: 'uuid' }),
  title: string('Its name: its first message, until renamed.'),
  turns: integer('How many messages it holds.'),
  createdAt: dateTime('ISO time.'),
  updatedAt: dateTime('ISO time of its last message or rename.'),
};
const Conversation = object(CONVERSATION_PROPERTIES, Object.keys(CONVERSATION_PROPERTIES));

/** A chat turn whose run did not succeed, as execute answers such a run, with the conversation. */
function chatRefusal(data: ChatMutation): BridgeError | null {
  const refusal = runRefusal(data.chat.run);
  if (!refusal) return null;
  return new BridgeError(refusal.status, refusal.code, refusal.message, {
    ...refusal.details,
    conversationId: data.chat.conversationId,
  });
}

export const chatRoutes: Route[] = [
  route({
    method: 'POST',
    path: '/apps/{id}/chat',
    summary:
      'Sends a message to an app (a Chat Input app, or any app whose one input is a text input) and answers once it is answered (or waits for approval: run.status waiting). Without conversationId a new conversation starts; with it, the app is given the conversation so far. Each message is a paid run (source chat). regenerate: true answers the last message again (message left out), replacing its answer. With an API key: the app’s live version, as a published run charged to the key’s owner, whose conversation it is.',
    auth: 'user',
    operation: ChatDocument,
    params: APP_ID,
    body: object({
      message: string('The message: 1 to 20,000 characters.', { maxLength: 20_000 }),
      conversationId: string('The conversation it continues (yours, with this app): its id.'),
      regenerate: boolean('Answer the last message of conversationId again.'),
    }),
    variables: ({ params, body }) => ({
      id: params.id,
      message: body.message ?? null,
      conversationId: body.conversationId ?? null,
      regenerate: body.regenerate ?? false,
    }),
    refusal: chatRefusal,
    answer: (data) => ({
      conversationId: data.chat.conversationId,
      answer: data.chat.answer ?? '',
      message: data.chat.message,
      run: { id: data.chat.run.id, status: data.chat.run.status, cost: data.chat.run.cost },
    }),
    response: object(
      {
        conversationId: string('The conversation (send it with the next message).', { format: 'uuid' }),
        answer: string(
          'The app’s answer: the text it shows (Markdown); empty while the run waits for approval.',
        ),
        message: ChatMessage,
        run: object(
          {
            id: string('Run id.', { format: 'uuid' }),
            status: enumOf(
              ['succeeded', 'waiting'],
              'succeeded (a run that fails answers an error), or waiting: it stopped at an Approval block and waits for a person (follow it with GET /api/runs/{id}; the answer then shows in GET /api/conversations/{id}, and the conversation takes its next message once it is answered).',
            ),
            cost: integer('Credits charged.'),
          },
          ['id', 'status', 'cost'],
        ),
      },
      ['conversationId', 'answer', 'message', 'run'],
    ),
    // As execute: a run that fails answers its cause's status; 409 while the last message is answered
    // or waits for approval.
    errors: [402, 403, 404, 409, 413, 422, 429, 502, 503, 504],
  }),
  route({
    method: 'GET',
    path: '/conversations',
    summary: 'Your conversations, the latest first (100 at most); with appId, those with one app.',
    auth: 'user',
    operation: ConversationsDocument,
    query: {
      appId: { schema: string('An app’s id.'), description: 'Only those with this app.' },
    },
    variables: ({ query }) => ({ appId: query.appId ?? null }),
    answer: (data) => ({ conversations: data.conversations }),
    response: object({ conversations: arrayOf(Conversation, 'The latest first.') }, ['conversations']),
  }),
  route({
    method: 'GET',
    path: '/conversations/{id}',
    summary: 'One of your conversations with its messages and answers, in order.',
    auth: 'user',
    operation: ConversationDocument,
    params: CONVERSATION_ID,
    variables: ({ params }) => ({ id: params.id }),
    answer: field('conversation'),
    response: object({ ...CONVERSATION_PROPERTIES, messages: arrayOf(ChatMessage, 'In order.') }, [
      ...Object.keys(CONVERSATION_PROPERTIES),
      'messages',
    ]),
    errors: [404],
  }),
  route({
    method: 'PATCH',
    path: '/conversations/{id}',
    summary: 'Renames one of your conversations.',
    auth: 'user',
    operation: RenameConversationDocument,
    params: CONVERSATION_ID,
    body: object({ title: string('The new name: 1 to 120 characters.', { maxLength: 120 }) }, ['title']),
    variables: ({ params, body }) => ({ id: params.id, title: body.title }),
    answer: field('renameConversation'),
    response: Conversation,
    errors: [404],
  }),
  route({
    method: 'DELETE',
    path: '/conversations/{id}',
    summary: 'Deletes one of your conversations and its messages; their runs stay in run history.',
    auth: 'user',
    operation: DeleteConversationDocument,
    params: CONVERSATION_ID,
    variables: ({ params }) => ({ id: params.id }),
    answer: () => ({ success: true }),
    response: object({ success: boolean('Deleted.') }, ['success']),
    errors: [404],
  }),
];
