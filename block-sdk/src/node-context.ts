import { hasTemplateValue, substituteTemplate, type Artifact, type ToolCallRecord } from '@blocksmith/schema';
import { Ai } from './ai';
import type { AiProvider, AiUsage } from './ai-provider';
import type { FileStore } from './file-store';
import type { GatheredItem, RunContext, UpstreamValue } from './run-context';
import { NO_RUN_KNOWLEDGE, type RunKnowledge } from './run-knowledge';
import type { RunDecision } from './run-pause';
import { RunSharedValues, type RunShared } from './run-shared';
import { NO_RUN_TOOLS, type RunTools } from './run-tools';

export interface NodeContextInit<S> {
  nodeId: string;
  settings: S;
  upstream: readonly UpstreamValue[];
  variables: Readonly<Record<string, unknown>>;
  runInput: unknown;
  provider: AiProvider;
  files: FileStore;
  signal: AbortSignal;
  /** Who the run is charged to (default `anonymous`): see `RunContext.account`. */
  account?: string;
  /** Tools for blocks that hand them to a model (default: none). */
  tools?: RunTools;
  /** The app owner's knowledge bases (default: none). */
  knowledge?: RunKnowledge;
  onPartial(text: string): void;
  /**
   * The run gathers this block's progress before it goes out (a block inside a loop): an AI
   * answer already in memory goes to `onPartial` whole, not word by word.
   */
  progressGathered?: boolean;
  onArtifact(artifact: Artifact): void;
  /** A tool call the block reports (`RunContext.toolCall`); without it, reports are dropped. */
  onToolCall?(record: ToolCallRecord): void;
  /** What an AI call used, when the provider reports it. */
  onUsage?(usage: AiUsage): void;
  /** A route the block took (blocks with route outputs). */
  onRoute?(name: string): void;
  /** Blocks that end a loop: what reached them from each item. */
  gathered?: readonly GatheredItem[];
  /** Reads the app owner's secrets; without it a block finds none. */
  secret?(name: string): Promise<string | undefined>;
  /** The block stopped the run to wait (`RunPause`) and the run goes on: what was decided. */
  decision?: RunDecision;
  /**
   * The run's shared values (`RunContext.shared`), which the run closes when it ends. Without it
   * the context keeps its own, which nothing closes: give the run's.
   */
  shared?: RunShared;
}

const NOTHING_GATHERED: readonly GatheredItem[] = Object.freeze([]);

export function valueAsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

/** The one implementation of `RunContext`, shared by the engine and the test harness. */
export class NodeContext<S> implements RunContext<S> {
  readonly nodeId: string;
  readonly settings: S;
  readonly upstream: readonly UpstreamValue[];
  readonly variables: Readonly<Record<string, unknown>>;
  readonly runInput: unknown;
  readonly files: FileStore;
  readonly signal: AbortSignal;
  readonly gathered: readonly GatheredItem[];
  readonly account: string;
  readonly tools: RunTools;
  readonly knowledge: RunKnowledge;
  readonly decision: RunDecision | undefined;
  readonly shared: RunShared;
  private readonly init: NodeContextInit<S>;
  private aiFacade: Ai | undefined;

  constructor(init: NodeContextInit<S>) {
    this.init = init;
    this.nodeId = init.nodeId;
    this.settings = init.settings;
    this.upstream = init.upstream;
    this.variables = init.variables;
    this.runInput = init.runInput;
    this.files = init.files;
    this.signal = init.signal;
    this.gathered = init.gathered ?? NOTHING_GATHERED;
    this.account = init.account ?? 'anonymous';
    this.tools = init.tools ?? NO_RUN_TOOLS;
    this.knowledge = init.knowledge ?? NO_RUN_KNOWLEDGE;
    this.decision = init.decision;
    this.shared = init.shared ?? new RunSharedValues();
  }

  get ai(): Ai {
    this.aiFacade ??= new Ai(
      this.init.provider,
      this.signal,
      this.init.onPartial,
      this.init.onUsage,
      this.init.progressGathered,
    );
    return this.aiFacade;
  }

  primaryText(): string {
    if (this.upstream.length === 1) return valueAsText(this.upstream[0]!.value);
    return this.upstream.map((u) => valueAsText(u.value)).join('\n\n');
  }

  render(template: string, extra?: Readonly<Record<string, unknown>>): string {
    if (!extra) return substituteTemplate(template, this.variables);
    // Upstream variables win; `extra` only fills names they do not have, and only names the
    // template mentions at all matter (a placeholder names its variable as written).
    let values: Record<string, unknown> | undefined;
    for (const key of Object.keys(extra))
      if (template.includes(key) && !hasTemplateValue(this.variables, key)) {
        values ??= Object.create(this.variables) as Record<string, unknown>;
        values[key] = extra[key];
      }
    return substituteTemplate(template, values ?? this.variables);
  }

  progress(text: string): void {
    this.init.onPartial(text);
  }

  present(artifact: Artifact): void {
    this.init.onArtifact(artifact);
  }

  toolCall(record: ToolCallRecord): void {
    this.init.onToolCall?.(record);
  }

  route(name: string): void {
    if (!this.init.onRoute) throw new Error('This block declares no route outputs.');
    this.init.onRoute(name);
  }

  secret(name: string): Promise<string | undefined> {
    return this.init.secret ? this.init.secret(name) : Promise.resolve(undefined);
  }
}
