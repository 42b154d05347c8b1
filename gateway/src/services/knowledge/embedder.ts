import type { AiProvider, Embeddings } from '@blocksmith/block-sdk';

/** Whether `provider` makes vectors (the server's router says so for all its providers). */
export function makesEmbeddings(provider: AiProvider): boolean {
  const router = provider as AiProvider & { embeds?: boolean };
  return typeof router.embeds === 'boolean' ? router.embeds : typeof provider.embed === 'function';
}

/** Texts to vectors through `provider`, or null where it makes none. */
export function embedder(
  provider: AiProvider,
): ((texts: readonly string[], signal: AbortSignal) => Promise<Embeddings>) | null {
  if (!makesEmbeddings(provider) || !provider.embed) return null;
  return async (texts, signal) => {
    const made = await provider.embed!({ texts }, { signal });
    if (made.vectors.length !== texts.length) {
      throw new Error(
        `The embedding model answered ${made.vectors.length} vectors for ${texts.length} texts.`,
      );
    }
    return made;
  };
}
