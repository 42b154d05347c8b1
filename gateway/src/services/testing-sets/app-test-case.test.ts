import { parseCases, parseJsonLines, toJsonLines, MAX_CASES } from './app-test-case';

describe('parseCases', () => {
  it('fills ids, names and the default target, and keeps what was sent', () => {
    const [one] = parseCases([
      { inputs: { topic: 'rain', n: 3, ok: true }, checks: [{ type: 'contains', value: 'x' }] },
    ]);
    expect(one).toMatchObject({
      name: 'Case 1',
      inputs: { topic: 'rain', n: 3, ok: true },
      checks: [{ type: 'contains', target: 'answer', value: 'x' }],
      sourceRunId: null,
    });
    expect(one!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    [{ cases: 1 }, 'cases must be a list.'],
    [[1], 'cases[0] must be an object with inputs and checks.'],
    [[{ inputs: [] }], 'cases[0].inputs must be an object keyed by input name.'],
    [[{ inputs: { a: {} } }], 'cases[0].inputs.a must be text, a number or a yes/no value.'],
    [
      [{ checks: [{ type: 'nope' }] }],
      'cases[0].checks[0].type must be one of equals, contains, matches, jsonSchema, range, label, judge.',
    ],
    [[{ checks: [{ type: 'range' }] }], 'cases[0].checks[0] needs a min, a max or both.'],
    [[{ checks: [{ type: 'range', min: 3, max: 1 }] }], 'cases[0].checks[0].min must not be above its max.'],
    [
      [{ checks: [{ type: 'judge', rubric: ' ' }] }],
      'cases[0].checks[0].rubric must say what a good answer is.',
    ],
    [
      [{ checks: [{ type: 'jsonSchema', schema: { type: 'nonsense' } }] }],
      expect.stringMatching(/^cases\[0\]\.checks\[0\]\.schema is not a valid JSON schema/),
    ],
    [
      [{ name: 'a\u0000b' }],
      expect.stringMatching(/^`cases\[0\]\.name` contains a character that cannot be stored/),
    ],
    [
      [{ inputs: { t: 'half \ud83d' } }],
      expect.stringMatching(/^`cases\[0\]\.inputs\.t` contains a character/),
    ],
    [
      [{ checks: [{ type: 'jsonSchema', schema: { title: '\u0000' } }] }],
      expect.stringMatching(/^`cases\[0\]\.checks\[0\]\.schema\.title` contains/),
    ],
    [[{ id: 'x' }, { id: 'x' }], 'Two cases have the id x; each case needs its own.'],
  ])('refuses %j', (cases, message) => {
    expect(() => parseCases(cases as unknown)).toThrow(
      expect.objectContaining({ message, code: 'BAD_USER_INPUT' }),
    );
  });

  it('refuses more than 500 cases and more than 2,000,000 characters', () => {
    expect(() => parseCases(Array.from({ length: MAX_CASES + 1 }, () => ({})))).toThrow('at most 500 cases');
    const big = Array.from({ length: 30 }, () => ({ inputs: { a: 'x'.repeat(90_000) } }));
    expect(() => parseCases(big)).toThrow(expect.objectContaining({ code: 'PAYLOAD_TOO_LARGE' }));
  });
});

describe('JSON Lines', () => {
  it('round-trips and names a bad line', () => {
    const cases = parseCases([{ id: 'a', inputs: { t: 'x' } }, { id: 'b' }]);
    expect(parseJsonLines(toJsonLines(cases))).toEqual(cases);
    expect(() => parseJsonLines('{"id":"a"}\n\n[oops')).toThrow(
      'Line 3 is not JSON: each line must be one case as a JSON object.',
    );
    expect(toJsonLines([])).toBe('');
  });
});
