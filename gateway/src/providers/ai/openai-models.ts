import type { ModelCapability, ProviderModel } from '@blocksmith/schema';

/** Models OpenAI lists that answer neither chat nor images (embeddings, speech, moderation...). */
const NOT_FOR_BLOCKS =
  /(embedding|whisper|tts|audio|realtime|transcribe|moderation|search|davinci|babbage|computer-use)/;

/**
 * What a model OpenAI (or a compatible server) lists can do. OpenAI's list names models without
 * their capabilities, so they are read from the names of OpenAI's families; any other name (a
 * compatible server's own model) is taken to write text and JSON, streamed. Undefined: not a model
 * for blocks.
 */
export function openAiModel(id: string): ProviderModel | undefined {
  const name = id.toLowerCase();
  if (NOT_FOR_BLOCKS.test(name)) return undefined;
  if (/^(dall-e|gpt-image)/.test(name)) return { id, label: id, capabilities: ['image'] };
  const capabilities: ModelCapability[] = ['text', 'structured', 'streaming'];
  const openAiChat = /^(gpt-|o\d|chatgpt)/.test(name);
  if (openAiChat && !/^gpt-3\.5/.test(name)) capabilities.push('tools');
  if (/^(gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-5|o\d|chatgpt)/.test(name)) capabilities.push('vision');
  const contextTokens = /^(gpt-4\.1)/.test(name)
    ? 1_047_576
    : /^(gpt-5|o\d)/.test(name)
      ? 200_000
      : /^(gpt-4o|gpt-4-turbo|chatgpt)/.test(name)
        ? 128_000
        : undefined;
  return { id, label: id, capabilities, ...(contextTokens !== undefined && { contextTokens }) };
}
