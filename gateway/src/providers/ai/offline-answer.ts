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

/**
 * The phrases that say what a request is about: runs of up to three content words, the ones whose
 * words recur most, in the order they appear. Deterministic.
 */
export function keyPhrases(text: string, count: number): string[] {
  const lowercaseSeen = new Set((text.match(WORD) ?? []).filter((w) => w === w.toLowerCase()));
  const frequency = new Map<string, number>();
  const candidates: { words: string[]; at: number }[] = [];
  let at = 0;
  for (const segment of text.split(/[.,;:!?()[\]{}"“”«»\n\r\t—–/|*#<>=_`]+/)) {
    let run: string[] = [];
    const flush = () => {
      for (let i = 0; i < run.length; i += 3) candidates.push({ words: run.slice(i, i + 3), at: at++ });
      run = [];
    };
    for (const word of segment.match(WORD) ?? []) {
      const lower = word.toLowerCase();
      // A capitalised word after a capitalised one is part of a name ("Bean There"), even if common.
      const inName = /^\p{Lu}/u.test(word) && /^\p{Lu}/u.test(run[run.length - 1] ?? '');
      if ((STOP_WORDS.has(lower) && !inName) || /^\d+$/.test(word) || word.length < 2) {
        flush();
        continue;
      }
      frequency.set(lower, (frequency.get(lower) ?? 0) + 1);
      run.push(lowercaseSeen.has(lower) ? lower : word);
    }
    flush();
  }
  const seen = new Set<string>();
  const unique = candidates.filter((c) => {
    const key = c.words.join(' ').toLowerCase();
    if (seen.has(key) || !c.words.some((w) => w.length >= 3)) return false;
    seen.add(key);
    return true;
  });
  const score = (c: { words: string[] }) =>
    c.words.reduce((sum, w) => sum + (frequency.get(w.toLowerCase()) ?? 0), 0) + c.words.length * 0.5;
  return unique
    .map((c) => ({ ...c, score: score(c) }))
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .slice(0, count)
    .sort((a, b) => a.at - b.at)
    .map((c) => c.words.join(' '));
}

/** The words of `text` that say what it is about (no stop words), lowercased. */
export function contentWords(text: string): Set<string> {
  const words = (text.match(WORD) ?? []).map((word) => word.toLowerCase());
  return new Set(words.filter((word) => word.length >= 2 && !STOP_WORDS.has(word) && !/^\d+$/.test(word)));
}

/** The request's first sentence, cut at a word boundary to at most `max` characters. */
export function firstSentence(text: string, max = 120): string {
  const line = text.trim().split(/\n/)[0] ?? '';
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

function wantsList(request: TextRequest): boolean {
  const text = `${request.system ?? ''}\n${request.prompt}`;
  return /\b(?:one|each)\b[^.\n]{0,30}\b(?:per line|on (?:its|a|their) own line|on a (?:new|separate) line)|\blist\b|\bbullet|\bnumbered\b/i.test(
    text,
  );
}

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
  const opener = pick(
    [
      `This stands in for the answer to '${ask}'${stop}`,
      `A placeholder answer to '${ask}'${stop}`,
      `Here is where the answer to '${ask}' would go.`,
    ],
    seed,
  );
  const topic =
    phrases.length === 0
      ? ''
      : ` ${pick(['It would cover', 'The main points would be', 'It would focus on'], seed >>> 3)} ${joinList(phrases)}.`;
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
  return text.match(/\S+\s*|\s+/g) ?? [];
}
