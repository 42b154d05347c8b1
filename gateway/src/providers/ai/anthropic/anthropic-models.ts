import type { ModelCapability, ProviderModel } from '@blocksmith/schema';

/** The context window of a Claude model whose listing does not say (every one reads at least this). */
export const CLAUDE_CONTEXT_TOKENS = 200_000;

/**
 * Used when a request names no model and no `ANTHROPIC_TEXT_MODEL` is set: a current Sonnet that
 * does not think unless asked, so a forced tool (structured output) is accepted.
 */
export const DEFAULT_ANTHROPIC_TEXT_MODEL = 'claude-sonnet-4-6';

/** A model as `GET /v1/models` lists it (the fields this provider reads). */
export interface ListedAnthropicModel {
  id: string;
  display_name?: string | null;
  max_input_tokens?: number | null;
  capabilities?: { image_input?: { supported?: boolean } | null } | null;
}

/**
 * A listed model as the catalogue takes it. Every Claude model writes and streams text, calls
 * tools (and so answers structured output through a forced tool), and reads images; a model whose
 * listing says it takes no image input is listed without `vision`. The context is the listing's
 * `max_input_tokens` when it gives one, else 200 000 (what every Claude model reads).
 */
export function toProviderModel(model: ListedAnthropicModel): ProviderModel {
  const vision = model.capabilities?.image_input?.supported !== false;
  const capabilities: ModelCapability[] = [
    'text',
    'structured',
    ...(vision ? ['vision' as const] : []),
    'tools',
    'streaming',
  ];
  const listed = model.max_input_tokens;
  return {
    id: model.id,
    label: model.display_name?.trim() || model.id,
    capabilities,
    contextTokens: typeof listed === 'number' && listed > 0 ? listed : CLAUDE_CONTEXT_TOKENS,
  };
}
