import { messageText, type UserMessage } from './user-message';

export const LINKEDIN_HOST = 'linkedin.com';
/** What a LinkedIn profile URL must contain: `linkedin.com/in/`. */
export const LINKEDIN_PROFILE_PATH = `${LINKEDIN_HOST}/in/`;

export const INVALID_LINKEDIN_URL_TITLE = 'Invalid LinkedIn URL';
export const INVALID_LINKEDIN_URL_DESCRIPTION = `Please enter a valid LinkedIn profile URL that includes '${LINKEDIN_PROFILE_PATH}'`;
export const INVALID_LINKEDIN_URL: UserMessage = {
  title: INVALID_LINKEDIN_URL_TITLE,
  description: INVALID_LINKEDIN_URL_DESCRIPTION,
};

/**
 * The rule of the `linkedInProfileUrl` input check (input-checks.ts): when a block's label
 * contains 'LinkedIn' (as written), the value must contain 'linkedin.com/in/', compared ignoring
 * case since host names are ('https://www.LinkedIn.com/in/ann' passes). The one-line message, or
 * null.
 */
export function linkedInValueProblem(label: unknown, value: unknown): string | null {
  if (typeof label !== 'string' || !label.includes('LinkedIn')) return null;
  if (typeof value === 'string' && value.toLowerCase().includes(LINKEDIN_PROFILE_PATH)) return null;
  return messageText(INVALID_LINKEDIN_URL);
}
