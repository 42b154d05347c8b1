import {
  INVALID_LINKEDIN_URL,
  INVALID_LINKEDIN_URL_DESCRIPTION,
  INVALID_LINKEDIN_URL_TITLE,
  LINKEDIN_HOST,
  linkedInInputProblem,
} from './linkedin';
import { plugin } from './testing/app-builders';

const MESSAGE =
  "Invalid LinkedIn URL: Please enter a valid LinkedIn profile URL that includes 'linkedin.com/in/'";
const keyOf = (p: { id: string }) => p.id;
const linkedIn = plugin('li', 'textInput', { settings: { label: 'Your LinkedIn profile' } });

describe('linkedInInputProblem', () => {
  it('accepts a profile URL', () => {
    expect(linkedInInputProblem([linkedIn], { li: 'https://www.linkedin.com/in/ann' }, keyOf)).toBeNull();
    expect(linkedInInputProblem([linkedIn], { li: 'HTTPS://WWW.LINKEDIN.COM/IN/ANN' }, keyOf)).toBeNull();
  });

  it('refuses a value without linkedin.com/in/', () => {
    expect(linkedInInputProblem([linkedIn], { li: 'https://linkedin.com/company/x' }, keyOf)).toBe(MESSAGE);
    expect(linkedInInputProblem([linkedIn], { li: '' }, keyOf)).toBe(MESSAGE);
  });

  it('refuses a missing or non-text value', () => {
    expect(linkedInInputProblem([linkedIn], {}, keyOf)).toBe(MESSAGE);
    expect(linkedInInputProblem([linkedIn], { li: 42 }, keyOf)).toBe(MESSAGE);
  });

  it('reads the value under the key keyOf gives', () => {
    expect(
      linkedInInputProblem([linkedIn], { input_text: 'linkedin.com/in/a' }, () => 'input_text'),
    ).toBeNull();
  });

  it('ignores other blocks and labels', () => {
    const others = [
      plugin('a', 'textInput', { settings: { label: 'Name' } }),
      plugin('b', 'textInput', { settings: { label: 'linkedin (lower case)' } }),
      plugin('c', 'textInput', { settings: {} }),
      plugin('d', 'dropdown', { settings: { label: 'LinkedIn' } }),
    ];
    expect(linkedInInputProblem(others, {}, keyOf)).toBeNull();
    expect(linkedInInputProblem([], {}, keyOf)).toBeNull();
  });

  it('checks every LinkedIn block', () => {
    const second = plugin('li2', 'textInput', { settings: { label: 'LinkedIn of cofounder' } });
    expect(linkedInInputProblem([linkedIn, second], { li: 'linkedin.com/in/a', li2: 'nope' }, keyOf)).toBe(
      MESSAGE,
    );
  });
});

describe('LinkedIn texts', () => {
  it('are the spec texts with the host filled in', () => {
    expect(LINKEDIN_HOST).toBe('linkedin.com');
    expect(INVALID_LINKEDIN_URL_TITLE).toBe('Invalid LinkedIn URL');
    expect(INVALID_LINKEDIN_URL_DESCRIPTION).toBe(
      "Please enter a valid LinkedIn profile URL that includes 'linkedin.com/in/'",
    );
    expect(INVALID_LINKEDIN_URL).toEqual({
      title: INVALID_LINKEDIN_URL_TITLE,
      description: INVALID_LINKEDIN_URL_DESCRIPTION,
    });
  });
});
