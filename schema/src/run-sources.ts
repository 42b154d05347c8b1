/**
 * Where a run was started from: the builder's test run, the store (an app's page, or a published
 * run by a signed-in person elsewhere), an embed on another site, or an API key.
 */
export const RUN_SOURCES = ['builder', 'store', 'embed', 'api'] as const;
export type RunSource = (typeof RUN_SOURCES)[number];

export function isRunSource(value: unknown): value is RunSource {
  return typeof value === 'string' && (RUN_SOURCES as readonly string[]).includes(value);
}
