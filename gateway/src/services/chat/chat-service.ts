import { cutText, hasUnstorableCharacter } from '@blocksmith/schema';
import type { BlockRegistry } from '../../kernel';
import { ConflictError, InputError } from '../../errors';
import { isUuid } from '../../ids';
import type { AppService } from '../apps/app-service';
import type { RunService, StoredRun } from '../runs/run-service';
import type { StartRunRequest } from '../runs/run-start';
import { chatShapeOf, type ChatShape } from './chat-app';
import { turnMemory, type ModelContexts } from './memory-models';
import { ConversationStore, endingOf, type ConversationSummary, type TurnView } from './conversation-store';
import type { DataSource } from 'typeorm';

export { CONVERSATIONS_LISTED, type ConversationSummary, type TurnView } from './conversation-store';
export type { ChatShape } from './chat-app';

/** The longest message a turn takes. */
export const MAX_MESSAGE_CHARS = 20_000;

/** The longest conversation title. */
export const MAX_TITLE_CHARS = 120;

export interface ChatViewer {
  /** The person, or for an embed visitor the account that pays (the embed's owner). */
  userId: string;
  isAdmin?: boolean;
  /** An embed visitor who is not signed in (a digest of their token): their conversations only. */
  visitorId?: string | null;
}

export interface ChatRequest extends ChatViewer {
  appId: string;
  /** The person's message; with `regenerate`, left out (the last turn's message is sent again). */
  message?: string | null;
  /** The conversation it continues; a new one when absent. */
  conversationId?: string | null;
  /** Answer the last turn again: it is replaced by the new answer (its run stays in run history). */
  regenerate?: boolean;
  /**
   * Run the app's live version as a published run, whoever sends it (its owner too): a message
   * sent with an API key, as the key's runs are.
   */
  live?: boolean;
  /** The run's terms from an embed: a visitor's run on the owner's credits, its cap, the price confirmation. */
  terms?: Pick<StartRunRequest, 'visitor' | 'embedPeriod' | 'checkPrice'>;
}

export interface StartedTurn {
  conversationId: string;
  turn: TurnView;
  runId: string;
  /** Credits charged as the turn's run started. */
  cost: number;
  /**
   * Settles once the run has ended, with the turn as stored (answer or error) and the run; or
   * once it waits for approval, with the turn `waiting` (its answer comes when the run ends).
   */
  done: Promise<{ turn: TurnView; run: StoredRun }>;
}

export interface ConversationView extends ConversationSummary {
  messages: TurnView[];
}

export interface ChatServiceDeps {
  dataSource: DataSource;
  apps: AppService;
  runs: RunService;
  registry: BlockRegistry;
  /** The server's models: each AI block's memory is sized to its model's context (absent: 12,000 characters). */
  models?: ModelContexts;
}

/**
 * Chat apps: each message a person sends an app is a turn, a paid run of the app (source `chat`)
 * whose Chat Input and AI blocks are given the conversation so far (`conversation-memory.ts`);
 * turns are kept per person and app as conversations (listed, renamed, deleted; another person's
 * is not found). Any app whose one input is a text input can be chatted with.
 */
export class ChatService {
  private readonly store: ConversationStore;

  constructor(private readonly deps: ChatServiceDeps) {
    this.store = new ConversationStore(deps.dataSource);
  }

  /** Whether the app can be chatted with (as the person would run it), its message box and its memory. */
  async shape(viewer: ChatViewer, appId: string, live = false): Promise<ChatShape> {
    // The live version as the store shows it, whoever asks (as RunService reads a live run's app).
    const { app } = await this.deps.apps.forRun(
      live ? { userId: null, isAdmin: false } : { userId: viewer.userId, isAdmin: viewer.isAdmin ?? false },
      appId,
    );
    return chatShapeOf(app.config, this.deps.registry);
  }

