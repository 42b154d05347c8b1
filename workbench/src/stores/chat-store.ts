import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { RunEvent } from '@blocksmith/schema';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import type { ChatConversation, ChatMessage, ChatSettings } from '../api/chat';
import { CHAT } from '../texts/chat-texts';
import { realTimers, type Timers, type ToastStore } from './toast-store';

/** The message on screen while it is sent, before the server has it. */
const PENDING_ID = 'pending';

/** How often a conversation whose last message waits for approval is read again. */
export const WAITING_POLL_MS = 10_000;

/** A message on screen: as stored, or the one being answered (its answer streaming in). */
export interface ShownMessage extends ChatMessage {
  /** The answer as it streams in, while the message is answered. */
  streaming?: string;
  /** Stopped by the person before it was answered. */
  stopped?: boolean;
}

/**
 * The chat window of an app (its page and embeds): whether the app can be chatted with, the
 * person's conversations with it, the open one's messages, a message being answered (streamed
 * from its run's events), stop, regenerate, copy, rename and delete. A message whose run waits for
 * approval waits with it: the conversation is read again now and then until it is answered.
 */
export class ChatStore {
  appId: string | null = null;
  settings: ChatSettings | null = null;
  conversations: ChatConversation[] = [];
  activeId: string | null = null;
  messages: ShownMessage[] = [];
  draft = '';
  sending = false;
  loadError: string | null = null;
  /** The app page shows the chat or the app's form (an app with a Chat Input opens on the chat). */
  view: 'chat' | 'form' = 'form';
  /** The conversation being renamed, with its new name as typed. */
  renaming: { id: string; title: string } | null = null;
  /** A stop was asked and its answer is awaited (the server may ask another process). */
  stopping = false;
  private unwatch: (() => void) | null = null;
  private runId: string | null = null;
  /** The next read of a conversation whose last message waits for approval. */
  private waitingPoll: unknown = null;

  /**
   * Told when a message is refused; true when it dealt with the refusal (an embed asks the person
   * to sign in), else the refusal is shown.
   */
  onRefused: (error: unknown) => boolean = () => false;

  constructor(
    /** The app page's chat calls, or an embed's (`api.chat.embedded`). */
    private readonly api: Pick<BlocksmithApi, 'chat'>,
    private readonly toasts: ToastStore,
    /** Told when a message was answered (or not): the balance changed. */
    private readonly onAnswered: () => void = () => undefined,
    private readonly copyText: (text: string) => Promise<void> = (text) =>
      navigator.clipboard.writeText(text),
    private readonly timers: Timers = realTimers,
  ) {
    makeObservable<ChatStore, 'streamed' | 'answered' | 'shown'>(this, {
      appId: observable,
      settings: observableRef,
      conversations: observableRef,
      activeId: observable,
      messages: observable,
      draft: observable,
      sending: observable,
      loadError: observable,
      renaming: observable,
      stopping: observable,
      view: observable,
      setView: action,
      chattable: computed,
      canSend: computed,
      answering: computed,
      waiting: computed,
      canRegenerate: computed,
      setDraft: action,
      startNew: action,
      startRename: action,
      setRenameTitle: action,
      cancelRename: action,
      streamed: action,
      answered: action,
      shown: action,
    });
  }

  get chattable(): boolean {
    return this.settings?.chattable === true;
  }

  /** A message is being answered. */
  get answering(): boolean {
    return this.sending || this.messages.some((message) => message.status === 'running' && !message.stopped);
  }

  /** The last message waits for approval: the conversation goes on once it is answered. */
  get waiting(): boolean {
    return this.messages.at(-1)?.status === 'waiting';
  }

  get canSend(): boolean {
    return this.chattable && !this.answering && !this.waiting && this.draft.trim() !== '';
  }

  /** The last message can be answered again (it was answered, failed or stopped). */
  get canRegenerate(): boolean {
    return !this.answering && !this.waiting && this.activeId !== null && this.messages.length > 0;
  }

