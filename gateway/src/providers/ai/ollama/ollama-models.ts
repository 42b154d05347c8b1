import type { ShowResponse } from 'ollama';
import type { ModelCapability, ProviderModel } from '@blocksmith/schema';

/** What a model that answers text can do through this provider. */
const COMPLETION: ModelCapability[] = ['text', 'structured', 'streaming'];

/**
 * A model as `POST /api/show` describes it, or undefined when it cannot answer text (embedding
 * models). Servers older than Ollama 0.6.4 send no `capabilities`: the model is taken to complete.
 */
export function providerModelFrom(id: string, show: Partial<ShowResponse>): ProviderModel | undefined {
  const listed = Array.isArray(show.capabilities) ? show.capabilities : undefined;
  if (listed && !listed.includes('completion')) return undefined;
  const capabilities = [...COMPLETION];
  if (listed?.includes('vision')) capabilities.push('vision');
  if (listed?.includes('tools')) capabilities.push('tools');
  const model: ProviderModel = { id, label: id, capabilities };
  const contextTokens = contextLength(show.model_info);
  if (contextTokens !== undefined) model.contextTokens = contextTokens;
  return model;
}

/** `model_info['<architecture>.context_length']` (the SDK types it as a Map; the wire has an object). */
function contextLength(info: unknown): number | undefined {
  if (typeof info !== 'object' || info === null) return undefined;
  const entries = info instanceof Map ? Object.fromEntries(info) : (info as Record<string, unknown>);
  const architecture = entries['general.architecture'];
  const value =
    typeof architecture === 'string'
      ? entries[`${architecture}.context_length`]
      : Object.entries(entries).find(([key]) => key.endsWith('.context_length'))?.[1];
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** Runs `work` on every item, at most `limit` at a time, keeping the order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
