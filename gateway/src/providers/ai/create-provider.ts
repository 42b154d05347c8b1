import { OFFLINE_MARKER, type AiProvider } from '@blocksmith/block-sdk';
import { OfflineProvider } from './offline-provider';
import { OpenAiProvider, type OpenAiProviderConfig } from './openai-provider';
import { checkUrl, integer, read, type Env } from './env-values';
import { ModelRouter } from './model-router';
import { AnthropicProvider, anthropicConfigFrom, type AnthropicProviderConfig } from './anthropic';
import { GeminiProvider, geminiConfigFrom, type GeminiProviderConfig } from './gemini';
import { OllamaProvider, ollamaConfigFrom, type OllamaProviderConfig } from './ollama';

/** Which AI provider the server uses, as configuration reads it (`GatewayConfig.ai`). */
export interface AiSettings {
  /** The OpenAI-compatible provider's settings; undefined: the offline provider. */
  openAi: OpenAiProviderConfig | undefined;
  /** OPENAI_BASE_URL is set without OPENAI_API_KEY (the offline provider says what is missing). */
  baseUrlWithoutKey: boolean;
  /** `ANTHROPIC_*`: Anthropic's settings, when `ANTHROPIC_API_KEY` is set. */
  anthropic?: AnthropicProviderConfig;
  /** `GEMINI_*`: Google Gemini's settings, when `GEMINI_API_KEY` is set. */
  gemini?: GeminiProviderConfig;
  /** `OLLAMA_*`: a local Ollama server's settings, when `OLLAMA_HOST` is set. */
  ollama?: OllamaProviderConfig;
  /** `MODEL_CREDITS`: extra credits an AI block pays for a model, by catalogue id. */
  modelCredits?: Record<string, number>;
  /** `DEFAULT_TEXT_MODEL` and `DEFAULT_IMAGE_MODEL`: what blocks naming no model (or a spec name) use. */
  defaultModels?: Partial<Record<'text' | 'image', string>>;
}

/**
 * The AI settings the environment asks for. `OPENAI_API_KEY` set (to anything: local servers such
 * as Ollama take `OPENAI_API_KEY=ollama`) selects the OpenAI-compatible provider; otherwise answers
 * come from the offline provider, marked `[Offline preview]`. Every variable is checked here, so a
 * typo stops the start-up with a message naming it.
 */
export function aiSettingsFrom(env: Env): AiSettings {
  const openAi = openAiConfigFrom(env);
  const settings: AiSettings = {
    openAi,
    baseUrlWithoutKey: openAi === undefined && read(env, 'OPENAI_BASE_URL') !== undefined,
  };
  const anthropic = anthropicConfigFrom(env);
  if (anthropic) settings.anthropic = anthropic;
  const gemini = geminiConfigFrom(env);
  if (gemini) settings.gemini = gemini;
  const ollama = ollamaConfigFrom(env);
  if (ollama) settings.ollama = ollama;
  const credits = modelCredits(env);
  if (credits) settings.modelCredits = credits;
  const text = read(env, 'DEFAULT_TEXT_MODEL');
  const image = read(env, 'DEFAULT_IMAGE_MODEL');
  if (text || image) settings.defaultModels = { ...(text && { text }), ...(image && { image }) };
  return settings;
}

/** The server's AI as `settings` describe it: every configured provider, or the offline stand-in. */
export function createProvider(settings: AiSettings): ModelRouter {
  const providers: AiProvider[] = [];
  if (settings.openAi) providers.push(new OpenAiProvider(settings.openAi));
  if (settings.anthropic) providers.push(new AnthropicProvider(settings.anthropic));
  if (settings.gemini) providers.push(new GeminiProvider(settings.gemini));
  if (settings.ollama) providers.push(new OllamaProvider(settings.ollama));
  if (providers.length === 0) {
    providers.push(
      new OfflineProvider(
        settings.baseUrlWithoutKey
          ? {
              reason: `OPENAI_BASE_URL is set but OPENAI_API_KEY is not; local servers need any value, e.g. OPENAI_API_KEY=ollama: answers are marked ${OFFLINE_MARKER}`,
            }
          : {},
      ),
    );
  }
  return new ModelRouter({
    providers,
    ...(settings.modelCredits && { credits: settings.modelCredits }),
    ...(settings.defaultModels && { defaults: settings.defaultModels }),
  });
}

/** The server's AI as one router: a router as it is, any other provider as the router's only one. */
export function asModelRouter(provider: AiProvider): ModelRouter {
  return provider instanceof ModelRouter ? provider : new ModelRouter({ providers: [provider] });
}

