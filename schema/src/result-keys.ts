import { assignVariableName } from './variables';

/** A block as the keys of a run's flat result see it, in plugin-list order. */
export interface ResultKeyBlock {
  id: string;
  /** Its unique variable name (its first output's key), if it has one. */
  variable?: string | undefined;
  /** Its declared output names, in order. */
  outputs: readonly string[];
}

/**
 * The key of each block's outputs in a run's flat result (`Run.result`, the REST `output`), per
 * block id: a block's first output under its variable name (unique already), every other output
 * under its bare name, and a bare name an earlier block (in plugin-list order) already holds under
 * the next free suffix, as variable names are made unique (`classification`, then
 * `classification_2`), so that no block's output overwrites another's. The engine that writes the
 * result and every page that reads it back per block use this one rule.
 */
export function resultKeys(blocks: readonly ResultKeyBlock[]): Map<string, Record<string, string>> {
  const taken = new Set<string>();
  for (const block of blocks) if (block.variable !== undefined) taken.add(block.variable);
  const keys = new Map<string, Record<string, string>>();
  for (const block of blocks) {
    const own: Record<string, string> = {};
    block.outputs.forEach((name, index) => {
      if (index === 0 && block.variable !== undefined) {
        own[name] = block.variable;
        return;
      }
      const key = taken.has(name) ? assignVariableName(taken, name) : name;
      taken.add(key);
      own[name] = key;
    });
    keys.set(block.id, own);
  }
  return keys;
}
