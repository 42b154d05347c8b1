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

function asksForLinkedIn(plugin: PluginInstance): boolean {
  const label = plugin.settings.label;
  return plugin.type === TEXT_INPUT_KIND && typeof label === 'string' && label.includes('LinkedIn');
}

/**
 * Checked before a run: every text-input block whose label contains 'LinkedIn' (as written) must
 * hold a value containing 'linkedin.com/in/'. The value is compared ignoring case, since host names
 * are ('https://www.LinkedIn.com/in/ann' passes). Returns the one-line message for the first
 * offending block, or null.
 */
export function linkedInInputProblem(
  plugins: readonly PluginInstance[],
  values: Readonly<Record<string, unknown>>,
  keyOf: (plugin: PluginInstance) => string,
): string | null {
  for (const plugin of plugins) {
    if (!asksForLinkedIn(plugin)) continue;
    const value = values[keyOf(plugin)];
    if (typeof value !== 'string' || !value.toLowerCase().includes(LINKEDIN_PROFILE_PATH)) {
      return messageText(INVALID_LINKEDIN_URL);
    }
  }
  return null;
}
