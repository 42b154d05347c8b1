import { ApiError } from '../api/blocksmith-api';
import type { ChatApi, ChatConversation, ChatMessage, ChatSettings } from '../api/chat';

/** The chat calls in memory: one person's conversations, each message answered `Answer to: <message>`. */
export class FakeChatApi implements ChatApi {
  calls: string[] = [];
  settingsAnswer: ChatSettings = {
    chattable: true,
    mode: 'chat',
    reason: null,
    label: 'Message',
    placeholder: 'Ask anything...',
    memoryTurns: 10,
    olderTurns: 'summary',
  };
  conversationsById = new Map<string, ChatConversation & { messages: ChatMessage[] }>();
  /** Whether `stop` finds an answer to stop. */
  stoppable = true;
  /** The embed these calls were made for (`embedded`): its messages answer at once. */
  embeddedAs: { slug: string; visitorToken: string } | null = null;
  /** The next message is refused with this error (once). */
  refuseNext: ApiError | null = null;
  private next = 1;

  async settings(_appId: string) {
    this.calls.push('settings');
    return { ...this.settingsAnswer };
  }

  async send(appId: string, message: string | null, conversationId: string | null, regenerate = false) {
    this.calls.push(regenerate ? 'regenerate' : 'send');
    const refusal = this.refuseNext;
    this.refuseNext = null;
    if (refusal) throw refusal;
    let conversation = conversationId ? this.conversationsById.get(conversationId) : undefined;
    if (conversationId && !conversation) throw new ApiError('Conversation not found.', 'NOT_FOUND');
    if (!conversation) {
      const id = `conversation-${this.next++}`;
      conversation = {
        id,
        appId,
        title: message ?? '',
        turns: 0,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        messages: [],
      };
      this.conversationsById.set(id, conversation);
    }
    const last = conversation.messages.at(-1);
    if (regenerate) conversation.messages.pop();
    const text = regenerate ? last!.message : message!;
    const runId = `run-${this.next++}`;
    const sent: ChatMessage = {
      id: `message-${this.next++}`,
      position: conversation.messages.length,
      message: text,
      answer: `Answer to: ${text}`,
      status: 'succeeded',
      error: null,
      runId,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    conversation.messages.push(sent);
    conversation.turns = conversation.messages.length;
    return {
      conversationId: conversation.id,
      runId,
      cost: 1,
      // An embed's message answers once answered; the app page's streams from its run.
      message: this.embeddedAs ? { ...sent } : { ...sent, answer: null, status: 'running' },
    };
  }

  async stop(_conversationId: string) {
    this.calls.push('stop');
    return this.stoppable;
  }

  async conversations(appId: string) {
    this.calls.push('conversations');
    return [...this.conversationsById.values()]
      .filter((conversation) => conversation.appId === appId)
      .reverse()
      .map(({ messages: _messages, ...summary }) => summary);
  }

  async conversation(id: string) {
    this.calls.push('conversation');
    const conversation = this.conversationsById.get(id);
    if (!conversation) throw new ApiError('Conversation not found.', 'NOT_FOUND');
    return { ...conversation, messages: conversation.messages.map((message) => ({ ...message })) };
  }

  async rename(id: string, title: string) {
    this.calls.push('rename');
    const conversation = this.conversationsById.get(id)!;
    conversation.title = title;
    const { messages: _messages, ...summary } = conversation;
    return summary;
  }

  async remove(id: string) {
    this.calls.push('remove');
    this.conversationsById.delete(id);
  }

  embedded(slug: string, visitorToken: string): ChatApi {
    this.calls.push(`embedded ${slug}`);
    this.embeddedAs = { slug, visitorToken };
    return this;
  }
}
