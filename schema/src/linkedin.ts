import type { PluginInstance } from './app';
import { messageText, type UserMessage } from './user-message';

export const LINKEDIN_HOST = 'linkedin.com';
/** What a LinkedIn profile URL must contain: `linkedin.com/in/`. */
export const LINKEDIN_PROFILE_PATH = `${LINKEDIN_HOST}/in/`;
/** The block kind whose label may ask for a LinkedIn profile. */
export const TEXT_INPUT_KIND = 'textInput';

export const INVALID_LINKEDIN_URL_TITLE = 'Invalid LinkedIn URL';
export const INVALID_LINKEDIN_URL_DESCRIPTION = `Please enter a valid LinkedIn profile URL that includes '${LINKEDIN_PROFILE_PATH}'`;
export const INVALID_LINKEDIN_URL: UserMessage = {
  title: INVALID_LINKEDIN_URL_TITLE,
  description: INVALID_LINKEDIN_URL_DESCRIPTION,
};

/**
 * The rule for one text input: when its label contains 'LinkedIn' (as written), the value must
 * contain 'linkedin.com/in/', compared ignoring case since host names are
 * ('https://www.LinkedIn.com/in/ann' passes). The one-line message, or null.
 */
export function linkedInValueProblem(label: unknown, value: unknown): string | null {
  if (typeof label !== 'string' || !label.includes('LinkedIn')) return null;
  if (typeof value === 'string' && value.toLowerCase().includes(LINKEDIN_PROFILE_PATH)) return null;
  return messageText(INVALID_LINKEDIN_URL);
}

/**
 * The workbench's check before it sends a run: `linkedInValueProblem` for every text-input block.
 * The server asks the text input block itself (its `checkInput`). Returns the one-line message for
 * the first offending block, or null.
 */
export function linkedInInputProblem(
  plugins: readonly PluginInstance[],
  values: Readonly<Record<string, unknown>>,
  keyOf: (plugin: PluginInstance) => string,
): string | null {
  for (const plugin of plugins) {
    if (plugin.type !== TEXT_INPUT_KIND) continue;
    const problem = linkedInValueProblem(plugin.settings.label, values[keyOf(plugin)]);
    if (problem) return problem;
  }
  return null;
}
