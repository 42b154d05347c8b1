import type { RunWatcher } from '../blocksmith-api';
import type { ChatApi } from '../chat';
import {
  DeleteEmbeddedConversationDocument,
  EmbedChatSettingsDocument,
  EmbeddedChatProgressDocument,
  EmbeddedConversationDocument,
  EmbeddedConversationsDocument,
  RenameEmbeddedConversationDocument,
  SendEmbeddedChatMessageDocument,
  StopEmbeddedChatMessageDocument,
} from '../generated/graphql';
import type { GraphQLTransport } from './graphql-transport';
import { watchRunEvents } from './run-event-watch';

/**
 * Chat in an embed (/embed/{slug}): the signed-in person's conversations, or a visitor's (not
 * signed in, on the owner's credits) named by the token the embed keeps. A message answers at
 * once; its answer streams from `embeddedChatProgress` (the visitor's token stands for a session)
 * and may be stopped.
 */
export class EmbedChatCalls implements ChatApi {
  constructor(
    private readonly transport: GraphQLTransport,
    private readonly slug: string,
    private readonly visitorToken: string,
  ) {}

  async settings(_appId: string) {
    return (await this.transport.query(EmbedChatSettingsDocument, { slug: this.slug })).embedChatSettings;
  }

  async send(_appId: string, message: string | null, conversationId: string | null, regenerate = false) {
    const { sendEmbeddedChatMessage } = await this.transport.mutate(SendEmbeddedChatMessageDocument, {
      slug: this.slug,
      message,
      conversationId,
      regenerate,
      visitorToken: this.visitorToken,
    });
    return sendEmbeddedChatMessage;
  }

  watch(conversationId: string, runId: string, watcher: RunWatcher): () => void {
    const variables = { slug: this.slug, conversationId, runId, visitorToken: this.visitorToken };
    return watchRunEvents(
      this.transport,
      EmbeddedChatProgressDocument,
      variables,
      'embeddedChatProgress',
      watcher,
    );
  }

  async stop(conversationId: string) {
    const { stopEmbeddedChatMessage } = await this.transport.mutate(StopEmbeddedChatMessageDocument, {
      slug: this.slug,
      conversationId,
      visitorToken: this.visitorToken,
    });
    return stopEmbeddedChatMessage;
  }

  async conversations(_appId: string) {
    const { embeddedConversations } = await this.transport.query(EmbeddedConversationsDocument, {
      slug: this.slug,
      visitorToken: this.visitorToken,
    });
    return embeddedConversations;
  }

  async conversation(id: string) {
    const { embeddedConversation } = await this.transport.query(EmbeddedConversationDocument, {
      slug: this.slug,
      id,
      visitorToken: this.visitorToken,
    });
    return { ...embeddedConversation, messages: embeddedConversation.messages ?? [] };
  }

  async rename(id: string, title: string) {
    const { renameEmbeddedConversation } = await this.transport.mutate(RenameEmbeddedConversationDocument, {
      slug: this.slug,
      id,
      title,
      visitorToken: this.visitorToken,
    });
    return renameEmbeddedConversation;
  }

  async remove(id: string) {
    await this.transport.mutate(DeleteEmbeddedConversationDocument, {
      slug: this.slug,
      id,
      visitorToken: this.visitorToken,
    });
  }

  embedded(slug: string, visitorToken: string): ChatApi {
    return new EmbedChatCalls(this.transport, slug, visitorToken);
  }
}