  /**
   * Opens the chat of an app for the signed-in person (or an embed's visitor): whether it can be
   * chatted with, and their conversations; with `conversationId` (a link from run history), that
   * one, on the chat.
   */
  async open(appId: string, conversationId: string | null = null): Promise<void> {
    this.close();
    runInAction(() => {
      this.appId = appId;
      this.settings = null;
      this.view = 'form';
      this.conversations = [];
      this.activeId = null;
      this.messages = [];
      this.loadError = null;
    });
    try {
      const settings = await this.api.chat.settings(appId);
      if (this.appId !== appId) return;
      runInAction(() => {
        this.settings = settings;
        this.view = settings.chattable && settings.mode === 'chat' ? 'chat' : 'form';
      });
      if (settings.chattable) await this.loadConversations();
      if (settings.chattable && conversationId !== null && this.appId === appId) {
        runInAction(() => (this.view = 'chat'));
        await this.select(conversationId);
      }
    } catch (error) {
      if (this.appId === appId) runInAction(() => (this.loadError = errorMessage(error, CHAT.loadFailed)));
    }
  }

  /** Stops following a message's answer (the page is left); the answer is still kept. */
  close(): void {
    this.unwatch?.();
    this.unwatch = null;
    this.runId = null;
    this.timers.clearTimeout(this.waitingPoll);
    this.waitingPoll = null;
  }

  async loadConversations(): Promise<void> {
    const appId = this.appId;
    if (!appId) return;
    const conversations = await this.api.chat.conversations(appId);
    if (this.appId === appId) runInAction(() => (this.conversations = conversations));
  }

  /** Shows one of the conversations with its messages. */
  async select(id: string): Promise<void> {
    if (this.answering) return;
    this.close();
    try {
      const conversation = await this.api.chat.conversation(id);
      runInAction(() => (this.activeId = id));
      this.shown(id, conversation.messages);
    } catch (error) {
      this.toasts.error(errorMessage(error, CHAT.loadFailed));
    }
  }

  /**
   * The conversation's messages as stored, when it is the open one. While its last message waits
   * for approval, it is read again every WAITING_POLL_MS until it is answered (or ends).
   */
  private shown(conversationId: string, messages: ShownMessage[]): void {
    if (this.activeId !== conversationId) return;
    const waited = this.waitingPoll !== null;
    this.timers.clearTimeout(this.waitingPoll);
    this.waitingPoll = null;
    this.messages = messages;
    if (this.waiting) {
      this.waitingPoll = this.timers.setTimeout(() => void this.readAgain(conversationId), WAITING_POLL_MS);
    } else if (waited) {
      // It waited and was answered (or ended): the balance may have changed.
      this.onAnswered();
    }
  }

  private async readAgain(conversationId: string): Promise<void> {
    try {
      const conversation = await this.api.chat.conversation(conversationId);
      this.shown(conversationId, conversation.messages);
    } catch {
      // Read again a while later: a connection lost for a moment.
      if (this.activeId === conversationId && this.waiting)
        this.waitingPoll = this.timers.setTimeout(() => void this.readAgain(conversationId), WAITING_POLL_MS);
    }
  }

  startNew(): void {
    if (this.answering) return;
    this.close();
    this.activeId = null;
    this.messages = [];
  }

  setView(view: 'chat' | 'form'): void {
    this.view = view;
  }

  setDraft(text: string): void {
    this.draft = text;
  }

  /** Sends the draft; its answer streams into the window. */
  async send(): Promise<void> {
    if (!this.canSend) return;
    const text = this.draft;
    await this.ask(text, false);
  }

  /** Answers the last message again, in its place (a new run). */
  async regenerate(): Promise<void> {
    if (!this.canRegenerate) return;
    await this.ask(null, true);
  }

  private async ask(text: string | null, regenerate: boolean): Promise<void> {
    const appId = this.appId;
    if (!appId) return;
    // The message shows at once, being answered, until the server has it.
    const replaced = regenerate ? this.messages.at(-1) : undefined;
    const pending: ShownMessage = {
      id: PENDING_ID,
      position: replaced?.position ?? this.messages.length,
      message: replaced?.message ?? text ?? '',
      answer: null,
      status: 'running',
      error: null,
      runId: null,
      createdAt: new Date().toISOString(),
    };
    runInAction(() => {
      this.sending = true;
      if (regenerate) this.messages.pop();
      this.messages.push(pending);
    });
    try {
      const sent = await this.api.chat.send(appId, text, this.activeId, regenerate);
      const answered = sent.message.status !== 'running';
      runInAction(() => {
        this.messages = this.messages.filter((message) => message.id !== PENDING_ID);
        if (!regenerate) this.draft = '';
        this.activeId = sent.conversationId;
        this.messages.push(answered ? sent.message : { ...sent.message, streaming: '' });
        this.sending = false;
      });
      // The answer streams from its run (a message already answered has nothing to follow).
      if (answered) this.onAnswered();
      else this.follow(sent.runId, sent.conversationId);
      void this.loadConversations().catch(() => undefined);
    } catch (error) {
      runInAction(() => {
        this.messages = this.messages.filter((message) => message.id !== PENDING_ID);
        if (replaced) this.messages.push(replaced);
        this.sending = false;
      });
      if (!this.onRefused(error)) this.toasts.error(errorMessage(error, CHAT.sendFailed));
    }
  }

