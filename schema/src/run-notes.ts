/** One loop item in which a block failed while the run went on (its `onError` is `continue` or `route`). */
export type ItemFailure = {
  /** The item's number in its loop, 1 for the first. */
  item: number;
  /** A loop inside another: the numbers of the items around it, outermost first. */
  within?: number[];
  /** The block that failed. */
  nodeId: string;
  /** What failed, naming the block: `HTTP Request failed: …`. */
  error: string;
};

/**
 * What went wrong in a run that went on: a block outside loops that failed with `continue` or
 * `route`, or a loop some of whose items failed (`items` it ran, `failures` which). Kept in the
 * run's result (`RunResult.notes`), so every view of a run says it.
 */
export type RunNote = {
  /** The block that failed, or the block that runs the loop. */
  nodeId: string;
  /** In words: `HTTP Request failed: …`, `1 of 3 items failed: item 2: HTTP Request failed: …`. */
  message: string;
  items?: number;
  failures?: ItemFailure[];
};

/** How many failed items a loop's note names; the rest are counted. */
export const NAMED_ITEM_FAILURES = 5;

/** An item as a note names it: `item 2`, or inside another loop's item 1, `item 1 › 2`. */
export function itemLabel(failure: Pick<ItemFailure, 'item' | 'within'>): string {
  return `item ${[...(failure.within ?? []), failure.item].join(' › ')}`;
}

/** A loop's note: `2 of 3 items failed: item 1: …; item 3: …`, the first few named, the others counted. */
export function loopFailureNote(nodeId: string, items: number, failures: ItemFailure[]): RunNote {
  const named = failures
    .slice(0, NAMED_ITEM_FAILURES)
    .map((f) => `${itemLabel(f)}: ${f.error}`)
    .join('; ');
  const more = failures.length - NAMED_ITEM_FAILURES;
  const word = items === 1 ? 'item' : 'items';
  const message = `${failures.length} of ${items} ${word} failed: ${named}${more > 0 ? `; and ${more} more` : ''}`;
  return { nodeId, message, items, failures };
}

/** How the run went on past a block that failed: with an error value, or along its error route. */
export type HandledMode = 'continue' | 'route';

/** The note of a block outside loops that failed while the run went on: `HTTP Request failed: … (the run went on with an error value)`. */
export function blockFailureNote(nodeId: string, failure: string, mode: HandledMode): RunNote {
  const went = mode === 'route' ? 'along its error route' : 'with an error value';
  return { nodeId, message: `${failure} (the run went on ${went})` };
}

/** `a` before `b` when its item comes first (outer loops' items first). */
export function compareItemFailures(a: ItemFailure, b: ItemFailure): number {
  const x = [...(a.within ?? []), a.item];
  const y = [...(b.within ?? []), b.item];
  for (let k = 0; k < Math.min(x.length, y.length); k++) if (x[k] !== y[k]) return x[k]! - y[k]!;
  return x.length - y.length;
}
