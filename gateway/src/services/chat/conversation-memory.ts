import { cutText } from '@blocksmith/schema';

/**
 * What a chat turn's AI blocks are told of the conversation so far: the latest turns word for
 * word, and before them each question with the start of its answer (or nothing), within a budget
 * of characters sized to the model's context (`memoryBudget`).
 */

/** How many of the latest turns are given word for word when the app does not say (Chat Input's default). */
export const DEFAULT_MEMORY_TURNS = 10;

/**
 * The most characters the conversation so far takes in a prompt to a model whose context the
 * vendor does not state (about 3,000 tokens, inside the smallest models' contexts).
 */
export const MEMORY_BUDGET_CHARS = 12_000;

/**
 * The most characters it takes however large the model's context (about 16,000 tokens): every AI
 * block's call sends it again, so a longer memory costs more on each call than it helps.
 */
export const MAX_MEMORY_CHARS = 64_000;

/** The share of a model's context the conversation so far may take. */
export const MEMORY_CONTEXT_SHARE = 1 / 4;

/** About how many characters a token holds (English text). */
export const CHARS_PER_TOKEN = 4;

/**
 * The characters of memory a model gets: a quarter of its context (`contextTokens`, about 4
 * characters a token), at most `MAX_MEMORY_CHARS`; `MEMORY_BUDGET_CHARS` when the vendor does
 * not say how large its context is.
 */
export function memoryBudget(contextTokens: number | undefined): number {
  if (contextTokens === undefined || !Number.isFinite(contextTokens) || contextTokens <= 0) {
    return MEMORY_BUDGET_CHARS;
  }
  return Math.min(MAX_MEMORY_CHARS, Math.floor(contextTokens * MEMORY_CONTEXT_SHARE * CHARS_PER_TOKEN));
}

/**
 * A message or an answer longer than this is cut in the memory (it stays whole in the
 * conversation): 2,000 characters within the default budget, a sixth of a larger one, a third
 * of a smaller one (so the latest message and its answer still fit a small model's memory).
 */
function turnChars(budget: number): number {
  return Math.max(Math.min(2_000, Math.floor(budget / 3)), Math.floor(budget / 6));
}

/** An earlier question is remembered by its first sentence, at most this long. */
const EARLIER_CHARS = 160;

/** An earlier answer is remembered by its first sentence too, at most this long: briefly. */
const EARLIER_ANSWER_CHARS = 200;

/** How a conversation is remembered: the Chat Input's settings, or the defaults for any other app. */
export interface MemorySettings {
  /** The latest turns given word for word (0 to 50). */
  turns: number;
  /**
   * The turns before those: each question with the start of its answer (`summary`), or nothing
   * (`forget`).
   */
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

/** The first sentence of the first line that says something, cut to `max` characters. */
function firstSentence(text: string, max: number): string {
  const line =
    text
      .split(/\n/)
      .map((part) => part.trim())
      .find((part) => part !== '') ?? '';
  const sentence = /^.*?[.!?](?=\s|$)/.exec(line)?.[0] ?? line;
  return cut(sentence, max);
}

/** An earlier turn in brief: its question and the start of its answer. */
function briefText(turn: AnsweredTurn): string {
  return `"${firstSentence(turn.message, EARLIER_CHARS)}" (answered: "${firstSentence(turn.answer, EARLIER_ANSWER_CHARS)}")`;
}

function turnText(turn: AnsweredTurn, max: number): string {
  return `Person: ${cut(turn.message, max)}\nAssistant: ${cut(turn.answer, max)}`;
}

/**
 * The conversation so far as the AI blocks get it (`{{conversation}}`), oldest first: a line
 * naming what the person asked earlier, each question with the first sentence of its answer (with
 * `older: 'summary'`), then the latest turns as `Person:` / `Assistant:` lines. Empty before the
 * first answer. The latest turns that do not fit `budget` (characters: `memoryBudget` of the
 * model) join the earlier ones; the earliest are left out first.
 */
export function conversationText(
  answered: readonly AnsweredTurn[],
  settings: MemorySettings,
  budget: number = MEMORY_BUDGET_CHARS,
): string {
  const keep = Math.max(0, Math.min(50, Math.floor(settings.turns)));
  const max = turnChars(budget);
  const recent: string[] = [];
  let used = 0;
  let firstRecent = answered.length;
  for (let i = answered.length - 1; i >= 0 && answered.length - i <= keep; i--) {
    const text = turnText(answered[i]!, max);
    if (used + text.length + 1 > budget) break;
    recent.unshift(text);
    used += text.length + 1;
    firstRecent = i;
  }
  const parts: string[] = [];
  if (settings.older === 'summary' && firstRecent > 0) {
    const asked: string[] = [];
    let room = budget - used - 80;
    // The latest of the earlier turns first, so the budget keeps those nearest in time.
    for (let i = firstRecent - 1; i >= 0; i--) {
      const brief = briefText(answered[i]!);
      if (brief.length + 2 > room) break;
      asked.unshift(brief);
      room -= brief.length + 2;
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