  /** Sends a message (or answers the last one again) and starts its run; answers at once. */
  async send(request: ChatRequest): Promise<StartedTurn> {
    if (request.conversationId != null && !isUuid(request.conversationId)) {
      throw new InputError('`conversationId` must be the id of one of your conversations (a UUID).');
    }
    const shape = await this.shape(request, request.appId, request.live ?? false);
    if (!shape.chattable) throw new InputError(shape.reason);
    const conversation =
      request.conversationId != null
        ? await this.store.own(
            request.userId,
            request.conversationId,
            request.appId,
            request.visitorId ?? null,
          )
        : null;
    const turns = conversation ? await this.store.turns(conversation.id) : [];
    const last = turns.at(-1);
    if (last?.status === 'running') {
      throw new ConflictError(
        'The last message is still being answered: wait for its answer, then send the next one.',
      );
    }
    if (last?.status === 'waiting') {
      throw new ConflictError(
        `The last message waits for approval (its run: GET /api/runs/${last.runId}): send the next one once it is approved and answered, or rejected, or start a new conversation.`,
      );
    }
    let message: string;
    let earlier = turns;
    if (request.regenerate) {
      if (!last) throw new InputError('There is no answer to regenerate yet: send a message first.');
      message = last.message;
      earlier = turns.slice(0, -1);
    } else {
      message = checkedMessage(request.message);
    }
    const answered = earlier.flatMap((turn) =>
      turn.status === 'succeeded' && turn.answer ? [{ message: turn.message, answer: turn.answer }] : [],
    );
    // The models' contexts as their providers list them (the run waits for that listing too).
    await this.deps.models?.ready?.();
    const started = await this.deps.runs.start({
      userId: request.userId,
      ...(request.isAdmin !== undefined && { isAdmin: request.isAdmin }),
      appId: request.appId,
      inputs: { [shape.inputKey]: message },
      source: 'chat',
      ...(request.live && { actionType: 'published' as const, live: true }),
      ...request.terms,
      chat: turnMemory(answered, shape.memory, shape.memoryModels, this.deps.models),
    });
    const { conversationId, turn } = await this.store.addTurn({
      userId: request.userId,
      visitorId: request.visitorId ?? null,
      appId: request.appId,
      conversationId: conversation?.id ?? null,
      title: titleOf(message),
      message,
      runId: started.runId,
      ...(request.regenerate && last && { replaces: last }),
    });
    const done = started.done.then(async (run) => {
      const ending = endingOf(run);
      // Waiting for approval: the turn waits with its run, and takes its ending once the run ends.
      if (!ending) return { turn: { ...turn, status: 'waiting' as const }, run };
      return { turn: { ...turn, ...(await this.store.settle(turn.id, ending)) }, run };
    });
    done.catch(() => undefined); // callers that only stream the run do not wait for it
    return { conversationId, turn, runId: started.runId, cost: started.cost, done };
  }

  /**
   * Stops the answer of the conversation's last message: its run ends aborted and refunded, and
   * the message keeps no answer (regenerate asks again). Its run may execute on another process:
   * that one is asked to stop it (`RunService.stop`). False when nothing is being answered, or
   * when the run did not stop (it ended first, or its process did not stop it within 15 s).
   */
  async stop(viewer: ChatViewer, conversationId: string): Promise<boolean> {
    const conversation = await this.store.own(
      viewer.userId,
      conversationId,
      undefined,
      viewer.visitorId ?? null,
    );
    const last = (await this.store.turns(conversation.id)).at(-1);
    if (last?.status !== 'running' || last.runId === null) return false;
    return this.deps.runs.stop(last.runId);
  }

  /** The person's conversations, latest first (with one app when `appId` is given). */
  list(viewer: ChatViewer, appId: string | null): Promise<ConversationSummary[]> {
    return this.store.list(viewer.userId, appId, viewer.visitorId ?? null);
  }

  /** The conversation a run answered a message of, when it is the person's own; else null. */
  conversationOfRun(userId: string, runId: string): Promise<string | null> {
    return this.store.conversationOfRun(userId, runId);
  }

  /** One of the person's conversations with its messages and answers, in order. */
  async get(viewer: ChatViewer, id: string): Promise<ConversationView> {
    const conversation = await this.store.own(viewer.userId, id, undefined, viewer.visitorId ?? null);
    const messages = await this.store.turns(conversation.id);
    return { ...(await this.store.summary(conversation)), messages };
  }

  async rename(viewer: ChatViewer, id: string, title: unknown): Promise<ConversationSummary> {
    const conversation = await this.store.own(viewer.userId, id, undefined, viewer.visitorId ?? null);
    return this.store.summary(await this.store.rename(conversation, checkedTitle(title)));
  }

  /** Deletes the conversation and its messages; its runs stay in run history (they were paid). */
  async delete(viewer: ChatViewer, id: string): Promise<void> {
    await this.store.delete(await this.store.own(viewer.userId, id, undefined, viewer.visitorId ?? null));
  }
}

function checkedMessage(message: unknown): string {
  if (typeof message !== 'string' || message.trim() === '') {
    throw new InputError('Write a message to send: `message` must be text that is not empty.');
  }
  if (message.length > MAX_MESSAGE_CHARS) {
    throw new InputError(
      `The message is too long: ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters at most (it has ${message.length.toLocaleString('en-US')}). Shorten it and send it again.`,
    );
  }
  if (hasUnstorableCharacter(message)) {
    throw new InputError(
      'The message contains a character that cannot be stored (a NUL character, \\u0000, or half of a surrogate pair); remove it and send again.',
    );
  }
  return message;
}

function checkedTitle(title: unknown): string {
  if (typeof title !== 'string' || title.trim() === '') {
    throw new InputError('Give the conversation a name: `title` must be text that is not empty.');
  }
  const clean = title.trim().replace(/\s+/g, ' ');
  if (clean.length > MAX_TITLE_CHARS) {
    throw new InputError(`The name is too long: ${MAX_TITLE_CHARS} characters at most.`);
  }
  if (hasUnstorableCharacter(clean)) {
    throw new InputError(
      'The name contains a character that cannot be stored (a NUL character, \\u0000, or half of a surrogate pair); remove it and send again.',
    );
  }
  return clean;
}

/** A new conversation's name: its first message's first line, cut to 60 characters. */
export function titleOf(message: string): string {
  const line = message.trim().split(/\n/)[0]!.replace(/\s+/g, ' ');
  return line.length <= 60 ? line : `${cutText(line, 59).trimEnd()}…`;
}
