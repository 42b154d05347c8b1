export {
  aiSettingsFrom,
  createProvider,
  describeProvider,
  openAiConfigFrom,
  type AiSettings,
} from './create-provider';
export { OfflineProvider, OFFLINE_MODEL, type OfflineProviderOptions } from './offline-provider';
export { OpenAiProvider, type OpenAiProviderConfig } from './openai-provider';
