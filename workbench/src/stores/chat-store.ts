import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { RunEvent } from '@blocksmith/schema';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import type { ChatConversation, ChatMessage, ChatSettings } from '../api/chat';
import { CHAT } from '../texts/chat-texts';
import type { ToastStore } from './toast-store';

/** The message on screen while it is sent, before the server has it. */
const PENDING_ID = 'pending';

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
 * from its run's events), stop, regenerate, copy, rename and delete.
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
  private unwatch: (() => void) | null = null;
  private runId: string | null = null;

  /**
   * Told when a message is refused; true when it dealt with the refusal (an embed asks the person
   * to sign in), else the refusal is shown.
   */
  onRefused: (error: unknown) => boolean = () => false;

  constructor(
    /** The app page's chat calls, or an embed's (`api.chat.embedded`). */
    private readonly api: Pick<BlocksmithApi, 'chat' | 'watchRun'>,
    private readonly toasts: ToastStore,
    /** Told when a message was answered (or not): the balance changed. */
    private readonly onAnswered: () => void = () => undefined,
    private readonly copyText: (text: string) => Promise<void> = (text) =>
      navigator.clipboard.writeText(text),
  ) {
    makeObservable<ChatStore, 'streamed' | 'answered'>(this, {
      appId: observable,
      settings: observableRef,
      conversations: observableRef,
      activeId: observable,
      messages: observable,
      draft: observable,
      sending: observable,
      loadError: observable,
      renaming: observable,
      view: observable,
      setView: action,
      chattable: computed,
      canSend: computed,
      answering: computed,
      canRegenerate: computed,
      setDraft: action,
      startNew: action,
      startRename: action,
      setRenameTitle: action,
      cancelRename: action,
      streamed: action,
      answered: action,
    });
  }

  get chattable(): boolean {
    return this.settings?.chattable === true;
  }

  /** A message is being answered. */
  get answering(): boolean {
    return this.sending || this.messages.some((message) => message.status === 'running' && !message.stopped);
  }

  get canSend(): boolean {
    return this.chattable && !this.answering && this.draft.trim() !== '';
  }

  /** The last message can be answered again (it was answered, failed or stopped). */
  get canRegenerate(): boolean {
    return !this.answering && this.activeId !== null && this.messages.length > 0;
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
      runInAction(() => {
        this.activeId = id;
        this.messages = conversation.messages;
      });
    } catch (error) {
      this.toasts.error(errorMessage(error, CHAT.loadFailed));
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
      // An embed's message comes back answered; the app page's answer streams from its run.
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
    this.unwatch = this.api.watchRun(runId, {
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
      runInAction(() => {
        if (this.activeId === conversationId) this.messages = conversation.messages;
      });
    } catch (error) {
      this.toasts.error(errorMessage(error, CHAT.loadFailed));
    }
  }

  /** Stops the answer being written: its run ends and is refunded; regenerate asks again. */
  async stop(): Promise<void> {
    const conversationId = this.activeId;
    const last = this.messages.at(-1);
    if (!conversationId || !last || last.status !== 'running' || last.id === PENDING_ID) return;
    runInAction(() => (last.stopped = true));
    this.close();
    try {
      await this.api.chat.stop(conversationId);
    } catch (error) {
      this.toasts.error(errorMessage(error, CHAT.sendFailed));
    }
    this.onAnswered();
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
