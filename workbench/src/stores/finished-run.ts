import {
  createBlockRunState,
  isPlainObject,
  type Artifact,
  type BlockRunState,
  type NodeStatus,
  type RunNote,
} from '@blocksmith/schema';
import type { FinishedRun } from '../api/embeds';
import { nodeRunState, type NodeRunState, type RunArtifact } from './node-run-state';

const STATUSES: readonly NodeStatus[] = ['pending', 'running', 'succeeded', 'failed', 'skipped'];
const ARTIFACT_KINDS: readonly string[] = ['text', 'image', 'file', 'table'] satisfies Artifact['kind'][];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A block's step as the run stored it, as the fold of its events would leave it (what the canvas
 * shows: its status, error and time; the rest of the step is not shown here).
 */
function storedBlockState(step: Record<string, unknown>): BlockRunState {
  const block = createBlockRunState();
  block.status = STATUSES.find((candidate) => candidate === step.status) ?? 'skipped';
  block.shown.status = block.status;
  if (typeof step.error === 'string') block.error = step.error;
  if (typeof step.durationMs === 'number') block.durationMs = block.shown.durationMs = step.durationMs;
  return block;
}

/** What a run that is already over shows: each block's state, its outputs and the artifacts. */
export interface FinishedRunState {
  nodes: Map<string, NodeRunState>;
  outputs: Record<string, Record<string, unknown>>;
  artifacts: RunArtifact[];
}

/**
 * A finished run's answer as the live progress would have left it: each block's outputs as the
 * run's per-block results hold them (`Run.results`), the artifacts beside them. Input blocks show
 * nothing, as during a live run (results of runs kept before they were per block list them).
 */
export function finishedRunState(run: FinishedRun, isInput: (type: string) => boolean): FinishedRunState {
  const nodes = new Map<string, NodeRunState>();
  for (const [id, value] of Object.entries(run.nodes ?? {})) {
    if (!isRecord(value)) continue;
    nodes.set(id, nodeRunState(storedBlockState(value)));
  }
  const results = run.results ?? {};
  const artifacts: RunArtifact[] = (Array.isArray(results.artifacts) ? results.artifacts : []).flatMap(
    (entry: unknown): RunArtifact[] =>
      isRecord(entry) &&
      typeof entry.nodeId === 'string' &&
      isRecord(entry.artifact) &&
      typeof entry.artifact.kind === 'string' &&
      ARTIFACT_KINDS.includes(entry.artifact.kind)
        ? [{ nodeId: entry.nodeId, artifact: entry.artifact as Artifact }]
        : [],
  );
  const outputs: Record<string, Record<string, unknown>> = {};
  for (const [id, block] of Object.entries(isPlainObject(results.blocks) ? results.blocks : {})) {
    if (!isRecord(block) || !isPlainObject(block.outputs) || typeof block.kind !== 'string') continue;
    if (isInput(block.kind) || nodes.get(id)?.status !== 'succeeded') continue;
    if (Object.keys(block.outputs).length > 0) outputs[id] = { ...block.outputs };
  }
  return { nodes, outputs, artifacts };
}

/** What failed while a kept run went on (`Run.results.notes`); none for results kept without notes. */
export function keptRunNotes(results: unknown): RunNote[] {
  const notes = isRecord(results) ? results.notes : undefined;
  if (!Array.isArray(notes)) return [];
  return notes.flatMap((note) =>
    isRecord(note) && typeof note.nodeId === 'string' && typeof note.message === 'string'
      ? [{ nodeId: note.nodeId, message: note.message }]
      : [],
  );
}
