export {
  aiSettingsFrom,
  asModelRouter,
  createProvider,
  describeProvider,
  openAiConfigFrom,
  type AiSettings,
} from './create-provider';
export { OfflineProvider, OFFLINE_MODEL, type OfflineProviderOptions } from './offline-provider';
export { OpenAiProvider, type OpenAiProviderConfig } from './openai-provider';
export { ModelRouter } from './model-router';
export { ModelCatalogue, SPEC_MODEL_NAMES, type ModelCatalogueOptions } from './model-catalogue';
