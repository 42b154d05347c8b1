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
 * The layout (the app's blocks with their declared outputs and variable, what the flat answer's
 * keys are made from) is stored as arrays, `[id, outputs]` or `[id, outputs, variable]`, instead of
 * objects naming each field: a third of a small app's result was the layout's field names.
 *
 * `expandResult` gives back the very result that was compacted (a restored field comes last among
 * the artifact's fields). Results stored before, flat results and null read as they are.
 */

type Json = Record<string, unknown>;

/** Values shorter than this (as JSON) are kept where they are: a reference would not be smaller. */
export const WORTH_REFERRING = 48;

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The outputs of `blocks` (by id, each with `outputs`: a result's blocks, or a run's steps) of at
 * least WORTH_REFERRING characters, by their JSON text: where a value can be found again.
 */
export function outputsByText(blocks: unknown): Map<string, [string, string]> {
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

type LayoutEntry = [string, string[]] | [string, string[], string];

/** A layout entry as arrays, or null when it is not exactly `{ id, outputs, variable? }`. */
function layoutEntry(entry: unknown): LayoutEntry | null {
  if (!isObject(entry) || typeof entry.id !== 'string') return null;
  const { id, outputs, variable, ...rest } = entry;
  if (Object.keys(rest).length > 0 || !Array.isArray(outputs) || !outputs.every((o) => typeof o === 'string'))
    return null;
  if (variable === undefined && !('variable' in entry)) return [id, outputs as string[]];
  return typeof variable === 'string' ? [id, outputs as string[], variable] : null;
}

/** The layout as arrays when every entry can be (else as it is). */
function compactLayout(layout: unknown): unknown {
  if (!Array.isArray(layout) || layout.length === 0) return layout;
  const entries = layout.map(layoutEntry);
  return entries.every((entry) => entry !== null) ? entries : layout;
}

function expandLayout(layout: unknown[]): unknown[] {
  return layout.map((entry) => {
    if (!Array.isArray(entry)) return entry;
    const [id, outputs, variable] = entry as LayoutEntry;
    return variable === undefined ? { id, outputs } : { id, variable, outputs };
  });
}

/** The result to store for a run that succeeded (after its outputs were cut for storage). */
export function compactResult<T extends Json>(result: T): T {
  const layout = compactLayout(result.layout);
  const artifacts = compactArtifacts(result);
  if (layout === result.layout && artifacts === result.artifacts) return result;
  return {
    ...result,
    ...(layout !== undefined && { layout }),
    ...(artifacts !== undefined && { artifacts }),
  };
}

/** The result's artifacts, each without the values a block's outputs hold (else as they are). */
function compactArtifacts(result: Json): unknown {
  if (!Array.isArray(result.artifacts) || result.artifacts.length === 0) return result.artifacts;
  const outputs = outputsByText(result.blocks);
  if (outputs.size === 0) return result.artifacts;
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
  return changed ? artifacts : result.artifacts;
}

/** A run's result as stored, whole again (results stored whole, flat or null are unchanged). */
export function expandResult<T extends Json | null>(result: T): T {
  if (result === null) return result;
  const layout =
    Array.isArray(result.layout) && result.layout.some(Array.isArray)
      ? expandLayout(result.layout)
      : result.layout;
  const artifacts = expandArtifacts(result);
  if (layout === result.layout && artifacts === result.artifacts) return result;
  return {
    ...result,
    ...(layout !== undefined && { layout }),
    ...(artifacts !== undefined && { artifacts }),
  };
}

function expandArtifacts(result: Json): unknown {
  if (!Array.isArray(result.artifacts)) return result.artifacts;
  if (!result.artifacts.some((entry) => isObject(entry) && isObject(entry.kept))) return result.artifacts;
  const blocks = isObject(result.blocks) ? result.blocks : {};
  return result.artifacts.map((entry: unknown) => {
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
}
