import { capitalise, fnvHash, joinList, OFFLINE_MARKER, pick, type TextRequest } from '@blocksmith/block-sdk';

// Every text the offline provider writes starts with OFFLINE_MARKER, so nobody mistakes it for an AI answer.

const STOP_WORDS = new Set(
  (
    'a an the and or but nor so yet of to in on at by for from with without into onto over under about ' +
    'as is are was were be been being am do does did done have has had having it its this that these those ' +
    'there here then than too very can could should would will shall may might must not no yes if else when ' +
    'while where which who whom whose what why how all any both each few more most other some such only own ' +
    'same just also i me my we our you your he him his she her they them their us please up down out off ' +
    'again further once per via etc one two three four five six seven eight nine ten ' +
    // instruction words: they say what to do, not what it is about
    'write writes writing generate create make give provide list describe explain summarise summarize ' +
    'summary reply answer respond response return output short brief clear helpful concise simple text ' +
    'following below above item items line lines bullet bullets numbered using use based ideas idea ' +
    'introduction requested request only app new own way ways classify analyse analyze translate rewrite ' +
    'extract compare score evaluate rate tell show find identify determine suggest called named say says ' +
    'said get gets like want wants need needs'
  ).split(' '),
);

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’&+-]*/gu;
/** A word (as WORD), or a run of the marks that end a phrase (group 1). */
const TOKEN = /([.,;:!?()[\]{}"“”«»\n\r\t—–/|*#<>=_`]+)|[\p{L}\p{N}][\p{L}\p{N}'’&+-]*/gu;
const CAPITALISED = /^\p{Lu}/u;

/** Whether `word` is only ASCII digits. */
function isNumber(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** Whether `word` starts with a capital letter (ASCII without a regular expression). */
function capitalised(word: string): boolean {
  const code = word.charCodeAt(0);
  if (code < 128) return code >= 65 && code <= 90;
  return CAPITALISED.test(word);
}

/**
 * The phrases that say what a request is about: runs of up to three content words, the ones whose
 * words recur most, in the order they appear. Deterministic. Runs for every offline text answer
 * (a 1,000-item loop asks 1,000 times a run), so it reads the text once and keeps no per-word objects.
 */
export function keyPhrases(text: string, count: number): string[] {
  // The words in order, and null where marks end a phrase.
  const tokens: (string | null)[] = [];
  const lowercaseSeen = new Set<string>();
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    if (match[1] !== undefined) {
      tokens.push(null);
      continue;
    }
    const word = match[0];
    tokens.push(word);
    if (word === word.toLowerCase()) lowercaseSeen.add(word);
  }
  // Runs of content words (as shown: lowercase where the text has them lowercase somewhere), cut
  // into phrases of up to three words; a phrase is its first word's index and its length.
  const frequency = new Map<string, number>();
  const shown: string[] = [];
  const starts: number[] = [];
  const lengths: number[] = [];
  let run = 0;
  const flush = () => {
    for (let i = run; i < shown.length; i += 3) {
      starts.push(i);
      lengths.push(Math.min(3, shown.length - i));
    }
    run = shown.length;
  };
  for (const word of tokens) {
    if (word === null) {
      flush();
      continue;
    }
    const lower = word.toLowerCase();
    // A capitalised word after a capitalised one is part of a name ("Bean There"), even if common.
    const inName = shown.length > run && capitalised(word) && capitalised(shown[shown.length - 1]!);
    if ((STOP_WORDS.has(lower) && !inName) || isNumber(word) || word.length < 2) {
      flush();
      continue;
    }
    frequency.set(lower, (frequency.get(lower) ?? 0) + 1);
    shown.push(lowercaseSeen.has(lower) ? lower : word);
  }
  flush();
  // Each phrase once (its first), with a word of three letters or more, scored by how often its
  // words recur and how long it is; the best `count`, ties to the earlier, in the order they appear.
  const seen = new Set<string>();
  const phrases: string[] = [];
  const scores: number[] = [];
  const order: number[] = [];
  for (let c = 0; c < starts.length; c++) {
    const start = starts[c]!;
    const end = start + lengths[c]!;
    let long = false;
    let score = (end - start) * 0.5;
    for (let i = start; i < end; i++) {
      if (shown[i]!.length >= 3) long = true;
      score += frequency.get(shown[i]!.toLowerCase()) ?? 0;
    }
    const phrase = end - start === 1 ? shown[start]! : shown.slice(start, end).join(' ');
    const key = phrase.toLowerCase();
    if (seen.has(key) || !long) continue;
    seen.add(key);
    // Kept in order of score (stable: an earlier phrase stays before a later one of the same score).
    let at = order.length;
    while (at > 0 && scores[order[at - 1]!]! < score) at--;
    order.splice(at, 0, phrases.length);
    phrases.push(phrase);
    scores.push(score);
  }
  return order
    .slice(0, count)
    .sort((a, b) => a - b)
    .map((index) => phrases[index]!);
}

/** The words of `text` that say what it is about (no stop words), lowercased. */
export function contentWords(text: string): Set<string> {
  const words = (text.match(WORD) ?? []).map((word) => word.toLowerCase());
  return new Set(words.filter((word) => word.length >= 2 && !STOP_WORDS.has(word) && !/^\d+$/.test(word)));
}

/** The request's first sentence, cut at a word boundary to at most `max` characters. */
export function firstSentence(text: string, max = 120): string {
  const trimmed = text.trim();
  const lineEnd = trimmed.indexOf('\n');
  const line = lineEnd < 0 ? trimmed : trimmed.slice(0, lineEnd);
  const sentence = (/^.*?[.!?](?=\s|$)/.exec(line)?.[0] ?? line).replace(/[“”"]/g, "'").trim();
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : max).trimEnd()}…`;
}

/** How many items a list request asks for ("5 names", "three ideas"), or undefined. */
function requestedCount(prompt: string): { count: number; noun: string } | undefined {
  const match =
    /\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:[\p{L}-]+\s+){0,2}?([\p{L}-]+?)s\b/iu.exec(
      prompt,
    );
  if (!match) return undefined;
  const count = NUMBER_WORDS[match[1]!.toLowerCase()] ?? Number(match[1]);
  return count >= 1 ? { count: Math.min(count, 10), noun: match[2]!.toLowerCase() } : undefined;
}

const LIST_ASKED =
  /\b(?:one|each)\b[^.\n]{0,30}\b(?:per line|on (?:its|a|their) own line|on a (?:new|separate) line)|\blist\b|\bbullet|\bnumbered\b/i;

/** Whether each system message asks for a list, for the few system messages blocks send. */
const systemsAskingForLists = new Map<string, boolean>();

/** Whether the system message or the prompt asks for a list (no match reaches across the two). */
function wantsList(request: TextRequest): boolean {
  const { system } = request;
  if (system !== undefined) {
    let asks = systemsAskingForLists.get(system);
    if (asks === undefined) {
      asks = LIST_ASKED.test(system);
      if (systemsAskingForLists.size >= 64) systemsAskingForLists.clear();
      systemsAskingForLists.set(system, asks);
    }
    if (asks) return true;
  }
  return LIST_ASKED.test(request.prompt);
}

/** How a prose answer opens, one picked by the request's hash (only the one picked is written). */
const OPENERS: readonly ((ask: string, stop: string) => string)[] = [
  (ask, stop) => `This stands in for the answer to '${ask}'${stop}`,
  (ask, stop) => `A placeholder answer to '${ask}'${stop}`,
  (ask) => `Here is where the answer to '${ask}' would go.`,
];
const TOPIC_LEADS = ['It would cover', 'The main points would be', 'It would focus on'];

/**
 * A deterministic stand-in answer that restates what was asked: a few sentences for prose, several
 * lines for a list request. Always starts with the offline marker.
 */
export function offlineAnswer(request: TextRequest): string {
  const seed = fnvHash(`${request.system ?? ''}\u0000${request.prompt}`);
  const phrases = keyPhrases(request.prompt, 4);
  if (wantsList(request)) return listAnswer(request, phrases, seed);

  const ask = firstSentence(request.prompt) || 'your request';
  // A quoted sentence that ends with its own stop gets no second one after the closing quote.
  const stop = /[.!?…]$/.test(ask) ? '' : '.';
  const opener = pick(OPENERS, seed)(ask, stop);
  const topic = phrases.length === 0 ? '' : ` ${pick(TOPIC_LEADS, seed >>> 3)} ${joinList(phrases)}.`;
  const closer =
    ' No AI service is connected, so this text is a preview: set OPENAI_API_KEY for real answers.';
  const answer = `${OFFLINE_MARKER} ${opener}${topic}${closer}`;
  if (request.maxTokens === undefined) return answer;
  const words = answer.split(' ');
  return words.slice(0, Math.max(12, request.maxTokens)).join(' ');
}

function listAnswer(request: TextRequest, phrases: string[], seed: number): string {
  const asked = requestedCount(request.prompt);
  const count = asked?.count ?? 3 + (seed % 3);
  const noun = asked?.noun ?? 'item';
  const countedNoun = new RegExp(`^${noun}s?$`, 'i');
  const relevant = phrases.filter((p) => !countedNoun.test(p));
  const topics = relevant.length > 0 ? relevant : ['Your request'];
  const numbered = /\bnumbered\b/i.test(`${request.system ?? ''} ${request.prompt}`);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const topic = capitalise(topics[(i + (seed % topics.length)) % topics.length]!);
    lines.push(`${numbered ? `${i + 1}. ` : ''}${topic} (${noun} ${i + 1} of ${count})`);
  }
  return `${OFFLINE_MARKER} ${lines.join('\n')}`;
}

/** Splits text into word-sized pieces (each word with the whitespace after it), as a stream would. */
export function wordPieces(text: string): string[] {
  const pieces: string[] = [];
  eachWordPiece(text, (piece) => void pieces.push(piece));
  return pieces;
}

/** Hands each of `wordPieces(text)` to `take` in turn, without a list of them or a regular expression. */
export function eachWordPiece(text: string, take: (piece: string) => void): void {
  let from = 0;
  let at = 0;
  while (at < text.length) {
    // Leading whitespace is a piece of its own; then a word and the whitespace after it.
    while (at < text.length && !isSpace(text.charCodeAt(at))) at++;
    while (at < text.length && isSpace(text.charCodeAt(at))) at++;
    take(text.slice(from, at));
    from = at;
  }
}

/** `\s` of a regular expression: ASCII and Unicode white space, line ends, BOM. */
function isSpace(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
