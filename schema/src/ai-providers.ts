import { hasUnstorableCharacter } from './unstorable-text';

/**
 * The AI providers an admin may set up on the AI providers page (their API key and address), and
 * the rules for what is typed there, shared by the server and the page.
 */

export const AI_PROVIDER_IDS = ['openai', 'anthropic', 'gemini', 'ollama'] as const;
export type AiProviderId = (typeof AI_PROVIDER_IDS)[number];

/** Where a provider's settings come from: the server's environment, the admin page, or nowhere (off). */
export type AiProviderSource = 'env' | 'page' | 'none';

export interface AiProviderFacts {
  /** The vendor's name, as people know it. */
  label: string;
  /** The environment variables the page's key and address stand in for. */
  keyVariable: string;
  urlVariable: string;
  /** Whether the provider works without a key (a local Ollama does). */
  keyOptional: boolean;
  /** The shortest key taken: the vendors' own keys are long, a local OpenAI-compatible server takes any. */
  minKeyLength: number;
  /** Whether an address must be given (Ollama has no address of its own). */
  urlRequired: boolean;
  /** An address to show as an example. */
  urlExample: string;
}

export const AI_PROVIDERS: Readonly<Record<AiProviderId, AiProviderFacts>> = {
  openai: {
    label: 'OpenAI',
    keyVariable: 'OPENAI_API_KEY',
    urlVariable: 'OPENAI_BASE_URL',
    keyOptional: false,
    minKeyLength: 1,
    urlRequired: false,
    urlExample: 'https://api.openai.com/v1',
  },
  anthropic: {
    label: 'Anthropic',
    keyVariable: 'ANTHROPIC_API_KEY',
    urlVariable: 'ANTHROPIC_BASE_URL',
    keyOptional: false,
    minKeyLength: 8,
    urlRequired: false,
    urlExample: 'https://api.anthropic.com',
  },
  gemini: {
    label: 'Google Gemini',
    keyVariable: 'GEMINI_API_KEY',
    urlVariable: 'GEMINI_BASE_URL',
    keyOptional: false,
    minKeyLength: 8,
    urlRequired: false,
    urlExample: 'https://generativelanguage.googleapis.com',
  },
  ollama: {
    label: 'Ollama',
    keyVariable: 'OLLAMA_API_KEY',
    urlVariable: 'OLLAMA_HOST',
    keyOptional: true,
    minKeyLength: 1,
    urlRequired: true,
    urlExample: 'http://localhost:11434',
  },
};

export const MAX_AI_KEY_LENGTH = 500;
export const MAX_AI_URL_LENGTH = 2000;

export function isAiProviderId(value: unknown): value is AiProviderId {
  return typeof value === 'string' && (AI_PROVIDER_IDS as readonly string[]).includes(value);
}

/** What is wrong with an API key typed for `provider`, or null. The key itself is never repeated. */
export function aiKeyProblem(provider: AiProviderId, key: string): string | null {
  const { label } = AI_PROVIDERS[provider];
  if (key.length > MAX_AI_KEY_LENGTH) {
    return `${label}'s API key is at most ${MAX_AI_KEY_LENGTH} characters; paste the key alone.`;
  }
  const { minKeyLength } = AI_PROVIDERS[provider];
  if (key.trim().length < minKeyLength) {
    return minKeyLength === 1
      ? `Type ${label}'s API key.`
      : `${label}'s API key is at least ${minKeyLength} characters; paste the whole key.`;
  }
  if (!/^[\x21-\x7e]+$/.test(key.trim())) {
    return `${label}'s API key is one word of printable characters (no spaces, line breaks or accents); paste the key alone.`;
  }
  return null;
}

/** What is wrong with an address typed for `provider`, or null. */
export function aiUrlProblem(provider: AiProviderId, url: string): string | null {
  const { label, urlExample } = AI_PROVIDERS[provider];
  if (url.length > MAX_AI_URL_LENGTH) return `${label}'s address is at most ${MAX_AI_URL_LENGTH} characters.`;
  if (hasUnstorableCharacter(url) || /\s/.test(url.trim()) || [...url].some(isControl)) {
    return `${label}'s address is one URL without spaces or control characters, such as ${urlExample}.`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return `${label}'s address must be a URL such as ${urlExample}.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `${label}'s address must start with http:// or https://, such as ${urlExample}.`;
  }
  if (parsed.username || parsed.password) {
    return `${label}'s address must not carry a user name or password; put the key in the key field.`;
  }
  return null;
}

function isControl(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}
