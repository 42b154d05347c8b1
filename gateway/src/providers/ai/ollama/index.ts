export { OllamaProvider } from './ollama-provider';
export { ollamaConfigFrom, type OllamaProviderConfig } from './ollama-config';
