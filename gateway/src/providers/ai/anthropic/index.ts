export { AnthropicProvider, ANTHROPIC_BASE_URL, type AnthropicProviderConfig } from './anthropic-provider';
export { anthropicConfigFrom } from './anthropic-config';
export { mapAnthropicError } from './map-anthropic-error';
