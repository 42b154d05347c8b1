import type { ModelCapability, ProviderModel } from '@blocksmith/schema';

/** The context window every Claude model has without beta headers (1M needs one, so it is not counted). */
export const CLAUDE_CONTEXT_TOKENS = 200_000;

/** Used when a request names no model and no `ANTHROPIC_TEXT_MODEL` is set. */
export const DEFAULT_ANTHROPIC_TEXT_MODEL = 'claude-sonnet-4-5';

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
 * listing says it takes no image input is listed without `vision`. The context is the vendor's
 * `max_input_tokens` up to the 200 000 tokens every Claude model reads without beta headers.
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
    contextTokens:
      typeof listed === 'number' && listed > 0
        ? Math.min(listed, CLAUDE_CONTEXT_TOKENS)
        : CLAUDE_CONTEXT_TOKENS,
  };
}
