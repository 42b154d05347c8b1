/**
 * A succeeded run's steps stored without the values its result already holds. A block's outputs
 * are in `result.blocks[id].outputs`, an output block's artifacts in `result.artifacts`, and a
 * block's inputs are mostly its upstream blocks' outputs: stored as they come, the text of a
 * three-block app was kept five times (about half of each stored run). Each value kept elsewhere is
 * left out of the step, and the step's `kept` says where it is:
 *
 * - `kept.outputs: "result"`: the step's outputs are its block's outputs in the result;
 * - `kept.artifacts: "result"`: its artifacts are the result's artifacts of this block, in order;
 * - `kept.inputs: { name: [stepId, output] }`: input `name` is step `stepId`'s output `output`.
 *
 * A step with `kept` (`{}` when only these apply) also leaves out what it can be told from:
 *
 * - `finishedAt` when it is `startedAt + durationMs` (it mostly is: both come from the same run);
 * - `kind` when it is its block's kind in the result (`result.blocks[id].kind`).
 *
 * A compacted step without such a field of its own stores it as null. Only values exactly equal
 * (as JSON) are left out, so `expandSteps` gives back the very steps that were compacted (a
 * restored field comes last; a step with a null `finishedAt` or `kind` is stored whole). Steps
 * stored before (without `kept`) read as they are.
 */

import { isObject, outputsByText } from './compact-result';

type Json = Record<string, unknown>;

interface Kept {
  outputs?: 'result';
  artifacts?: 'result';
  inputs?: Record<string, [string, string]>;
}

function resultBlock(result: Json | null, id: string): Json | undefined {
  const blocks = result?.blocks;
  if (!isObject(blocks)) return undefined;
  const block = blocks[id];
  return isObject(block) ? block : undefined;
}

/** `startedAt + durationMs`, when the step has both. */
function endOf(step: Json): number | undefined {
  return typeof step.startedAt === 'number' && typeof step.durationMs === 'number'
    ? step.startedAt + step.durationMs
    : undefined;
}

/** The block's kind in the result, when the result holds the block. */
function kindOf(result: Json | null, id: string): unknown {
  return resultBlock(result, id)?.kind;
}

function blockOutputs(result: Json | null, id: string): unknown {
  return resultBlock(result, id)?.outputs;
}

function resultArtifacts(result: Json | null, id: string): unknown[] | undefined {
  const artifacts = result?.artifacts;
  if (!Array.isArray(artifacts)) return undefined;
  return artifacts
    .filter((entry): entry is Json => isObject(entry) && entry.nodeId === id)
    .map((entry) => entry.artifact);
}

const same = (a: unknown, b: unknown) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** The steps to store for a run that succeeded with `result` (as the result is stored). */
export function compactSteps(nodes: Json, result: Json | null): Json {
  // Every step's outputs, by their JSON text: where an input can be found.
  const outputs = outputsByText(nodes);
  const compacted: Json = {};
  for (const [id, step] of Object.entries(nodes)) {
    if (!isObject(step) || step.kept !== undefined) {
      compacted[id] = step;
      continue;
    }
    const kept: Kept = {};
    const stored: Json = { ...step };
    if (isObject(step.inputs)) {
      const inputs: Json = {};
      for (const [name, value] of Object.entries(step.inputs)) {
        const from = outputs.get(JSON.stringify(value) ?? '');
        if (from && from[0] !== id) (kept.inputs ??= {})[name] = from;
        else inputs[name] = value;
      }
      if (kept.inputs) stored.inputs = inputs;
    }
    if (
      isObject(step.outputs) &&
      Object.keys(step.outputs).length > 0 &&
      same(blockOutputs(result, id), step.outputs)
    ) {
      delete stored.outputs;
      kept.outputs = 'result';
    }
    if (
      Array.isArray(step.artifacts) &&
      step.artifacts.length > 0 &&
      same(resultArtifacts(result, id), step.artifacts)
    ) {
      delete stored.artifacts;
      kept.artifacts = 'result';
    }
    // What a compacted step leaves out and `expandSteps` works out again; a step whose missing
    // field would be worked out is stored whole.
    // A field the step does not have, where one would be worked out, is stored as null.
    if (step.finishedAt === null || step.kind === null) {
      compacted[id] = step;
      continue;
    }
    let derived = false;
    const end = endOf(step);
    if (end !== undefined && !('finishedAt' in step)) stored.finishedAt = null;
    else if (end !== undefined && step.finishedAt === end) {
      delete stored.finishedAt;
      derived = true;
    }
    const kind = kindOf(result, id);
    if (kind !== undefined && !('kind' in step)) stored.kind = null;
    else if (kind !== undefined && step.kind === kind) {
      delete stored.kind;
      derived = true;
    }
    compacted[id] = Object.keys(kept).length > 0 || derived ? { ...stored, kept } : step;
  }
  return compacted;
}

/** A run's steps as stored, whole again (steps stored whole, or before compaction, are unchanged). */
export function expandSteps<T extends Json | null>(nodes: T, result: Json | null): T {
  if (nodes === null || !Object.values(nodes).some((step) => isObject(step) && step.kept !== undefined))
    return nodes;
  const whole: Json = {};
  // Outputs first: inputs refer to other steps' outputs.
  for (const [id, step] of Object.entries(nodes)) {
    if (!isObject(step) || !isObject(step.kept)) {
      whole[id] = step;
      continue;
    }
    const kept = step.kept as Kept;
    const { kept: _kept, ...rest } = step;
    const restored: Json = { ...rest };
    if (restored.kind === null) delete restored.kind;
    else if (!('kind' in restored)) {
      const kind = kindOf(result, id);
      if (kind !== undefined) restored.kind = kind;
    }
    if (restored.finishedAt === null) delete restored.finishedAt;
    else if (!('finishedAt' in restored)) {
      const end = endOf(restored);
      if (end !== undefined) restored.finishedAt = end;
    }
    if (kept.outputs === 'result') restored.outputs = blockOutputs(result, id) ?? {};
    if (kept.artifacts === 'result') restored.artifacts = resultArtifacts(result, id) ?? [];
    whole[id] = restored;
  }
  for (const [id, step] of Object.entries(nodes)) {
    const references = isObject(step) && isObject(step.kept) ? (step.kept as Kept).inputs : undefined;
    if (!references) continue;
    const restored = whole[id] as Json;
    const inputs: Json = { ...(isObject(restored.inputs) ? restored.inputs : {}) };
    for (const [name, [from, output]] of Object.entries(references)) {
      const source = whole[from];
      inputs[name] = isObject(source) && isObject(source.outputs) ? source.outputs[output] : null;
    }
    restored.inputs = inputs;
  }
  return whole as T;
}
