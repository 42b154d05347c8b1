import { fieldPaths, type BlockCatalogueEntry, type UpstreamVariable } from '@blocksmith/schema';

/** A block as the field picker needs it: its kind's entry, and what it gave in the last run. */
export interface SeenBlock {
  entry: Pick<BlockCatalogueEntry, 'outputs' | 'flow'> | undefined;
  /** Its outputs by name in the last run shown; undefined when it has not run. */
  outputs: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The fields of upstream variables a finished run showed, as placeholders to insert (`item.name`,
 * `http_response.body.items`): a block's variable holds its first output, and a loop's (`item`)
 * the first of the items it went through. Empty before any run.
 */
export function upstreamFields(
  upstream: readonly UpstreamVariable[],
  seen: (nodeId: string) => SeenBlock,
): string[] {
  return upstream.flatMap(({ nodeId, name }) => {
    const { entry, outputs } = seen(nodeId);
    if (!entry || !outputs) return [];
    const loopItems = entry.flow?.loop?.items;
    const first = entry.outputs[0]?.name;
    const list = loopItems === undefined ? undefined : outputs[loopItems];
    const value = Array.isArray(list) ? list[0] : first === undefined ? undefined : outputs[first];
    return fieldPaths(name, value);
  });
}
