import { checkPattern, matchesPattern, MAX_MATCHED_CHARS } from './safe-pattern';

describe('checkPattern', () => {
  it.each(['^\\[Offline', 'hai(ku|kus)', '\\d{3}-\\d{4}', '[a-z]+@[a-z]+\\.com', '(?:yes|no)$', 'a*?b'])(
    'accepts %s',
    (pattern) => expect(checkPattern(pattern)).toBeNull(),
  );

  it.each([
    ['(a+)+$', 'must not repeat a group that holds a repeat (such as (a+)+).'],
    ['(\\w*\\s?)*', 'must not repeat a group that holds a repeat (such as (a+)+).'],
    ['((ab)+c)*', 'must not repeat a group that holds a repeat (such as (a+)+).'],
    ['(a)\\1', 'must not use backreferences.'],
    ['foo(?=bar)', 'must not use lookahead or lookbehind.'],
    ['(?<!x)y', 'must not use lookahead or lookbehind.'],
    ['a{2000}', 'must not repeat anything more than 1,000 times.'],
    ['a*b*c*d*e*f*g*', 'may hold at most 6 repeats (*, +, ?, {n,m}).'],
    ['(', expect.stringMatching(/^is not a valid regular expression/)],
    ['', 'must not be empty.'],
  ])('refuses %s', (pattern, problem) => expect(checkPattern(pattern)).toEqual(problem));

  it('reads quantifier characters inside a class or escaped as literals', () => {
    expect(checkPattern('([*+?])+')).toBeNull();
    expect(checkPattern('(a\\+)+')).toBeNull();
  });
});

describe('matchesPattern', () => {
  it('matches, with or without case, within the first 10,000 characters', () => {
    expect(matchesPattern('haiku', 'A Haiku', true)).toBe(true);
    expect(matchesPattern('haiku', 'A Haiku')).toBe(false);
    expect(matchesPattern('end$', `${'x'.repeat(MAX_MATCHED_CHARS)}end`)).toBe(false);
  });
});
