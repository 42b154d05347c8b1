import type { Model } from './gemini-sdk';
import type { ModelList } from '@blocksmith/block-sdk';
import type { ModelCapability, ProviderModel } from '@blocksmith/schema';

/** Current Gemini text models offered beside the configured one. */
export const KNOWN_TEXT_MODELS = ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.5-flash-lite'];
/** Current Gemini image models offered beside the configured one. */
export const KNOWN_IMAGE_MODELS = ['gemini-2.5-flash-image'];

const GEMINI_TEXT: ModelCapability[] = ['text', 'structured', 'vision', 'tools', 'streaming'];

/** The models offered before (or without) asking the service. */
export function geminiModelList(textModel: string, imageModel: string): ModelList {
  return {
    text: [...new Set([textModel, ...KNOWN_TEXT_MODELS])],
    image: [...new Set([imageModel, ...KNOWN_IMAGE_MODELS])],
    defaultText: textModel,
    defaultImage: imageModel,
  };
}

/** `models/gemini-2.5-flash` to `gemini-2.5-flash`. */
export function modelId(name: string): string {
  return name.replace(/^models\//, '');
}

/**
 * A listed model as the catalogue takes it, or undefined for one this provider cannot use:
 * embedding, speech, live-only and Imagen models (the SDK reaches Imagen through Vertex AI only).
 */
export function toProviderModel(model: Model): ProviderModel | undefined {
  const id = modelId(model.name ?? '');
  const actions = model.supportedActions ?? [];
  if (!id || !actions.includes('generateContent') || /embedding|-tts|native-audio/.test(id)) {
    return undefined;
  }
  let capabilities: ModelCapability[];
  if (/^gemini-.*-image/.test(id)) capabilities = ['image'];
  else if (id.startsWith('gemini-')) capabilities = [...GEMINI_TEXT];
  else capabilities = ['text', 'streaming'];
  const listed: ProviderModel = { id, label: model.displayName || id, capabilities };
  if (typeof model.inputTokenLimit === 'number' && model.inputTokenLimit > 0)
    listed.contextTokens = model.inputTokenLimit;
  return listed;
}
