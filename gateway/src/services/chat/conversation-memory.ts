import { cutText } from '@blocksmith/schema';

/**
 * What a chat turn's AI blocks are told of the conversation so far: the latest turns word for
 * word, and what the person asked before them (or nothing), within a budget of characters that
 * keeps it well inside a small model's context (about 3,000 tokens).
 */

/** How many of the latest turns are given word for word when the app does not say (Chat Input's default). */
export const DEFAULT_MEMORY_TURNS = 10;

/** The most characters the conversation so far takes in a prompt. */
export const MEMORY_BUDGET_CHARS = 12_000;

/** A message or an answer longer than this is cut in the memory (it stays whole in the conversation). */
const TURN_CHARS = 2_000;

/** An earlier question is remembered by its first sentence, at most this long. */
const EARLIER_CHARS = 160;

/** How a conversation is remembered: the Chat Input's settings, or the defaults for any other app. */
export interface MemorySettings {
  /** The latest turns given word for word (0 to 50). */
  turns: number;
  /** The turns before those: what the person asked in them (`summary`), or nothing (`forget`). */
  older: 'summary' | 'forget';
}

export const DEFAULT_MEMORY: MemorySettings = { turns: DEFAULT_MEMORY_TURNS, older: 'summary' };

/** A turn that was answered, as the memory takes it. */
export interface AnsweredTurn {
  message: string;
  answer: string;
}

function cut(text: string, max: number): string {
  const clean = text.trim();
  return clean.length <= max ? clean : `${cutText(clean, max - 1)}…`;
}

function firstSentence(text: string): string {
  const line = text.trim().split(/\n/)[0] ?? '';
  const sentence = /^.*?[.!?](?=\s|$)/.exec(line)?.[0] ?? line;
  return cut(sentence, EARLIER_CHARS);
}

function turnText(turn: AnsweredTurn): string {
  return `Person: ${cut(turn.message, TURN_CHARS)}\nAssistant: ${cut(turn.answer, TURN_CHARS)}`;
}

/**
 * The conversation so far as the AI blocks get it (`{{conversation}}`), oldest first: a line
 * naming what the person asked earlier (with `older: 'summary'`), then the latest turns as
 * `Person:` / `Assistant:` lines. Empty before the first answer. The latest turns that do not fit
 * the budget join the earlier ones; the earliest questions are left out first.
 */
export function conversationText(answered: readonly AnsweredTurn[], settings: MemorySettings): string {
  const keep = Math.max(0, Math.min(50, Math.floor(settings.turns)));
  const recent: string[] = [];
  let used = 0;
  let firstRecent = answered.length;
  for (let i = answered.length - 1; i >= 0 && answered.length - i <= keep; i--) {
    const text = turnText(answered[i]!);
    if (used + text.length + 1 > MEMORY_BUDGET_CHARS) break;
    recent.unshift(text);
    used += text.length + 1;
    firstRecent = i;
  }
  const parts: string[] = [];
  if (settings.older === 'summary' && firstRecent > 0) {
    const asked: string[] = [];
    let room = MEMORY_BUDGET_CHARS - used - 80;
    // The latest of the earlier questions first, so the budget keeps those nearest in time.
    for (let i = firstRecent - 1; i >= 0; i--) {
      const question = `"${firstSentence(answered[i]!.message)}"`;
      if (question.length + 2 > room) break;
      asked.unshift(question);
      room -= question.length + 2;
    }
    const left = firstRecent - asked.length;
    if (asked.length > 0) {
      parts.push(
        `Earlier in this conversation the person asked: ${asked.join('; ')}${left > 0 ? ` (and ${left} more before)` : ''}.`,
      );
    }
  }
  parts.push(...recent);
  return parts.join('\n');
}
