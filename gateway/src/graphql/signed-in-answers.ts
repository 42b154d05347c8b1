import { hasErrors, isQuery, type KeptAnswer } from './answer-cache';

export interface SignedInAnswersOptions {
  /** How long an answer is kept (the same window as anonymous answers and the store's shared reads). */
  ttlMs: number;
  /** People with answers kept at most; the least recently seen go first. */
  maxPeople?: number;
  /** Answers kept per person at most; their oldest go first. */
  maxPerPerson?: number;
  /** Bytes of answers kept at most, all together. */
  maxBytes?: number;
  now?: () => number;
}

/** Requests larger than this are not worth a key. */
const MAX_KEY_CHARS = 16 * 1024;

interface Kept {
  answer: KeptAnswer;
  until: number;
  bytes: number;
}

interface Person {
  answers: Map<string, Kept>;
  /** The `begin()` tick of this person's last change: answers begun before it are not kept. */
  changedAt: number;
}

/**
 * Answers to signed-in people's queries, each person's kept apart from everyone else's, for the
 * anonymous answers' window (a second). A person who reloads a page, or whose page asks again,
 * gets the answer their previous identical query got, without it running through GraphQL again.
 *
 * What keeps an answer true:
 * - it is found only after the request's session has been checked (an ended session or a
 *   suspended person is refused as before), and only by the same person in the same session and
 *   role (`keyOf`);
 * - every mutation a person makes, through GraphQL, REST or WebSocket, drops all of their kept
 *   answers when it ends (`personChanged`), and an answer whose query began before that is not
 *   kept: a person always reads their own writes;
 * - every change to what the store shows drops everyone's (`clear`);
 * - what other people change (an upvote from elsewhere, a run of someone else's counted in an
 *   app's uses) shows within the window, as it does for anonymous visitors.
 */
export class SignedInAnswers {
  private readonly people = new Map<string, Person>();
  private bytes = 0;
  private ticks = 0;
  /** Answers begun before this tick are not kept (everything was dropped, or a person forgotten). */
  private floor = 0;
  private readonly maxPeople: number;
  private readonly maxPerPerson: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(private readonly options: SignedInAnswersOptions) {
    this.maxPeople = options.maxPeople ?? 1_000;
    this.maxPerPerson = options.maxPerPerson ?? 32;
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.now = options.now ?? (() => performance.now());
  }

  /**
   * The key of a request within its person's answers, or null when it is not worth keeping (too
   * large). The session and role are part of it: an answer may name the session it was asked in.
   */
  static keyOf(request: {
    sessionId: string;
    isAdmin: boolean;
    accept: string | undefined;
    search: string;
    body: string;
  }): string | null {
    if (request.body.length > MAX_KEY_CHARS) return null;
    const role = request.isAdmin ? 'admin' : 'user';
    return `${request.sessionId}\n${role}\n${request.accept ?? ''}\n${request.search}\n${request.body}`;
  }

  get(userId: string, key: string): KeptAnswer | null {
    const person = this.people.get(userId);
    const kept = person?.answers.get(key);
    if (!person || !kept) return null;
    if (kept.until <= this.now()) {
      this.drop(person, key);
      return null;
    }
    return kept.answer;
  }

  /** Call before computing an answer; hand the result to `keep`. */
  begin(): { tick: number; at: number } {
    return { tick: ++this.ticks, at: this.now() };
  }

  /** Keeps a successful answer to a query (never a mutation, never an answer with errors). */
  keep(
    userId: string,
    key: string,
    begun: { tick: number; at: number },
    request: unknown,
    status: number,
    answer: KeptAnswer,
  ): void {
    if (begun.tick < this.floor) return;
    let person = this.people.get(userId);
    if (person && person.changedAt > begun.tick) return;
    if (status !== 200 || !isQuery(request) || hasErrors(answer.body)) return;
    const bytes = key.length + answer.body.length;
    if (bytes > this.maxBytes / 64) return;
    if (!person) {
      person = { answers: new Map(), changedAt: 0 };
      this.people.set(userId, person);
    } else {
      // Least recently kept last: the first in the map is the one forgotten when there are too many.
      this.people.delete(userId);
      this.people.set(userId, person);
    }
    this.drop(person, key);
    person.answers.set(key, { answer, until: begun.at + this.options.ttlMs, bytes });
    this.bytes += bytes;
    for (const oldest of person.answers.keys()) {
      if (person.answers.size <= this.maxPerPerson) break;
      this.drop(person, oldest);
    }
    for (const [oldestId, oldest] of this.people) {
      if (this.people.size <= this.maxPeople && this.bytes <= this.maxBytes) break;
      if (oldest === person) break;
      this.forget(oldestId, oldest);
    }
  }

  /** A person changed something (a mutation of theirs ended): their kept answers go. */
  personChanged(userId: string): void {
    let person = this.people.get(userId);
    if (!person) {
      // Remembered, so a query of theirs that began before the change is not kept when it ends.
      person = { answers: new Map(), changedAt: 0 };
      this.people.set(userId, person);
      for (const [oldestId, oldest] of this.people) {
        if (this.people.size <= this.maxPeople) break;
        this.forget(oldestId, oldest);
      }
    }
    for (const key of [...person.answers.keys()]) this.drop(person, key);
    person.changedAt = ++this.ticks;
  }

  /** What the store shows changed: every kept answer goes. */
  clear(): void {
    this.people.clear();
    this.bytes = 0;
    this.floor = ++this.ticks;
  }

  /** Answers kept, all together. */
  get size(): number {
    let size = 0;
    for (const person of this.people.values()) size += person.answers.size;
    return size;
  }

  private forget(userId: string, person: Person): void {
    for (const key of [...person.answers.keys()]) this.drop(person, key);
    this.people.delete(userId);
    // Its last change is forgotten with it: queries begun before now are not kept.
    this.floor = ++this.ticks;
  }

  private drop(person: Person, key: string): void {
    const kept = person.answers.get(key);
    if (!kept) return;
    person.answers.delete(key);
    this.bytes -= kept.bytes;
  }
}
