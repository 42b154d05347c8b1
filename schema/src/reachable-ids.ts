import type { Connection } from './app';

export type FlowDirection = 'upstream' | 'downstream';

/**
 * Ids reachable from `start` by following connections downstream (from -> to) or upstream
 * (to -> from). `start` itself is included only when a cycle leads back to it. Safe on cycles.
 */
export function reachableIds(
  connections: readonly Connection[],
  start: string,
  direction: FlowDirection,
): Set<string> {
  const next = new Map<string, string[]>();
  for (const connection of connections) {
    const [key, value] =
      direction === 'downstream' ? [connection.from, connection.to] : [connection.to, connection.from];
    const list = next.get(key);
    if (list) list.push(value);
    else next.set(key, [value]);
  }
  const seen = new Set<string>();
  const queue = [start];
  // The array iterator re-reads the length, so ids pushed during the loop are visited too.
  for (const current of queue) {
    for (const id of next.get(current) ?? []) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(id);
    }
  }
  return seen;
}
