import { getOperationAST, parse } from 'graphql';

/** A kept answer: what Apollo sent, byte for byte. */
export interface KeptAnswer {
  headers: [string, string][];
  body: string;
}

export interface AnswerCacheOptions {
  /** How long an answer is shared (the store's own shared reads live as long). */
  ttlMs: number;
  /** Answers kept at most; the oldest go first. */
  maxEntries?: number;
  /** Bytes of answers kept at most, all together. */
  maxBytes?: number;
  now?: () => number;
}

/** The argument an embed visitor's chat reads name themselves by (`embeddedConversations`, ...). */
const VISITOR_TOKEN_ARGUMENT = 'visitorToken';

/** Requests larger than this are not worth a key. */
const MAX_KEY_CHARS = 16 * 1024;

/**
 * Answers to anonymous GraphQL queries, shared by everyone who sends the same request for
 * `ttlMs`. A visitor who is not signed in can only read public data (the store, a published app,
 * the block catalogue), which is the same for every such visitor, so a second identical request
 * within the window gets the first one's answer without going through GraphQL again. Only
 * queries that succeeded are kept (never a mutation, never an answer with errors), and `clear()`
 * drops everything at once when this process changes what the store shows.
 */
export class AnswerCache {
  private readonly answers = new Map<string, { answer: KeptAnswer; until: number; bytes: number }>();
  private bytes = 0;
  /** Counts `clear()`s: an answer computed across one is not kept. */
  private generation = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(private readonly options: AnswerCacheOptions) {
    this.maxEntries = options.maxEntries ?? 1_000;
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.now = options.now ?? (() => performance.now());
  }

  /** The key of a request, or null when it may not be shared: signed in, or too large. */
  static keyOf(request: {
    authorization: string | undefined;
    accept: string | undefined;
    search: string;
    body: string;
  }): string | null {
    if (request.authorization !== undefined) return null;
    if (request.body.length > MAX_KEY_CHARS) return null;
    // An embed visitor's own conversations (read with their token) are theirs, not public data.
    if (request.body.includes(VISITOR_TOKEN_ARGUMENT)) return null;
    return `${request.accept ?? ''}\n${request.search}\n${request.body}`;
  }

  get(key: string): KeptAnswer | null {
    const kept = this.answers.get(key);
    if (!kept) return null;
    if (kept.until <= this.now()) {
      this.drop(key);
      return null;
    }
    return kept.answer;
  }

  /**
   * Call before computing an answer; hand the result to `keep`. The answer is kept from then on for
   * the window (its data may be that old already) and only if nothing changed in between.
   */
  begin(): { generation: number; at: number } {
    return { generation: this.generation, at: this.now() };
  }

  /**
   * Keeps a successful answer to a query. `request` is the parsed body: the operation it runs
   * must be a query (a mutation changes something every time it is sent).
   */
  keep(
    key: string,
    begun: { generation: number; at: number },
    request: unknown,
    status: number,
    answer: KeptAnswer,
  ): void {
    if (begun.generation !== this.generation) return;
    if (status !== 200 || !isQuery(request) || hasErrors(answer.body)) return;
    const bytes = key.length + answer.body.length;
    if (bytes > this.maxBytes / 16) return;
    this.drop(key);
    this.answers.set(key, { answer, until: begun.at + this.options.ttlMs, bytes });
    this.bytes += bytes;
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  clear(): void {
    this.generation += 1;
    this.answers.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.answers.size;
  }

  private drop(key: string): void {
    const kept = this.answers.get(key);
    if (!kept) return;
    this.answers.delete(key);
    this.bytes -= kept.bytes;
  }
}

/** Whether a GraphQL request body runs a query (not a mutation or a subscription). */
export function isQuery(request: unknown): boolean {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return false;
  const { query, operationName } = request as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return false;
  try {
    const operation = getOperationAST(parse(query), typeof operationName === 'string' ? operationName : null);
    return operation?.operation === 'query';
  } catch {
    return false;
  }
}

/** Whether an answer's body carries errors (or is no JSON object at all). */
export function hasErrors(body: string): boolean {
  try {
    const answer = JSON.parse(body) as { errors?: unknown } | null;
    return answer === null || typeof answer !== 'object' || answer.errors !== undefined;
  } catch {
    return true;
  }
}
