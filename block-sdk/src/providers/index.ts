// Providers are added here: OfflineProvider, OpenAiProvider and createProvider.
export {};
