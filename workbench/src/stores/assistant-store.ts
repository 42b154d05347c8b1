import { action, computed, makeObservable, observable, observableShallow, runInAction } from 'mobx';
import type { Tracker } from '../analytics/tracker';
import { ApiError, type BlocksmithApi } from '../api/blocksmith-api';
import { ASSISTANT } from '../texts/runner-texts';
import type { BuilderStore } from './builder-store';
import { GeneratedAppError, generatedAppDraft } from './generated-app';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

/** One chat message (spec: id, type user or assistant, content, timestamp). */
export interface AssistantMessage {
  id: string;
  type: 'user' | 'assistant';
  content: string;
  timestamp: number;
  /** An assistant message that reports a failure. */
  error?: boolean;
}

/** What the chat says when generating failed (spec, error catalogue: the assistant rows). */
export function assistantErrorMessage(error: unknown): string {
  if (error instanceof GeneratedAppError) return error.message;
  // An ApiError without a code never reached the server's GraphQL layer: the connection failed.
  if (error instanceof ApiError && error.code === undefined) return ASSISTANT.connectionFailed;
  if (error instanceof TypeError) return ASSISTANT.connectionFailed;
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return ASSISTANT.defaultError;
}

/**
 * The AI assistant chat on the builder: blank prompts and prompts sent while one is pending are
 * not sent, a session is required, the answer is validated, and a good one is loaded onto the
 * canvas as a new unsaved app.
 */
export class AssistantStore {
  open = false;
  draft = '';
  pending = false;
  messages: AssistantMessage[] = [];
  private nextId = 1;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
    private readonly builder: BuilderStore,
    private readonly toasts: ToastStore,
    private readonly analytics: Tracker | null = null,
    private readonly now: () => number = Date.now,
  ) {
    makeObservable<AssistantStore, 'say'>(this, {
      open: observable,
      draft: observable,
      pending: observable,
      messages: observableShallow,
      canSend: computed,
      setOpen: action,
      setDraft: action,
      say: action,
    });
  }

  get canSend(): boolean {
    return this.draft.trim() !== '' && !this.pending;
  }

  setOpen(open: boolean): void {
    this.open = open;
  }

  setDraft(text: string): void {
    this.draft = text;
  }

  private say(type: AssistantMessage['type'], content: string, error = false): void {
    this.messages = [
      ...this.messages,
      { id: `msg_${this.nextId++}`, type, content, timestamp: this.now(), ...(error ? { error } : {}) },
    ];
  }

  /** The chat's key handling: Enter sends, Shift+Enter adds a newline. Returns true when handled. */
  onKey(key: string, shiftKey: boolean): boolean {
    if (key !== 'Enter' || shiftKey) return false;
    void this.send();
    return true;
  }

  async send(): Promise<void> {
    if (!this.canSend) return;
    const prompt = this.draft.trim();
    this.say('user', prompt);
    this.setDraft('');
    if (!this.session.signedIn) {
      this.say('assistant', ASSISTANT.signInNeeded, true);
      return;
    }
    runInAction(() => {
      this.pending = true;
    });
    try {
      const token = await this.session.accessToken();
      if (!token) {
        this.say('assistant', ASSISTANT.noToken, true);
        return;
      }
      const answer = await this.api.generateApp(prompt);
      const draft = generatedAppDraft(answer, prompt);
      this.say('assistant', answer.message || ASSISTANT.built.description);
      this.builder.drafts.loadGeneratedApp(
        draft,
        {
          onLoaded: () => {
            this.toasts.success(ASSISTANT.built);
            this.analytics?.track('assistant_used', {
              prompt_length: prompt.length,
              plugins_generated: draft.config.plugins.length,
            });
          },
        },
        {
          title: ASSISTANT.replaceTitle,
          description: ASSISTANT.replaceText,
          confirm: ASSISTANT.replaceConfirm,
        },
      );
    } catch (error) {
      console.warn('The assistant could not build the app.', error);
      this.say('assistant', assistantErrorMessage(error), true);
    } finally {
      runInAction(() => {
        this.pending = false;
      });
    }
  }
}
