import { randomUUID } from 'node:crypto';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { Conversation, ConversationTurn, type ConversationTurnStatus } from '../../data/entities';
import { NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import { expandResult } from '../runs/compact-result';
import { answerOf } from './chat-answer';

/** The most conversations a list answers (the latest first). */
export const CONVERSATIONS_LISTED = 100;

/** A conversation as lists show it. */
export interface ConversationSummary {
  id: string;
  appId: string;
  title: string;
  /** How many turns it holds. */
  turns: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Where a turn is, as it is shown: as stored, or `waiting` while its run waits for approval (it is
 * stored `running` then, and takes its ending from the run once the run has ended).
 */
export type TurnStatus = ConversationTurnStatus | 'waiting';

/** How a turn's run ended: its answer, or why there is none. */
export interface TurnEnding {
  status: 'succeeded' | 'failed';
  answer: string | null;
  error: string | null;
}

export interface TurnView {
  id: string;
  position: number;
  message: string;
  /** Null while it is being answered (or waits for approval), and when its run failed. */
  answer: string | null;
  status: TurnStatus;
  error: string | null;
  runId: string | null;
  createdAt: Date;
}

const NOT_FOUND = 'Conversation not found.';

function turnView(turn: ConversationTurn): TurnView {
  return {
    id: turn.id,
    position: turn.position,
    message: turn.message,
    answer: turn.answer,
    status: turn.status,
    error: turn.error,
    runId: turn.runId,
    createdAt: turn.createdAt,
  };
}

/** Every statement about conversations and their turns. Another person's conversation is not found. */
export class ConversationStore {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The person's conversation (with that app, when `appId` is given), or NotFoundError. With
   * `visitorId`, an embed visitor's on the account `userId`; without, never a visitor's.
   */
  async own(
    userId: string,
    id: string,
    appId?: string,
    visitorId: string | null = null,
  ): Promise<Conversation> {
    const found = isUuid(id)
      ? await this.dataSource
          .getRepository(Conversation)
          .findOneBy({ id, userId, visitorId: visitorId ?? IsNull(), ...(appId && { appId }) })
      : null;
    if (!found) throw new NotFoundError(NOT_FOUND);
    return found;
  }

  async list(
    userId: string,
    appId: string | null,
    visitorId: string | null = null,
  ): Promise<ConversationSummary[]> {
    if (appId !== null && !isUuid(appId)) return [];
    const rows = (await this.dataSource.query(
      `SELECT c.id, c.app_id, c.title, c.created_at, c.updated_at,
              (SELECT count(*)::int FROM conversation_turns t WHERE t.conversation_id = c.id) AS turns
         FROM conversations c
        WHERE c.user_id = $1 AND ($2::uuid IS NULL OR c.app_id = $2::uuid)
          AND c.visitor_id IS NOT DISTINCT FROM $3::text
        ORDER BY c.updated_at DESC, c.id
        LIMIT ${CONVERSATIONS_LISTED}`,
      [userId, appId, visitorId],
    )) as { id: string; app_id: string; title: string; created_at: Date; updated_at: Date; turns: number }[];
    return rows.map((row) => ({
      id: row.id,
      appId: row.app_id,
      title: row.title,
      turns: row.turns,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
    }));
  }

  async summary(conversation: Conversation): Promise<ConversationSummary> {
    const turns = await this.dataSource
      .getRepository(ConversationTurn)
      .countBy({ conversationId: conversation.id });
    return {
      id: conversation.id,
      appId: conversation.appId,
      title: conversation.title,
      turns,
      createdAt: conversation.createdAt,
      updatedAt: conversation.updatedAt,
    };
  }

  /**
   * A conversation's turns in order. A turn still marked running whose run has ended takes its
   * answer from the run first: its process stopped before it wrote the answer, or the run waited
   * for approval and ended later, on any process. A turn whose run waits is shown `waiting`.
   */
  async turns(conversationId: string): Promise<TurnView[]> {
    const repo = this.dataSource.getRepository(ConversationTurn);
    const turns = await repo.find({ where: { conversationId }, order: { position: 'ASC' } });
    const waiting = new Set<string>();
    for (const turn of turns) {
      if (turn.status !== 'running') continue;
      if (turn.runId === null) {
        Object.assign(
          turn,
          await this.settle(turn.id, { status: 'failed', answer: null, error: 'The run was deleted.' }),
        );
        continue;
      }
      const [run] = (await this.dataSource.query('SELECT status, result, error FROM runs WHERE id = $1', [
        turn.runId,
      ])) as { status: string; result: unknown; error: string | null }[];
      if (!run) continue;
      if (run.status === 'waiting') waiting.add(turn.id);
      // A succeeded run's result is stored compacted (runs/compact-result.ts).
      const ending = endingOf({ ...run, result: expandResult(run.result as Record<string, unknown> | null) });
      if (ending) Object.assign(turn, await this.settle(turn.id, ending));
    }
    return turns.map((turn) => ({ ...turnView(turn), ...(waiting.has(turn.id) && { status: 'waiting' }) }));
  }

  /** Creates a conversation (when `conversationId` is null) and its next turn, for a run already started. */
  async addTurn(entry: {
    userId: string;
    /** An embed visitor's conversation (on `userId`'s account), when it starts one. */
    visitorId?: string | null;
    appId: string;
    conversationId: string | null;
    title: string;
    message: string;
    runId: string;
    /** A turn this one replaces (regenerate): deleted in the same transaction, its place taken. */
    replaces?: TurnView;
  }): Promise<{ conversationId: string; turn: TurnView }> {
    return this.dataSource.transaction(async (manager) => {
      let conversationId = entry.conversationId;
      if (conversationId === null) {
        conversationId = randomUUID();
        await manager.insert(Conversation, {
          id: conversationId,
          userId: entry.userId,
          visitorId: entry.visitorId ?? null,
          appId: entry.appId,
          title: entry.title,
        });
      } else {
        // Locks the conversation: turns sent at once take their places one after the other.
        await manager.query('SELECT id FROM conversations WHERE id = $1 FOR UPDATE', [conversationId]);
        await manager.update(Conversation, { id: conversationId }, { updatedAt: () => 'now()' });
      }
      if (entry.replaces) await manager.delete(ConversationTurn, { id: entry.replaces.id });
      const position = entry.replaces?.position ?? (await nextPosition(manager, conversationId));
      const turn: ConversationTurn = {
        id: randomUUID(),
        conversationId,
        position,
        runId: entry.runId,
        message: entry.message,
        answer: null,
        status: 'running',
        error: null,
        createdAt: new Date(),
      };
      await manager
        .getRepository(ConversationTurn)
        .save(manager.getRepository(ConversationTurn).create(turn));
      return { conversationId, turn: turnView(turn) };
    });
  }

  /** Stores a turn's ending, once: a turn no longer running is left as it is. */
  async settle(turnId: string, ending: TurnEnding): Promise<TurnEnding> {
    await this.dataSource
      .getRepository(ConversationTurn)
      .update(
        { id: turnId, status: 'running' },
        { status: ending.status, answer: ending.answer, error: ending.error },
      );
    return ending;
  }

  /**
   * The conversation a run answered a message of, when it is `userId`'s own (not a visitor's on
   * their account); null for any other run, and for a regenerated answer's earlier run.
   */
  async conversationOfRun(userId: string, runId: string): Promise<string | null> {
    if (!isUuid(runId)) return null;
    const [row] = (await this.dataSource.query(
      `SELECT c.id FROM conversation_turns t JOIN conversations c ON c.id = t.conversation_id
        WHERE t.run_id = $1 AND c.user_id = $2 AND c.visitor_id IS NULL`,
      [runId, userId],
    )) as { id: string }[];
    return row?.id ?? null;
  }

  async rename(conversation: Conversation, title: string): Promise<Conversation> {
    await this.dataSource
      .getRepository(Conversation)
      .update({ id: conversation.id }, { title, updatedAt: () => 'now()' });
    return this.dataSource.getRepository(Conversation).findOneByOrFail({ id: conversation.id });
  }

  /** Deletes the conversation and its turns; the runs stay in run history. */
  async delete(conversation: Conversation): Promise<void> {
    await this.dataSource
      .getRepository(Conversation)
      .delete({ id: conversation.id, userId: conversation.userId });
  }
}

async function nextPosition(manager: EntityManager, conversationId: string): Promise<number> {
  const [row] = (await manager.query(
    'SELECT coalesce(max(position), -1) + 1 AS next FROM conversation_turns WHERE conversation_id = $1',
    [conversationId],
  )) as { next: number | string }[];
  return Number(row?.next ?? 0);
}

/** The statuses of a run that has not ended: the turn keeps waiting for its answer. */
const UNENDED = new Set(['queued', 'running', 'waiting']);

/**
 * A turn's ending from its run: its answer when it succeeded, its error when it did not; null
 * while the run goes on or waits for approval (the turn takes its ending once the run has ended).
 */
export function endingOf(run: { status: string; result: unknown; error: string | null }): TurnEnding | null {
  if (UNENDED.has(run.status)) return null;
  if (run.status === 'succeeded') return { status: 'succeeded', answer: answerOf(run.result), error: null };
  return {
    status: 'failed',
    answer: null,
    error: run.error ?? (run.status === 'aborted' ? 'The answer was stopped.' : 'The run did not finish.'),
  };
}
