/**
 * The vendors' SDKs, loaded the first time a provider of that vendor is made, not with the server:
 * a server (or a test) without Anthropic or OpenAI configured never loads theirs. Types come from
 * `import type`, which costs nothing at run time. (Gemini's SDK loads the same way through
 * gemini/gemini-sdk.ts; Ollama's is small.)
 */
import type * as AnthropicModule from '@anthropic-ai/sdk';
import type * as OpenAiModule from 'openai';

type AnthropicSdk = typeof AnthropicModule;
type OpenAiSdk = typeof OpenAiModule;

export function anthropicSdk(): AnthropicSdk {
  return require('@anthropic-ai/sdk') as AnthropicSdk;
}

export function openAiSdk(): OpenAiSdk {
  return require('openai') as OpenAiSdk;
}