/** One line for the start-up log: which providers answer, where and with which models. */
export function describeProvider(provider: AiProvider): string {
  if (provider instanceof ModelRouter) return provider.providers.map(describeProvider).join('; ');
  if (provider instanceof OfflineProvider) return `offline (${provider.reason})`;
  if (provider instanceof AnthropicProvider) {
    return `anthropic at ${withoutCredentials(provider.baseURL)} (text model ${provider.textModel})`;
  }
  if (provider instanceof GeminiProvider) {
    return `gemini at ${withoutCredentials(provider.baseUrl)} (text model ${provider.textModel}, image model ${provider.imageModel})`;
  }
  if (provider instanceof OllamaProvider) {
    return `ollama at ${withoutCredentials(provider.host)} (text model ${provider.configuredTextModel ?? 'the first pulled'})`;
  }
  if (provider instanceof OpenAiProvider) {
    return `openai at ${withoutCredentials(provider.baseURL)} (text model ${provider.textModel}, image model ${provider.imageModel})`;
  }
  return `${provider.name}${provider.offline ? ' (offline)' : ''}`;
}

function withoutCredentials(address: string): string {
  const url = new URL(address);
  if (!url.username && !url.password) return address;
  url.username = '';
  url.password = '';
  return url.toString().replace(/\/+$/, '');
}

/** The OpenAI provider's configuration from the environment, or undefined when no key is set. */
export function openAiConfigFrom(env: Env): OpenAiProviderConfig | undefined {
  // Read and check everything first, so a mistake is reported even before a key is added.
  const baseURL = read(env, 'OPENAI_BASE_URL');
  if (baseURL !== undefined) checkUrl('OPENAI_BASE_URL', baseURL);
  const timeoutMs = integer(env, 'OPENAI_TIMEOUT_MS', 1);
  const maxRetries = integer(env, 'OPENAI_MAX_RETRIES', 0);
  const jsonMode = read(env, 'OPENAI_JSON_MODE');
  if (jsonMode !== undefined && jsonMode !== 'json_schema' && jsonMode !== 'json_object') {
    throw new Error(`OPENAI_JSON_MODE must be json_schema or json_object, got "${jsonMode}".`);
  }
  const modelAliases = aliases(env);
  const imageModels = read(env, 'OPENAI_IMAGE_MODELS')
    ?.split(',')
    .map((m) => m.trim())
    .filter(Boolean);

  const apiKey = read(env, 'OPENAI_API_KEY');
  if (apiKey === undefined) return undefined;
  const config: OpenAiProviderConfig = { apiKey };
  const set = <K extends keyof OpenAiProviderConfig>(key: K, value: OpenAiProviderConfig[K] | undefined) => {
    if (value !== undefined) config[key] = value;
  };
  set('baseURL', baseURL);
  set('textModel', read(env, 'OPENAI_TEXT_MODEL'));
  set('imageModel', read(env, 'OPENAI_IMAGE_MODEL'));
  set('visionModel', read(env, 'OPENAI_VISION_MODEL'));
  set('embeddingModel', read(env, 'OPENAI_EMBEDDING_MODEL'));
  set('modelAliases', modelAliases);
  set('imageModels', imageModels?.length ? imageModels : undefined);
  set('timeoutMs', timeoutMs);
  set('maxRetries', maxRetries);
  set('jsonMode', jsonMode);
  return config;
}

/** `OPENAI_MODEL_ALIASES=gpt-4=llama3.1,dalle=flux` to `{ 'gpt-4': 'llama3.1', dalle: 'flux' }`. */
function aliases(env: Env): Record<string, string> | undefined {
  const raw = read(env, 'OPENAI_MODEL_ALIASES');
  if (raw === undefined) return undefined;
  const result: Record<string, string> = {};
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([^=\s]+)\s*=\s*([^=\s]+)$/.exec(entry);
    if (!match) {
      throw new Error(
        `OPENAI_MODEL_ALIASES entries must look like gpt-4=llama3.1 (comma-separated), got "${entry}".`,
      );
    }
    result[match[1]!] = match[2]!;
  }
  return result;
}

/** `MODEL_CREDITS=claude-opus-4-1=4,gpt-4o=1` to `{ 'claude-opus-4-1': 4, 'gpt-4o': 1 }`. */
function modelCredits(env: Env): Record<string, number> | undefined {
  const raw = read(env, 'MODEL_CREDITS');
  if (raw === undefined) return undefined;
  const result: Record<string, number> = {};
  for (const entry of raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^(\S+?)\s*=\s*(\d{1,6})$/.exec(entry);
    if (!match) {
      throw new Error(
        `MODEL_CREDITS entries must look like claude-opus-4-1=4 (a model id, =, whole credits; comma-separated), got "${entry}".`,
      );
    }
    result[match[1]!] = Number(match[2]);
  }
  return result;
}
