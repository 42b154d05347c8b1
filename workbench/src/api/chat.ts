import type { RunWatcher } from './run-watcher';
import type {
  ChatConversationFieldsFragment,
  ChatMessageFieldsFragment,
  ChatSettingsQuery,
} from './generated/graphql';

/** Whether an app can be chatted with, and its message box (the server decides: `chatSettings`). */
export type ChatSettings = ChatSettingsQuery['chatSettings'];

/** A conversation as the list beside the chat shows it. */
export type ChatConversation = ChatConversationFieldsFragment;

/** One message and its answer (a run, source chat). */
export type ChatMessage = ChatMessageFieldsFragment;

/** A message sent: its run has started (follow it with `ChatApi.watch`). */
export interface SentChatMessage {
  conversationId: string;
  runId: string;
  cost: number;
  message: ChatMessage;
}

/** The chat calls of the API (`BlocksmithApi.chat`). */
export interface ChatApi {
  settings(appId: string): Promise<ChatSettings>;
  /** A new conversation when `conversationId` is null; `regenerate` answers the last message again. */
  send(
    appId: string,
    message: string | null,
    conversationId: string | null,
    regenerate?: boolean,
  ): Promise<SentChatMessage>;
  /**
   * Follows the run answering a message of the conversation: its events as `runProgress` sends
   * them; returns a function that stops following.
   */
  watch(conversationId: string, runId: string, watcher: RunWatcher): () => void;
  /**
   * Stops the answer of the conversation's last message, on whichever server process writes it;
   * false when nothing was being answered, or it did not stop (it ended first).
   */
  stop(conversationId: string): Promise<boolean>;
  conversations(appId: string): Promise<ChatConversation[]>;
  conversation(id: string): Promise<ChatConversation & { messages: ChatMessage[] }>;
  rename(id: string, title: string): Promise<ChatConversation>;
  remove(id: string): Promise<void>;
  /**
   * The same calls for an embed of the app (/embed/{slug}): the signed-in person's conversations,
   * or a visitor's, named by `visitorToken` (who follows and stops their answers as well).
   */
  embedded(slug: string, visitorToken: string): ChatApi;
}
