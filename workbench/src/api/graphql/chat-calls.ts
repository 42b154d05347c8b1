import type { RunWatcher } from '../blocksmith-api';
import type { ChatApi } from '../chat';
import {
  ChatConversationDocument,
  ChatConversationsDocument,
  ChatSettingsDocument,
  DeleteChatConversationDocument,
  RenameChatConversationDocument,
  RunProgressDocument,
  SendChatMessageDocument,
  StopChatMessageDocument,
} from '../generated/graphql';
import type { GraphQLTransport } from './graphql-transport';
import { EmbedChatCalls } from './embed-chat-calls';
import { watchRunEvents } from './run-event-watch';

/** Chat apps: messages, their answers' runs, and the person's conversations. */
export class ChatCalls implements ChatApi {
  constructor(private readonly transport: GraphQLTransport) {}

  async settings(appId: string) {
    return (await this.transport.query(ChatSettingsDocument, { appId })).chatSettings;
  }

  async send(appId: string, message: string | null, conversationId: string | null, regenerate = false) {
    return (
      await this.transport.mutate(SendChatMessageDocument, { appId, message, conversationId, regenerate })
    ).sendChatMessage;
  }

  /** A person's own run: its progress, as the app page's runs. */
  watch(_conversationId: string, runId: string, watcher: RunWatcher): () => void {
    return watchRunEvents(this.transport, RunProgressDocument, { runId }, 'runProgress', watcher);
  }

  async stop(conversationId: string) {
    return (await this.transport.mutate(StopChatMessageDocument, { conversationId })).stopChatMessage;
  }

  async conversations(appId: string) {
    return (await this.transport.query(ChatConversationsDocument, { appId })).conversations;
  }

  async conversation(id: string) {
    const { conversation } = await this.transport.query(ChatConversationDocument, { id });
    return { ...conversation, messages: conversation.messages ?? [] };
  }

  async rename(id: string, title: string) {
    return (await this.transport.mutate(RenameChatConversationDocument, { id, title })).renameConversation;
  }

  async remove(id: string) {
    await this.transport.mutate(DeleteChatConversationDocument, { id });
  }

  embedded(slug: string, visitorToken: string): ChatApi {
    return new EmbedChatCalls(this.transport, slug, visitorToken);
  }
}
