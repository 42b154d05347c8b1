import type { ChatApi } from '../chat';
import {
  DeleteEmbeddedConversationDocument,
  EmbedChatSettingsDocument,
  EmbeddedChatDocument,
  EmbeddedConversationDocument,
  EmbeddedConversationsDocument,
  RenameEmbeddedConversationDocument,
} from '../generated/graphql';
import type { GraphQLTransport } from './graphql-transport';

/**
 * Chat in an embed (/embed/{slug}): the signed-in person's conversations, or a visitor's (not
 * signed in, on the owner's credits) named by the token the embed keeps. A message answers once
 * answered: a visitor cannot follow a run's events.
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
    const { embeddedChat } = await this.transport.mutate(EmbeddedChatDocument, {
      slug: this.slug,
      message,
      conversationId,
      regenerate,
      visitorToken: this.visitorToken,
    });
    return {
      conversationId: embeddedChat.conversationId,
      runId: embeddedChat.run.id,
      cost: embeddedChat.run.cost,
      message: embeddedChat.message,
    };
  }

  /** An embed's message is answered before the call returns: there is nothing left to stop. */
  async stop(_conversationId: string) {
    return false;
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
