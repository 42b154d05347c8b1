import type { ToolSpec } from './ai-provider';

/** What a tool answered, as the model will read it. */
export interface ToolAnswer {
  /** Text, or a value the model reads as JSON. */
  value: unknown;
  /** Credits the call cost its payer (a nested app run's price and its blocks); 0 or absent when free. */
  credits?: number;
  /** The run record a call made (a nested app run), for history and replays to link to. */
  runId?: string;
}

export interface ToolCallOptions {
  signal: AbortSignal;
  /** Partial text while the tool works (a nested run's progress). */
  onProgress?: (text: string) => void;
  /**
   * The most this call may cost; a call that could cost more is refused before it starts with a
   * message saying so (`ToolAnswer` is never above it).
   */
  maxCredits?: number;
}

/** An app offered as one tool: its input blocks are the tool's parameters. */
export interface AppToolSpec extends ToolSpec {
  /** How the agent's settings name it: an app id (the creator's own) or a store slug. */
  ref: string;
  title: string;
  /** The most one call costs the payer (the app's price plus its blocks), in credits. */
  maxCredits: number;
}

/**
 * Tools a block may hand to a model besides MCP servers it reaches itself (the agent block):
 * blocks of the same app connected to its `tools` handle, and apps.
 */
export interface RunTools {
  /** The blocks connected to this block's `tools` handle, each as a tool. Empty for other blocks. */
  readonly connected: readonly ToolSpec[];
  /** Runs one connected block with the model's arguments and gives its first output. */
  callConnected(
    name: string,
    args: Readonly<Record<string, unknown>>,
    options: ToolCallOptions,
  ): Promise<ToolAnswer>;
  /**
   * The apps `refs` names (ids of the app owner's apps, slugs of published store apps) as tools;
   * an app the owner cannot use is refused with a message naming it.
   */
  apps(refs: readonly string[]): Promise<AppToolSpec[]>;
  /** One run of an app (the live version of a store app, paid like a store run by the run's payer). */
  callApp(
    ref: string,
    args: Readonly<Record<string, unknown>>,
    options: ToolCallOptions,
  ): Promise<ToolAnswer>;
  /**
   * Credits the block may still spend in this run beyond its price (its `tools.maxCredits`
   * setting less what its tool calls and model turns cost so far); Infinity where nothing limits
   * it. A call that could cost more than this is refused before it starts.
   */
  readonly creditsLeft: number;
  /**
   * Pays for one more turn of the block's model (every turn after the first, which the block's
   * price covers): what its model adds to the price, taken from `creditsLeft`. Refused with
   * CreditLimitError when what is left cannot pay (free models pay nothing).
   */
  payTurn(): Promise<void>;
}

/** For runs with no tools: nothing connected, and apps cannot be called. */
export const NO_RUN_TOOLS: RunTools = {
  connected: [],
  callConnected: (name) => Promise.reject(new Error(`No block named "${name}" is connected as a tool.`)),
  apps: (refs) =>
    refs.length === 0
      ? Promise.resolve([])
      : Promise.reject(new Error('Apps cannot be used as tools where this block runs.')),
  callApp: (ref) =>
    Promise.reject(new Error(`The app "${ref}" cannot be used as a tool where this block runs.`)),
  creditsLeft: Infinity,
  payTurn: () => Promise.resolve(),
};
