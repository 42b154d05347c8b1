import { cutText, type RunResult } from '@blocksmith/schema';

/**
 * The most characters of one value (an output, an input, an artifact) a run's history keeps in the
 * run record. A longer value is cut to this and kept whole as a file.
 */
export const MAX_STORED_CHARS = 20_000;

/** A value cut to a budget of characters, and whether anything was left out. */
export interface CutValue {
  value: unknown;
  cut: boolean;
}

/**
 * `value` with at most `budget` characters of text in it, keeping its shape: a string is cut at
 * the budget (never between the two halves of an emoji: `cutText`), a list keeps its first items and an object its first properties while they fit
 * (each cut in turn), and numbers, yes/no values and null count their written length. JSON
 * punctuation is not counted, so a cut value is a little longer than `budget` once written.
 */
export function cutValue(value: unknown, budget: number = MAX_STORED_CHARS): CutValue {
  if (typeof value === 'string') {
    return value.length <= budget ? { value, cut: false } : { value: cutText(value, budget), cut: true };
  }
  if (value === null || typeof value !== 'object') return { value, cut: false };
  const state = { left: budget, cut: false };
  const result = cutInto(value, state);
  return { value: result, cut: state.cut };
}

function cutInto(value: unknown, state: { left: number; cut: boolean }): unknown {
  if (typeof value === 'string') {
    if (value.length <= state.left) {
      state.left -= value.length;
      return value;
    }
    state.cut = true;
    const kept = cutText(value, state.left);
    state.left = 0;
    return kept;
  }
  if (value === null || typeof value !== 'object') {
    state.left -= String(value).length;
    return value;
  }
  if (Array.isArray(value)) {
    const kept: unknown[] = [];
    for (const item of value) {
      if (state.left <= 0) {
        state.cut = true;
        break;
      }
      kept.push(cutInto(item, state));
    }
    return kept;
  }
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (state.left <= 0) {
      state.cut = true;
      break;
    }
    state.left -= key.length;
    kept[key] = cutInto(inner, state);
  }
  return kept;
}

/**
 * A run's result as its history keeps it: each block's outputs cut to `MAX_STORED_CHARS` (the
 * block's step says so and links the whole value). Artifacts are kept as they are.
 */
export function cutRunResult(result: RunResult): RunResult {
  const blocks: RunResult['blocks'] = {};
  for (const [id, block] of Object.entries(result.blocks)) {
    const outputs: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(block.outputs)) outputs[name] = cutValue(value).value;
    blocks[id] = { ...block, outputs };
  }
  return { ...result, blocks };
}
