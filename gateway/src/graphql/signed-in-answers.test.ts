import { SignedInAnswers } from './signed-in-answers';

const query = { query: '{ myApps { id } }' };
const answer = (body: string) => ({
  headers: [['content-type', 'application/json']] as [string, string][],
  body,
});
const keyOf = (sessionId: string, body = JSON.stringify(query)) =>
  SignedInAnswers.keyOf({ sessionId, isAdmin: false, accept: undefined, search: '', body })!;

describe('SignedInAnswers', () => {
  let now = 0;
  const cache = (options: Partial<ConstructorParameters<typeof SignedInAnswers>[0]> = {}) =>
    new SignedInAnswers({ ttlMs: 1_000, now: () => now, ...options });

  beforeEach(() => {
    now = 0;
  });

  it('gives a person their own answer within the window, and nobody else', () => {
    const answers = cache();
    answers.keep('ada', keyOf('s1'), answers.begin(), query, 200, answer('{"data":1}'));
    expect(answers.get('ada', keyOf('s1'))?.body).toBe('{"data":1}');
    expect(answers.get('bob', keyOf('s1'))).toBeNull();
    // Another session of the same person asks afresh (an answer may name its session).
    expect(answers.get('ada', keyOf('s2'))).toBeNull();
    now = 1_000;
    expect(answers.get('ada', keyOf('s1'))).toBeNull();
  });

  it('keeps no mutation, no answer with errors, no failed status', () => {
    const answers = cache();
    const mutation = { query: 'mutation { signOut }' };
    answers.keep('ada', keyOf('s1', JSON.stringify(mutation)), answers.begin(), mutation, 200, answer('{}'));
    answers.keep('ada', keyOf('s1'), answers.begin(), query, 200, answer('{"errors":[]}'));
    answers.keep('ada', keyOf('s2'), answers.begin(), query, 500, answer('{"data":1}'));
    expect(answers.size).toBe(0);
  });

  it('drops a person’s answers when they change something, and keeps none begun before it', () => {
    const answers = cache();
    answers.keep('ada', keyOf('s1'), answers.begin(), query, 200, answer('{"data":1}'));
    answers.keep('bob', keyOf('s9'), answers.begin(), query, 200, answer('{"data":2}'));
    const before = answers.begin();
    answers.personChanged('ada');
    expect(answers.get('ada', keyOf('s1'))).toBeNull();
    expect(answers.get('bob', keyOf('s9'))?.body).toBe('{"data":2}');
    answers.keep('ada', keyOf('s1'), before, query, 200, answer('{"data":"old"}'));
    expect(answers.get('ada', keyOf('s1'))).toBeNull();
    // Also for someone with nothing kept when they changed something.
    const carol = answers.begin();
    answers.personChanged('carol');
    answers.keep('carol', keyOf('s3'), carol, query, 200, answer('{"data":"old"}'));
    expect(answers.get('carol', keyOf('s3'))).toBeNull();
    answers.keep('carol', keyOf('s3'), answers.begin(), query, 200, answer('{"data":"new"}'));
    expect(answers.get('carol', keyOf('s3'))?.body).toBe('{"data":"new"}');
  });

  it('drops everything when the store changes, and keeps none begun before', () => {
    const answers = cache();
    const before = answers.begin();
    answers.keep('ada', keyOf('s1'), answers.begin(), query, 200, answer('{"data":1}'));
    answers.clear();
    expect(answers.size).toBe(0);
    answers.keep('bob', keyOf('s9'), before, query, 200, answer('{"data":2}'));
    expect(answers.size).toBe(0);
  });

  it('holds a bounded number of answers per person and of people', () => {
    const answers = cache({ maxPerPerson: 2, maxPeople: 2 });
    for (const session of ['a', 'b', 'c']) {
      answers.keep('ada', keyOf(session), answers.begin(), query, 200, answer(`{"data":"${session}"}`));
    }
    expect(answers.get('ada', keyOf('a'))).toBeNull();
    expect(answers.get('ada', keyOf('c'))?.body).toBe('{"data":"c"}');
    answers.keep('bob', keyOf('s'), answers.begin(), query, 200, answer('{"data":"bob"}'));
    answers.keep('carol', keyOf('s'), answers.begin(), query, 200, answer('{"data":"carol"}'));
    expect(answers.get('ada', keyOf('c'))).toBeNull();
    expect(answers.get('carol', keyOf('s'))?.body).toBe('{"data":"carol"}');
    expect(answers.size).toBe(2);
  });
});
