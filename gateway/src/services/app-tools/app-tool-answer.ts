import { flatResult, isPlainObject, type Artifact } from '@blocksmith/schema';

/** What one call of an app tool answered: the run's results, and words for a reader. */
export interface AppToolResult {
  runId: string;
  /**
   * `waiting`: the run stopped at an Approval block and waits for a person (kept on the server);
   * its results are not there yet, and `text` says where to follow it.
   */
  status: 'succeeded' | 'waiting';
  /** Credits the call cost its caller: all of it when it succeeded, what a failed run kept. */
  credits: number;
  /** The run's per-block results, flat (`flatResult`): each block's outputs and the artifacts. */
  structured: Record<string, unknown>;
  /** The results as text: each output on its own line, artifacts' text after them. */
  text: string;
}

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One artifact (what an output block shows) as text: its text, image link, file link or table. */
function artifactText(entry: unknown): string | null {
  if (!isPlainObject(entry) || !isPlainObject(entry.artifact)) return null;
  const artifact = entry.artifact as unknown as Artifact;
  switch (artifact.kind) {
    case 'text':
      return artifact.text;
    case 'image':
      return artifact.url;
    case 'file':
      return `${artifact.file.name}: ${artifact.file.url}`;
    case 'table':
      return [
        artifact.columns.join(' | '),
        ...artifact.rows.map((row) =>
          artifact.columns.map((column) => String(row[column] ?? '')).join(' | '),
        ),
      ].join('\n');
    default:
      return null;
  }
}

/**
 * A succeeded run's result as a tool answers it: the flat result as structured content, and as
 * text each output under its key then what the output blocks show.
 */
export function appToolAnswer(
  runId: string,
  credits: number,
  result: Record<string, unknown> | null,
): AppToolResult {
  const structured = result ? flatResult(result) : {};
  if (!Array.isArray(structured.artifacts)) structured.artifacts = [];
  const lines: string[] = [];
  for (const [key, value] of Object.entries(structured)) {
    if (key === 'artifacts') continue;
    lines.push(`${key}: ${shown(value)}`);
  }
  for (const artifact of structured.artifacts as unknown[]) {
    const text = artifactText(artifact);
    if (text !== null && !lines.some((line) => line.endsWith(`: ${text}`))) lines.push(text);
  }
  return {
    runId,
    status: 'succeeded',
    credits,
    structured,
    text: lines.join('\n') || 'The app finished with no results.',
  };
}

/**
 * A run that stopped to wait for approval, as a tool answers it: not an error (it goes on once
 * approved, on the server), no results yet, and words saying so and where to follow it.
 */
export function appToolWaiting(runId: string, credits: number, appName: string): AppToolResult {
  return {
    runId,
    status: 'waiting',
    credits,
    structured: { artifacts: [] },
    text:
      `${appName} waits for approval: its run ${runId} stopped at an Approval block and goes on once a ` +
      `person approves it (a rejection or its time-out ends it, refunding what did not run). It has no ` +
      `results yet: follow it with GET /api/runs/${runId} (its status, then its results).`,
  };
}
