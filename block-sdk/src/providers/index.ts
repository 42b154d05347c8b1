export { OfflineProvider, OFFLINE_MODEL, type OfflineProviderOptions } from './offline-provider';
export { OpenAiProvider, type OpenAiProviderConfig } from './openai-provider';
export { createProvider, describeProvider } from './create-provider';
export { OFFLINE_MARKER } from './offline-answer';
export { exampleFromSchema, type ExampleContext } from './example-from-schema';
