import type { AiUsage } from '@blocksmith/block-sdk';

/** Token counts as OpenAI-compatible servers report them. */
export interface TokenCounts {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

/** An answer's usage: the model it names, and the token counts the server gave (if any). */
export function usageOf(model: string, counts: TokenCounts | null | undefined): AiUsage {
  const usage: AiUsage = { model };
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const prompt = count(counts?.prompt_tokens);
  const completion = count(counts?.completion_tokens);
  const total = count(counts?.total_tokens);
  if (prompt !== undefined) usage.promptTokens = prompt;
  if (completion !== undefined) usage.completionTokens = completion;
  if (total !== undefined) usage.totalTokens = total;
  return usage;
}
