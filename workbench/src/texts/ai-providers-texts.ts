import type { AiProviderSource } from '@blocksmith/schema';
import { plural } from './plural';

/** Where the AI providers page lives. */
export const AI_PROVIDERS_PATH = '/admin/ai-providers';

/**
 * Every text of the AI providers page (/admin/ai-providers). The spec has no such page: these are
 * decisions, recorded in the workbench README.
 */
export const AI_PROVIDERS_TEXTS = {
  title: 'AI providers',
  menuItem: 'AI providers',
  refusal: 'Access Denied',
  refusalBody: 'Only administrators can set up AI providers.',
  intro:
    "The AI services this server's blocks use. A key saved here replaces the server's environment for that provider at once, without a restart; it is kept encrypted and never shown again.",
  loading: 'Loading AI providers',
  loadFailed: 'The AI providers could not be loaded.',
  retry: 'Try again',
  status: { working: 'Working', problem: 'Not working', off: 'Off' },
  source: {
    env: "From the server's environment",
    page: 'Set on this page',
    none: 'Not set up',
  } satisfies Record<AiProviderSource, string>,
  models: (count: number) => `${count} ${plural(count, 'models')}`,
  keySet: 'A key is set',
  noKey: 'No key',
  address: 'Address',
  savedBy: (who: string, when: string) => `Saved by ${who} on ${when}`,
  keyLabel: 'API key',
  keyPlaceholder: (keySet: boolean) =>
    keySet ? 'Leave empty to keep the key that is set' : 'Paste the API key',
  keyOptionalPlaceholder: 'Optional (only behind a proxy that asks for one)',
  urlLabel: 'Address',
  urlPlaceholder: (example: string) => `Empty: ${example}`,
  urlRequiredPlaceholder: (example: string) => `Such as ${example}`,
  standsFor: (key: string, url: string) => `Replaces ${key} and ${url}.`,
  save: 'Save',
  saving: 'Saving and listing models',
  clear: 'Clear',
  saved: (label: string, count: number) => `${label} works: ${count} ${plural(count, 'models')} listed.`,
  savedWithProblem: (label: string) =>
    `${label} was saved, but it does not work yet: see the problem on its card.`,
  cleared: (label: string) => `${label}'s settings on this page were cleared.`,
};