  /** Follows the run answering the last message: its AI blocks' text as it streams, then the stored answer. */
  private follow(runId: string, conversationId: string): void {
    this.close();
    this.runId = runId;
    // Each AI block's text so far; the one that wrote last is the answer being written.
    const texts = new Map<string, string>();
    this.unwatch = this.api.chat.watch(conversationId, runId, {
      next: (event: RunEvent) => {
        if (event.type === 'node_partial') {
          texts.set(event.nodeId, (texts.get(event.nodeId) ?? '') + event.text);
          this.streamed(runId, texts.get(event.nodeId)!);
        } else if (event.type === 'run_finished') {
          void this.answered(runId, conversationId);
        }
      },
      error: () => void this.answered(runId, conversationId),
      complete: () => undefined,
      connection: (state) => {
        // The events are sent again from the start.
        if (state === 'restored') texts.clear();
      },
    });
  }

  private streamed(runId: string, text: string): void {
    if (this.runId !== runId) return;
    const last = this.messages.at(-1);
    if (last && last.status === 'running') last.streaming = text;
  }

  /** The run ended: the conversation as stored (the answer, or why there is none). */
  private async answered(runId: string, conversationId: string): Promise<void> {
    if (this.runId !== runId) return;
    this.close();
    this.onAnswered();
    try {
      const conversation = await this.api.chat.conversation(conversationId);
      this.shown(conversationId, conversation.messages);
    } catch (error) {
      this.toasts.error(errorMessage(error, CHAT.loadFailed));
    }
  }

  /**
   * Stops the answer being written: its run ends and is refunded; regenerate asks again. The
   * answer keeps streaming until the server says it stopped (it may ask another process); when it
   * did not stop (it ended first), the person is told so and the answer goes on.
   */
  async stop(): Promise<void> {
    const conversationId = this.activeId;
    const last = this.messages.at(-1);
    if (!conversationId || !last || last.status !== 'running' || last.id === PENDING_ID) return;
    if (this.stopping) return;
    runInAction(() => (this.stopping = true));
    try {
      const stopped = await this.api.chat.stop(conversationId);
      if (stopped) {
        runInAction(() => (last.stopped = true));
        this.close();
        this.onAnswered();
      } else {
        this.toasts.warning(CHAT.notStopped);
      }
    } catch (error) {
      this.toasts.error(errorMessage(error, CHAT.stopFailed));
    } finally {
      runInAction(() => (this.stopping = false));
    }
  }

  async copy(message: ChatMessage): Promise<void> {
    if (!message.answer) return;
    await this.copyText(message.answer);
    this.toasts.success(CHAT.copied);
  }

  startRename(conversation: ChatConversation): void {
    this.renaming = { id: conversation.id, title: conversation.title };
  }

  setRenameTitle(title: string): void {
    if (this.renaming) this.renaming.title = title;
  }

  cancelRename(): void {
    this.renaming = null;
  }

  async saveRename(): Promise<void> {
    const renaming = this.renaming;
    if (!renaming || renaming.title.trim() === '') return;
    try {
      await this.api.chat.rename(renaming.id, renaming.title);
      runInAction(() => (this.renaming = null));
      await this.loadConversations();
    } catch (error) {
      this.toasts.error(errorMessage(error, CHAT.loadFailed));
    }
  }

  async remove(id: string): Promise<void> {
    try {
      await this.api.chat.remove(id);
      if (this.activeId === id) this.startNew();
      this.toasts.success(CHAT.deleted);
      await this.loadConversations();
    } catch (error) {
      this.toasts.error(errorMessage(error, CHAT.loadFailed));
    }
  }
}
