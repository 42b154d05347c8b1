import { isPlainObject } from './plain-object';
import { resultKeys, type ResultKeyBlock } from './result-keys';
import type { RunArtifact } from './run-event-fold';
import type { RunNote } from './run-notes';

/** One block's part of a run's result: its kind and its outputs by their declared names. */
export type BlockResult = {
  kind: string;
  outputs: Record<string, unknown>;
};

/**
 * A run's result as it is stored and answered (`Run.results`): each block that produced outputs
 * (not the input blocks, not the blocks inside loops), by id, and the artifacts. `layout` is the
 * app's blocks in order with their variable and declared outputs: what the flat answer's keys are
 * made from (`flatResult`), kept here because a stored JSON object does not keep its key order.
 */
/* A type, not an interface: it is a plain JSON object (`Record<string, unknown>`) where stored. */
export type RunResult = {
  blocks: Record<string, BlockResult>;
  artifacts: RunArtifact[];
  layout: ResultKeyBlock[];
  /**
   * What failed while the run went on (blocks whose `onError` is `continue` or `route`, loops
   * some of whose items failed); absent when nothing did.
   */
  notes?: RunNote[];
};

/** A run result of today's shape; false for a flat result stored before runs kept one per block. */
export function isRunResult(value: unknown): value is RunResult {
  return (
    isPlainObject(value) &&
    isPlainObject(value.blocks) &&
    Array.isArray(value.layout) &&
    Array.isArray(value.artifacts) &&
    Object.values(value.blocks).every(
      (block) => isPlainObject(block) && typeof block.kind === 'string' && isPlainObject(block.outputs),
    )
  );
}

/**
 * The flat answer of a run (REST execute's `output`, GraphQL `Run.result`): every block's
 * outputs under one key each, as `resultKeys` gives them (a block's first output under its
 * variable name, any other under its name, a name an earlier block holds with the next free
 * suffix: `classification`, `classification_2`), and the artifacts under `artifacts`. The one
 * place a run's result is flattened. A flat result stored before runs kept one per block is
 * answered as it was stored.
 */
export function flatResult(result: RunResult | Record<string, unknown>): Record<string, unknown> {
  if (!isRunResult(result)) return result;
  const keys = resultKeys(result.layout);
  const flat: Record<string, unknown> = {};
  for (const layout of result.layout) {
    const block = result.blocks[layout.id];
    if (!block) continue;
    const own = keys.get(layout.id)!;
    for (const name of layout.outputs) if (name in block.outputs) flat[own[name]!] = block.outputs[name];
  }
  return { ...flat, artifacts: result.artifacts };
}
