/**
 * What a run does when a block fails (`PluginInstance.onError`, absent meaning `stop`): stop the
 * run; continue with an error value in place of the block's outputs; or take the block's `error`
 * route, skipping the blocks after its other outputs.
 */
export const ON_ERROR_MODES = ['stop', 'continue', 'route'] as const;
export type OnError = (typeof ON_ERROR_MODES)[number];

/** The output handle a block whose `onError` is `route` gets, taken when it fails. */
export const ERROR_ROUTE = 'error';

/** The choice as the properties panel offers it, in the order it shows them. */
export const ON_ERROR_LABELS: Readonly<Record<OnError, string>> = {
  stop: 'Stop the run',
  continue: 'Continue with an error value',
  route: 'Take the error route',
};

/** A block's `onError`, `stop` when absent. */
export function onErrorOf(plugin: { onError?: OnError | undefined }): OnError {
  return plugin.onError ?? 'stop';
}

/** The value a failed block's first output carries when its run goes on: `Error: <message>`. */
export function errorValue(message: string): string {
  return `Error: ${message}`;
}

/** Why a block's `onError` cannot be saved, naming the block; null when it is absent or one of the modes. */
export function onErrorProblem(plugin: { id?: unknown; onError?: unknown }): string | null {
  const value = plugin.onError;
  if (value === undefined || (ON_ERROR_MODES as readonly unknown[]).includes(value)) return null;
  const name = typeof plugin.id === 'string' && plugin.id !== '' ? `Block ${plugin.id}` : 'A block';
  return `${name} has onError ${JSON.stringify(value)}: use one of ${ON_ERROR_MODES.map((m) => `"${m}"`).join(', ')} (or leave it out to stop the run).`;
}
