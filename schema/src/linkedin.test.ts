import {
  INVALID_LINKEDIN_URL,
  INVALID_LINKEDIN_URL_DESCRIPTION,
  INVALID_LINKEDIN_URL_TITLE,
  LINKEDIN_HOST,
  linkedInValueProblem,
} from './linkedin';

const MESSAGE =
  "Invalid LinkedIn URL: Please enter a valid LinkedIn profile URL that includes 'linkedin.com/in/'";
const LABEL = 'Your LinkedIn profile';

describe('linkedInValueProblem', () => {
  it('accepts a profile URL, the host in any case', () => {
    expect(linkedInValueProblem(LABEL, 'https://www.linkedin.com/in/ann')).toBeNull();
    expect(linkedInValueProblem(LABEL, 'HTTPS://WWW.LINKEDIN.COM/IN/ANN')).toBeNull();
  });

  it('refuses a value without linkedin.com/in/', () => {
    expect(linkedInValueProblem(LABEL, 'https://linkedin.com/company/x')).toBe(MESSAGE);
    expect(linkedInValueProblem(LABEL, '')).toBe(MESSAGE);
  });

  it('refuses a missing or non-text value', () => {
    expect(linkedInValueProblem(LABEL, undefined)).toBe(MESSAGE);
    expect(linkedInValueProblem(LABEL, 42)).toBe(MESSAGE);
  });

  it("asks nothing of labels without 'LinkedIn' as written", () => {
    expect(linkedInValueProblem('Name', 'Ann')).toBeNull();
    expect(linkedInValueProblem('linkedin (lower case)', 'nope')).toBeNull();
    expect(linkedInValueProblem(undefined, 'nope')).toBeNull();
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
