import type { Artifact, ToolCallRecord } from '@blocksmith/schema';
import type { Ai } from './ai';
import type { FileStore } from './file-store';
import type { RunKnowledge } from './run-knowledge';
import type { RunDecision } from './run-pause';
import type { RunShared } from './run-shared';
import type { RunTools } from './run-tools';

/** The first output of one directly connected upstream block. */
export interface UpstreamValue {
  nodeId: string;
  kind: string;
  /** The upstream block's variable name, unique within the app. */
  name: string;
  /** Its first output. */
  value: unknown;
  /**
   * Every output it gave, by the names its declaration uses (the first one is `value`); absent
   * where only the first is known (a test's upstream given as `{ variable: value }`).
   */
  outputs?: Readonly<Record<string, unknown>>;
}

/** What reached a block that ends a loop from one item of the loop. */
export interface GatheredItem {
  /** The item's place in the loop's list, 0 for the first. */
  index: number;
  /** The item itself. */
  item: unknown;
  /** The connected blocks that ran for this item, with their first outputs, in connection order. */
  upstream: readonly UpstreamValue[];
  /**
   * A block of this item failed and the run went on with an error value (its `onError` is
   * `continue`): what failed. A loop's end leaves such items out of what it gathers.
   */
  error?: string;
}

/** Everything a block may use while it runs. It never sees the database, HTTP server or environment. */
export interface RunContext<S> {
  readonly nodeId: string;
  /** Validated settings, defaults filled in. */
  readonly settings: S;
  /** Directly connected upstream blocks, in connection order. */
  readonly upstream: readonly UpstreamValue[];
  /** Every upstream variable (transitively), by its unique name. */
  readonly variables: Readonly<Record<string, unknown>>;
  /** For input blocks: what the person running the app entered for this block (text, option or file url). */
  readonly runInput: unknown;
  /** Direct upstream values as one text (JSON pretty-printed, joined by blank lines). */
  primaryText(): string;
  /**
   * Fills `{{name}}` placeholders (and fields inside values: `{{item.name}}`, `{{rows[2].email}}`) from
   * upstream variables, then `extra`. Unknown names and missing fields stay as written.
   */
  render(template: string, extra?: Readonly<Record<string, unknown>>): string;
  readonly ai: Ai;
  readonly files: FileStore;
  /** Streams partial text (shown live on the canvas and the runner page). */
  progress(text: string): void;
  /** Hands something to the result display (output blocks). */
  present(artifact: Artifact): void;
  /**
   * Blocks that hand tools to a model (the agent): reports one tool call, when it starts
   * (`running`) and again when it ends with the same `call` number. Sent as the run's `tool_call`
   * events (shown live on the canvas and kept with the run), cleaned of secrets like progress.
   */
  toolCall(record: ToolCallRecord): void;
  /**
   * Blocks with route outputs: takes one of the declared routes (call it once per route taken).
   * Blocks reached only through routes not taken are skipped.
   */
  route(name: string): void;
  /**
   * Blocks that end a loop: what reached them from each item, in item order; items for which
   * nothing reached them (a route inside the loop skipped it) are left out. Empty for other blocks.
   */
  readonly gathered: readonly GatheredItem[];
  /**
   * The app owner's secret `name` (kept encrypted on the server, set on the Secrets page), or
   * undefined when there is none. Whatever the block then returns, presents or fails with is
   * cleaned of the value: it reads `[secret NAME]` there.
   */
  secret(name: string): Promise<string | undefined>;
  readonly signal: AbortSignal;
  /**
   * Who the run is charged to, as an opaque id. Blocks that share something scarce between every
   * run of the server (the Code block's sandbox threads) give each account its fair share by it.
   */
  readonly account: string;
  /**
   * Tools the block may hand to a model (the agent block): blocks connected to its `tools` handle,
   * and apps. Nothing connected and no apps where the run offers none.
   */
  readonly tools: RunTools;
  /**
   * The app owner's knowledge bases, searched for passages (the Knowledge Search block). A run
   * without a server has none: searching fails saying so.
   */
  readonly knowledge: RunKnowledge;
  /**
   * A block that stopped the run to wait for a person (it threw `RunPause`) runs again once the
   * run goes on: this is what was decided (approved, with the text as approved). Undefined
   * otherwise.
   */
  readonly decision: RunDecision | undefined;
  /**
   * What the blocks of this run share while it lasts (every block and loop item of it): a value
   * costly to make, such as a connection to a server, made once and closed when the run ends.
   */
  readonly shared: RunShared;
}
