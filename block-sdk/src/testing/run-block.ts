import { routePorts, type Artifact } from '@blocksmith/schema';
import type { AiProvider } from '../ai-provider';
import type { AnyBlockDefinition } from '../block-definition';
import type { FileStore } from '../file-store';
import { MemoryFileStore } from '../memory-file-store';
import { NodeContext } from '../node-context';
import { outputTypeProblem, type OutputsSpec } from '../outputs';
import { SecretReader, scrubError, scrubSecrets } from '../secrets';
import type { GatheredItem, UpstreamValue } from '../run-context';
import { validateSettings } from '../validate-settings';
import { ScriptedProvider } from './scripted-provider';

export interface RunBlockOptions {
  settings?: Record<string, unknown>;
  /** Direct upstream values: a list, or `{ variable: value }` (each becomes an upstream block). */
  upstream?: readonly UpstreamValue[] | Readonly<Record<string, unknown>>;
  /** Extra variables from further upstream (direct upstream values are included automatically). */
  variables?: Readonly<Record<string, unknown>>;
  runInput?: unknown;
  provider?: AiProvider;
  files?: FileStore;
  signal?: AbortSignal;
  /** For a block that ends a loop: what reached it from each item. */
  gathered?: readonly GatheredItem[];
  /** The app owner's secrets by name; outputs, artifacts and errors are cleaned of those read, as in a run. */
  secrets?: Readonly<Record<string, string>>;
}

export interface BlockRunOutcome {
  outputs: Record<string, unknown>;
  artifacts: Artifact[];
  /** Every partial text the block streamed, in order. */
  progress: string[];
  /** For a block with route outputs: the routes it took, in order. */
  routes: string[];
}

function toUpstream(upstream: RunBlockOptions['upstream']): UpstreamValue[] {
  if (!upstream) return [];
  if (Array.isArray(upstream)) return [...(upstream as readonly UpstreamValue[])];
  return Object.entries(upstream).map(([name, value], i) => ({
    nodeId: `upstream_${i + 1}`,
    kind: 'test',
    name,
    value,
  }));
}

/**
 * Runs one block the way the engine does: settings validated with defaults, a real context,
 * outputs checked against the declaration, routes checked against the declared ones. Invalid
 * settings, outputs or routes throw with the details.
 */
export async function runBlock(
  definition: AnyBlockDefinition,
  options: RunBlockOptions = {},
): Promise<BlockRunOutcome> {
  const settings = validateSettings(definition.settings, options.settings ?? {});
  if (!settings.ok) {
    throw new Error(
      `Invalid settings for ${definition.kind}: ${settings.issues.map((i) => i.message).join(' ')}`,
    );
  }
  const upstream = toUpstream(options.upstream);
  const variables: Record<string, unknown> = { ...options.variables };
  for (const u of upstream) variables[u.name] = u.value;
  const progress: string[] = [];
  const artifacts: Artifact[] = [];
  const routes: string[] = [];
  const declared = definition.routes ? routePorts(definition.routes, settings.value) : undefined;
  const secrets = new SecretReader(async (name) => options.secrets?.[name]);
  const context = new NodeContext({
    nodeId: 'node_under_test',
    settings: settings.value,
    upstream,
    variables,
    runInput: options.runInput,
    provider: options.provider ?? new ScriptedProvider(),
    files: options.files ?? new MemoryFileStore(),
    signal: options.signal ?? new AbortController().signal,
    onPartial: (text) => progress.push(scrubSecrets(text, secrets.revealed)),
    onArtifact: (artifact) => artifacts.push(artifact),
    ...(declared && {
      onRoute: (name: string) => {
        if (!declared.includes(name))
          throw new Error(
            `${definition.kind} took the route "${name}", which is not one of ${declared.join(', ')}`,
          );
        routes.push(name);
      },
    }),
    ...(options.gathered && { gathered: options.gathered }),
    secret: (name) => secrets.read(name),
  });
  let outputs: Record<string, unknown>;
  try {
    outputs = scrubSecrets(
      ((await definition.run(context)) ?? {}) as Record<string, unknown>,
      secrets.revealed,
    );
  } catch (error) {
    throw scrubError(error, secrets.revealed);
  }
  for (const [name, decl] of Object.entries(definition.outputs as OutputsSpec)) {
    const problem = outputTypeProblem(name, decl.type, outputs[name]);
    if (problem) throw new Error(`${definition.kind} returned a bad result: ${problem}`);
  }
  return { outputs, artifacts: scrubSecrets(artifacts, secrets.revealed), progress, routes };
}
