import {
  createBlockRunState,
  resultKeys,
  type AppConfig,
  type Artifact,
  type BlockRunState,
  type NodeStatus,
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
 * A finished run's answer as the live progress would have left it. The answer merges every
 * block's outputs under the keys `resultKeys` gives them (a block's first output under its
 * variable name, a name an earlier block holds with a suffix); each block gets its outputs back by
 * those keys (`variables`, `outputNames` from the catalogue). Input blocks show
 * nothing, as during a live run.
 */
export function finishedRunState(
  run: FinishedRun,
  config: AppConfig,
  variables: ReadonlyMap<string, string>,
  outputNames: (type: string) => readonly string[],
  isInput: (type: string) => boolean,
): FinishedRunState {
  const nodes = new Map<string, NodeRunState>();
  for (const [id, value] of Object.entries(run.nodes ?? {})) {
    if (!isRecord(value)) continue;
    nodes.set(id, nodeRunState(storedBlockState(value)));
  }
  const result = run.result ?? {};
  const artifacts: RunArtifact[] = (Array.isArray(result.artifacts) ? result.artifacts : []).flatMap(
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
  const keys = resultKeys(
    config.plugins.map((plugin) => ({
      id: plugin.id,
      variable: variables.get(plugin.id),
      outputs: outputNames(plugin.type),
    })),
  );
  for (const plugin of config.plugins) {
    if (isInput(plugin.type) || nodes.get(plugin.id)?.status !== 'succeeded') continue;
    const own: Record<string, unknown> = {};
    for (const name of outputNames(plugin.type)) {
      const key = keys.get(plugin.id)![name]!;
      if (key !== 'artifacts' && key in result) own[name] = result[key];
    }
    if (Object.keys(own).length > 0) outputs[plugin.id] = own;
  }
  return { nodes, outputs, artifacts };
}
