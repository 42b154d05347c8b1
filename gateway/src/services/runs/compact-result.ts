/**
 * A succeeded run's result stored without the values its blocks' outputs already hold. An output
 * block shows what an earlier block produced: a Text Display's artifact carries the generated text
 * that is also the Text AI block's output in `result.blocks`, so the answer was stored twice. Each
 * artifact field exactly equal (as JSON) to a block's output is left out of the artifact, and the
 * artifact's entry says where it is:
 *
 * - `kept: { field: [blockId, output] }`: the artifact's `field` is block `blockId`'s output
 *   `output` in `result.blocks`.
 *
 * `expandResult` gives back the very result that was compacted (a restored field comes last among
 * the artifact's fields). Results stored before, flat results and null read as they are.
 */

type Json = Record<string, unknown>;

/** Values shorter than this (as JSON) are kept where they are: a reference would not be smaller. */
const WORTH_REFERRING = 48;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The result's block outputs of at least WORTH_REFERRING characters, by their JSON text. */
function outputsByText(blocks: unknown): Map<string, [string, string]> {
  const found = new Map<string, [string, string]>();
  if (!isObject(blocks)) return found;
  for (const [id, block] of Object.entries(blocks)) {
    if (!isObject(block) || !isObject(block.outputs)) continue;
    for (const [name, value] of Object.entries(block.outputs)) {
      const text = JSON.stringify(value);
      if (text !== undefined && text.length >= WORTH_REFERRING && !found.has(text))
        found.set(text, [id, name]);
    }
  }
  return found;
}

/** The result to store for a run that succeeded (after its outputs were cut for storage). */
export function compactResult<T extends Json>(result: T): T {
  if (!Array.isArray(result.artifacts) || result.artifacts.length === 0) return result;
  const outputs = outputsByText(result.blocks);
  if (outputs.size === 0) return result;
  let changed = false;
  const artifacts = result.artifacts.map((entry: unknown) => {
    if (!isObject(entry) || entry.kept !== undefined || !isObject(entry.artifact)) return entry;
    const kept: Record<string, [string, string]> = {};
    const artifact: Json = {};
    for (const [field, value] of Object.entries(entry.artifact)) {
      const from = outputs.get(JSON.stringify(value) ?? '');
      if (from) kept[field] = from;
      else artifact[field] = value;
    }
    if (Object.keys(kept).length === 0) return entry;
    changed = true;
    return { ...entry, artifact, kept };
  });
  return changed ? { ...result, artifacts } : result;
}

/** A run's result as stored, whole again (results stored whole, flat or null are unchanged). */
export function expandResult<T extends Json | null>(result: T): T {
  if (result === null || !Array.isArray(result.artifacts)) return result;
  if (!result.artifacts.some((entry) => isObject(entry) && isObject(entry.kept))) return result;
  const blocks = isObject(result.blocks) ? result.blocks : {};
  const artifacts = result.artifacts.map((entry: unknown) => {
    if (!isObject(entry) || !isObject(entry.kept)) return entry;
    const { kept, ...rest } = entry;
    const artifact: Json = { ...(isObject(rest.artifact) ? rest.artifact : {}) };
    for (const [field, reference] of Object.entries(kept)) {
      if (!Array.isArray(reference)) continue;
      const [id, name] = reference as [string, string];
      const block = blocks[id];
      artifact[field] = isObject(block) && isObject(block.outputs) ? block.outputs[name] : null;
    }
    return { ...rest, artifact };
  });
  return { ...result, artifacts };
}
