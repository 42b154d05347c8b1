import { AnswerCache } from './answer-cache';

describe('AnswerCache', () => {
  let now = 0;
  const cache = (options: { maxEntries?: number; maxBytes?: number } = {}) =>
    new AnswerCache({ ttlMs: 1_000, now: () => now, ...options });
  const query = { query: '{ storeApps { id } }' };
  const ok = (body = '{"data":{"storeApps":[]}}') => ({
    headers: [['content-type', 'application/json; charset=utf-8']] as [string, string][],
    body,
  });
  const keyOf = (body: string, authorization?: string) =>
    AnswerCache.keyOf({ authorization, accept: 'application/json', search: '', body });

  beforeEach(() => {
    now = 10_000;
  });

  it('shares an anonymous query’s answer for the window, then forgets it', () => {
    const answers = cache();
    const key = keyOf(JSON.stringify(query))!;
    answers.keep(key, answers.begin(), query, 200, ok());
    expect(answers.get(key)).toEqual(ok());
    now += 999;
    expect(answers.get(key)?.body).toBe(ok().body);
    now += 1;
    expect(answers.get(key)).toBeNull();
    expect(answers.size).toBe(0);
  });

  it('never keys a signed-in request, and keys each request by its exact body, accept header and URL query', () => {
    expect(keyOf('{"query":"{ me { email } }"}', 'Bearer token')).toBeNull();
    expect(keyOf('{"query":"{ a }"}')).not.toBe(keyOf('{"query":"{ a } "}'));
    expect(AnswerCache.keyOf({ authorization: undefined, accept: 'a', search: '', body: 'x' })).not.toBe(
      AnswerCache.keyOf({ authorization: undefined, accept: 'b', search: '', body: 'x' }),
    );
    expect(AnswerCache.keyOf({ authorization: undefined, accept: 'a', search: '?x', body: 'x' })).not.toBe(
      AnswerCache.keyOf({ authorization: undefined, accept: 'a', search: '', body: 'x' }),
    );
    expect(keyOf(JSON.stringify({ query: `{ storeApps { id } } #${'x'.repeat(20_000)}` }))).toBeNull();
  });

  it('never keys an embed visitor’s own reads (their conversations, named by their token)', () => {
    const read = '{ embeddedConversations(slug: "s", visitorToken: $token) { id } }';
    expect(
      keyOf(JSON.stringify({ query: read, variables: { token: 'visitor-token-0123456789' } })),
    ).toBeNull();
  });

  it('keeps only successful queries: no mutation, no answer with errors, no failed status', () => {
    const answers = cache();
    const mutation = { query: 'mutation { signIn(email: "a@b.c", password: "x") { user { id } } }' };
    answers.keep('m', answers.begin(), mutation, 200, ok('{"data":{"signIn":null}}'));
    const named = {
      query: 'query Q { storeApps { id } } mutation M { signOut }',
      operationName: 'M',
    };
    answers.keep('named', answers.begin(), named, 200, ok('{"data":{"signOut":true}}'));
    answers.keep('errors', answers.begin(), query, 200, ok('{"errors":[{"message":"no"}],"data":null}'));
    answers.keep('status', answers.begin(), query, 400, ok());
    answers.keep('broken', answers.begin(), { query: '{ storeApps {' }, 200, ok());
    answers.keep(
      'subscription',
      answers.begin(),
      { query: 'subscription { runProgress(runId: "x") }' },
      200,
      ok(),
    );
    expect(answers.size).toBe(0);
    answers.keep('query', answers.begin(), { ...named, operationName: 'Q' }, 200, ok());
    expect(answers.size).toBe(1);
  });

  it('does not keep an answer computed across a clear, and counts the window from when it was computed', () => {
    const answers = cache();
    const begun = answers.begin();
    answers.clear(); // the store changed while the answer was being computed
    answers.keep('stale', begun, query, 200, ok());
    expect(answers.get('stale')).toBeNull();
    const later = answers.begin();
    now += 600; // the answer took a while
    answers.keep('slow', later, query, 200, ok());
    now += 400;
    expect(answers.get('slow')).toBeNull();
  });

  it('keeps at most so many answers and bytes, dropping the oldest; clear drops all', () => {
    const answers = cache({ maxEntries: 2, maxBytes: 16_000 });
    for (const key of ['a', 'b', 'c']) answers.keep(key, answers.begin(), query, 200, ok());
    expect([answers.get('a'), answers.get('b') !== null, answers.get('c') !== null]).toEqual([
      null,
      true,
      true,
    ]);
    const big = ok(`{"data":{"storeApps":"${'x'.repeat(900)}"}}`);
    for (const key of ['d', 'e', 'f']) answers.keep(key, answers.begin(), query, 200, big);
    expect(answers.size).toBe(2);
    // An answer larger than a sixteenth of the budget is not kept at all.
    answers.keep('huge', answers.begin(), query, 200, ok(`{"data":{"storeApps":"${'x'.repeat(2_000)}"}}`));
    expect(answers.get('huge')).toBeNull();
    answers.clear();
    expect(answers.size).toBe(0);
  });
});
