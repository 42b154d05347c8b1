import { ApiError, type RunWatcher } from '../api/blocksmith-api';
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
  /** The next message's run stops to wait for approval (its message comes back `waiting`). */
  waitNext = false;
  private next = 1;

  constructor(
    /** How a message's run is followed (`FakeApi` hands it to its `watchRun`). */
    private readonly watchVia: (runId: string, watcher: RunWatcher) => () => void = () => () => undefined,
  ) {}

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
    const waits = this.waitNext;
    this.waitNext = false;
    const sent: ChatMessage = {
      id: `message-${this.next++}`,
      position: conversation.messages.length,
      message: text,
      answer: waits ? null : `Answer to: ${text}`,
      status: waits ? 'waiting' : 'succeeded',
      error: null,
      runId,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    conversation.messages.push(sent);
    conversation.turns = conversation.messages.length;
    // The answer streams from its run.
    return {
      conversationId: conversation.id,
      runId,
      cost: 1,
      message: { ...sent, answer: null, status: 'running' },
    };
  }

  /** Approves (with its answer) the message of `runId` that waits. */
  approve(runId: string, answer: string): void {
    for (const conversation of this.conversationsById.values())
      for (const message of conversation.messages)
        if (message.runId === runId) Object.assign(message, { status: 'succeeded', answer });
  }

  watch(conversationId: string, runId: string, watcher: RunWatcher) {
    this.calls.push(`watch ${conversationId}`);
    return this.watchVia(runId, watcher);
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
