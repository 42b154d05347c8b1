import { createHash } from 'node:crypto';
import type { RunEvent } from '@blocksmith/schema';
import { InputError, NotFoundError, UnauthenticatedError } from '../../errors';
import type { RunEvents } from '../runs/run-events';
import { EmbedCapReachedError } from '../credits/embed-cap';
import { SIGN_IN_TO_RUN, type EmbedService } from '../embeds/embed-service';
import type {
  ChatService,
  ChatShape,
  ChatViewer,
  ConversationSummary,
  ConversationView,
  StartedTurn,
} from './chat-service';

/** A visitor's token: made by the embed page once and kept in its storage (a UUID will do). */
const VISITOR_TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

/** Who chats in an embed: a signed-in person, or a visitor who is not signed in (their token). */
export interface EmbedChatter {
  caller: { userId: string; isAdmin: boolean } | null;
  visitorToken: string | null | undefined;
  clientAddress?: string | undefined;
}

export interface EmbedChatRequest extends EmbedChatter {
  slug: string;
  message?: string | null;
  conversationId?: string | null;
  regenerate?: boolean;
}

/** The digest a visitor's conversations are kept under (the token itself is never stored). */
export function visitorIdOf(token: unknown): string {
  if (typeof token !== 'string' || !VISITOR_TOKEN.test(token)) {
    throw new InputError(
      '`visitorToken` must be 20 to 128 letters, digits, - or _ (the embed makes one and keeps it): sign in, or send it.',
    );
  }
  return createHash('sha256').update(`embed-visitor:${token}`).digest('hex');
}

/**
 * Chat in an embed (/embed/{slug}), by the embed's rules (`EmbedService.chatTerms`): the app's
 * live version, each message a paid run (source chat). A signed-in person's conversations are
 * theirs, as on the app's page, and each message is on their credits once they confirmed the
 * price. A visitor who is not signed in chats on the owner's credits when the owner allows it
 * (the monthly cap, the runs a minute from one address); their conversations are kept under a
 * digest of their own token, apart from the owner's, and another visitor's are not found.
 */
export class EmbedChat {
  constructor(private readonly deps: { chat: ChatService; embeds: EmbedService; hub: RunEvents }) {}

  /** Whether the embedded app can be chatted with (its live version), and how. */
  async shape(slug: string): Promise<ChatShape> {
    const { app } = await this.deps.embeds.embedded(slug);
    return this.deps.chat.shape({ userId: app.owner_id! }, app.id!, true);
  }

  /**
   * Sends a message and answers at once (`done` settles once it is answered): the chatter follows
   * the answer with `watch`, a visitor too.
   */
  async send(request: EmbedChatRequest): Promise<StartedTurn> {
    const visitorId = request.caller ? null : visitorIdOf(request.visitorToken);
    const { app, userId, isAdmin, terms } = await this.deps.embeds.chatTerms({
      slug: request.slug,
      runner: request.caller,
      clientAddress: request.clientAddress,
    });
    try {
      return await this.deps.chat.send({
        userId,
        isAdmin,
        visitorId,
        appId: app.id!,
        live: true,
        terms,
        message: request.message ?? null,
        conversationId: request.conversationId ?? null,
        regenerate: request.regenerate ?? false,
      });
    } catch (error) {
      // The cap does not cover the message: the visitor may send it on their own credits.
      if (error instanceof EmbedCapReachedError) throw new UnauthenticatedError(SIGN_IN_TO_RUN);
      throw error;
    }
  }

  /**
   * The events of the run answering a message of one of the chatter's conversations with the
   * embedded app (a visitor's by their token): checked first, then streamed as `runProgress`
   * streams a person's own run. Any other run, or another chatter's conversation: not found.
   */
  async watch(
    slug: string,
    chatter: EmbedChatter,
    conversationId: string,
    runId: string,
  ): Promise<(signal: AbortSignal) => AsyncGenerator<RunEvent>> {
    const { viewer, appId } = await this.viewer(slug, chatter);
    const conversation = this.withApp(await this.deps.chat.get(viewer, conversationId), appId);
    if (!conversation.messages.some((message) => message.runId === runId))
      throw new NotFoundError('Run not found.');
    return (signal) => this.deps.hub.watch(runId, signal);
  }

  /** Stops the answer of the last message of one of the chatter's conversations (`ChatService.stop`). */
  async stop(slug: string, chatter: EmbedChatter, conversationId: string): Promise<boolean> {
    const { viewer, appId } = await this.viewer(slug, chatter);
    this.withApp(await this.deps.chat.get(viewer, conversationId), appId);
    return this.deps.chat.stop(viewer, conversationId);
  }

  /** The chatter's conversations with the embedded app, the latest first. */
  async list(slug: string, chatter: EmbedChatter): Promise<ConversationSummary[]> {
    const { viewer, appId } = await this.viewer(slug, chatter);
    return this.deps.chat.list(viewer, appId);
  }

  /** One of the chatter's conversations with the embedded app, with its messages. */
  async get(slug: string, chatter: EmbedChatter, id: string): Promise<ConversationView> {
    const { viewer, appId } = await this.viewer(slug, chatter);
    return this.withApp(await this.deps.chat.get(viewer, id), appId);
  }

  async rename(
    slug: string,
    chatter: EmbedChatter,
    id: string,
    title: unknown,
  ): Promise<ConversationSummary> {
    const { viewer, appId } = await this.viewer(slug, chatter);
    this.withApp(await this.deps.chat.get(viewer, id), appId);
    return this.deps.chat.rename(viewer, id, title);
  }

  async delete(slug: string, chatter: EmbedChatter, id: string): Promise<void> {
    const { viewer, appId } = await this.viewer(slug, chatter);
    this.withApp(await this.deps.chat.get(viewer, id), appId);
    await this.deps.chat.delete(viewer, id);
  }

  /** A person's conversations are theirs; a visitor's are on the owner's account, under their token. */
  private async viewer(slug: string, chatter: EmbedChatter): Promise<{ viewer: ChatViewer; appId: string }> {
    const { app } = await this.deps.embeds.embedded(slug);
    if (chatter.caller) return { viewer: { userId: chatter.caller.userId }, appId: app.id! };
    return {
      viewer: { userId: app.owner_id!, visitorId: visitorIdOf(chatter.visitorToken) },
      appId: app.id!,
    };
  }

  private withApp<T extends { appId: string }>(conversation: T, appId: string): T {
    if (conversation.appId !== appId) throw new NotFoundError('Conversation not found.');
    return conversation;
  }
}
