import { INPUT_CHECKS, inputCheckProblem, inputChecksProblem, isInputCheck } from './input-checks';
import { plugin } from './testing/app-builders';

const MESSAGE =
  "Invalid LinkedIn URL: Please enter a valid LinkedIn profile URL that includes 'linkedin.com/in/'";
const keyOf = (p: { id: string }) => p.id;
/** Kinds as a catalogue would declare them: one input kind with the LinkedIn check. */
const checksOf = (type: string) => (type === 'asksText' ? ['linkedInProfileUrl'] : undefined);
const linkedIn = plugin('li', 'asksText', { settings: { label: 'Your LinkedIn profile' } });

describe('input checks', () => {
  it('are a closed set of names', () => {
    expect(INPUT_CHECKS).toEqual(['linkedInProfileUrl']);
    expect(isInputCheck('linkedInProfileUrl')).toBe(true);
    expect(isInputCheck('anythingElse')).toBe(false);
    expect(isInputCheck(3)).toBe(false);
  });

  it('apply the declared checks to one value, passing over names this version does not know', () => {
    const settings = { label: 'Your LinkedIn profile' };
    expect(inputCheckProblem(['linkedInProfileUrl'], settings, 'https://x.com/ann')).toBe(MESSAGE);
    expect(inputCheckProblem(['linkedInProfileUrl'], settings, 'linkedin.com/in/ann')).toBeNull();
    expect(inputCheckProblem(['fromANewerServer'], settings, 'https://x.com/ann')).toBeNull();
    expect(inputCheckProblem([], settings, 'https://x.com/ann')).toBeNull();
  });
});

describe('inputChecksProblem', () => {
  it('accepts a profile URL', () => {
    expect(
      inputChecksProblem([linkedIn], { li: 'https://www.linkedin.com/in/ann' }, keyOf, checksOf),
    ).toBeNull();
    expect(
      inputChecksProblem([linkedIn], { li: 'HTTPS://WWW.LINKEDIN.COM/IN/ANN' }, keyOf, checksOf),
    ).toBeNull();
  });

  it('refuses a value without linkedin.com/in/, a missing one or one that is not text', () => {
    expect(inputChecksProblem([linkedIn], { li: 'https://linkedin.com/company/x' }, keyOf, checksOf)).toBe(
      MESSAGE,
    );
    expect(inputChecksProblem([linkedIn], { li: '' }, keyOf, checksOf)).toBe(MESSAGE);
    expect(inputChecksProblem([linkedIn], {}, keyOf, checksOf)).toBe(MESSAGE);
    expect(inputChecksProblem([linkedIn], { li: 42 }, keyOf, checksOf)).toBe(MESSAGE);
  });

  it('reads the value under the key keyOf gives', () => {
    expect(
      inputChecksProblem([linkedIn], { first_input: 'linkedin.com/in/a' }, () => 'first_input', checksOf),
    ).toBeNull();
  });

  it('checks only blocks whose kind declares checks, and only labels that ask', () => {
    const others = [
      plugin('a', 'asksText', { settings: { label: 'Name' } }),
      plugin('b', 'asksText', { settings: { label: 'linkedin (lower case)' } }),
      plugin('c', 'asksText', { settings: {} }),
      plugin('d', 'choosesOne', { settings: { label: 'LinkedIn' } }),
    ];
    expect(inputChecksProblem(others, {}, keyOf, checksOf)).toBeNull();
    expect(inputChecksProblem([], {}, keyOf, checksOf)).toBeNull();
  });

  it('checks every block that asks for LinkedIn', () => {
    const second = plugin('li2', 'asksText', { settings: { label: 'LinkedIn of cofounder' } });
    expect(
      inputChecksProblem([linkedIn, second], { li: 'linkedin.com/in/a', li2: 'nope' }, keyOf, checksOf),
    ).toBe(MESSAGE);
  });
});
