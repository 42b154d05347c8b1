/**
 * Where a run was started from: the builder's test run, the store (an app's page, or a published
 * run by a signed-in person elsewhere), an embed on another site, an API key, an MCP client calling
 * the app as a tool, an agent block of another run calling it as a tool, a webhook, a schedule, a
 * chat turn, or a test run of the app's test set.
 */
export const RUN_SOURCES = [
  'builder',
  'store',
  'embed',
  'api',
  'mcp',
  'agent',
  'webhook',
  'schedule',
  'chat',
  'test',
] as const;
export type RunSource = (typeof RUN_SOURCES)[number];

export function isRunSource(value: unknown): value is RunSource {
  return typeof value === 'string' && (RUN_SOURCES as readonly string[]).includes(value);
}
