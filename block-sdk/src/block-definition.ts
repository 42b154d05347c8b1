import type {
  BlockCategory,
  BlockTier,
  InputCheck,
  LoopDeclaration,
  ResultDeclaration,
  RouteOutputs,
  SettingsSpec,
  ToolDeclaration,
  ToolsHandle,
} from '@blocksmith/schema';
import type { OutputsOf, OutputsSpec } from './outputs';
import type { RunContext } from './run-context';
import type { SettingsOf } from './settings-of';

/** Upgrades settings saved for the previous version to this one. */
export type SettingsMigration = (settings: Record<string, unknown>) => Record<string, unknown>;

export type RunResult<O extends OutputsSpec> = keyof O extends never
  ? void | Record<string, never>
  : OutputsOf<O>;

export interface BlockSpec<S extends SettingsSpec, O extends OutputsSpec> {
  /** camelCase id, e.g. `textGeneration`. */
  kind: string;
  name: string;
  description: string;
  category: BlockCategory;
  /** Starts at 1; raise it when settings change and add a migration keyed by the new version. */
  version?: number;
  migrations?: Readonly<Record<number, SettingsMigration>>;
  settings: S;
  outputs: O;
  /** Credits one run of this block costs (0 for input and output blocks). */
  cost?: number;
  /**
   * `full`: only plans that include full blocks may add it to an app (apps that hold it keep
   * running on any plan). Default `core`: every plan.
   */
  tier?: BlockTier;
  /** Name in credit history; defaults to the kind in snake_case. */
  historyType?: string;
  /** For input blocks: what the runner page asks for. */
  inputKind?: 'text' | 'file' | 'choice';
  /**
   * File input blocks: why an upload is refused, checked before the file is stored (the block may
   * check again at run time), or null to accept it. `tooLarge` marks a size refusal.
   */
  acceptsFile?(settings: SettingsOf<S>, file: UploadCandidate): FileRefusal | null;
  /**
   * Input blocks: why what the person entered (`value`, as sent in the run's inputs) cannot be run,
   * as a message they can act on, or null. Checked for every input block before a run starts
   * (nothing is charged or stored when it refuses); `run` sees only values that passed.
   */
  checkInput?(settings: SettingsOf<S>, value: unknown): string | null;
  /**
   * Input blocks: named checks from `@blocksmith/schema`'s INPUT_CHECKS that what the person
   * enters must pass. The workbench applies them before it sends a run, the server before it
   * starts one (before `checkInput`), with the same messages.
   */
  inputChecks?: readonly InputCheck[];
  /** Where the Add Node panel lists the block among its category, from 1; unranked blocks follow. */
  paletteRank?: number;
  /**
   * Route outputs: named output ports, of which each run takes some with `ctx.route(name)`.
   * Connections leave from a route; blocks reached only through routes the run did not take are
   * skipped (not run, not charged). The routes are fixed (`ports`) and/or one per line of a text
   * setting (`linesOf`).
   */
  routes?: RouteOutputsSpec<S>;
  /**
   * The block runs a loop: the blocks after it, up to a block that declares `endsLoop`, run once
   * per item of the list its `items` output holds (at most `maxItems` items, `concurrency` at a
   * time, both number settings). Inside the loop its first output is the current item.
   */
  loop?: LoopSpec<S, O>;
  /**
   * The block ends the loop it follows: it runs once, after every item, and finds what reached it
   * from each item in `ctx.gathered`.
   */
  endsLoop?: boolean;
  /**
   * The block may stop the run to wait for a person's decision (it throws `RunPause`, as the
   * Approval block does): the run is kept in the database and goes on, on any server process, once
   * it is decided; the block then runs again with `ctx.decision`. Such a block may be free.
   */
  waits?: boolean;
  /**
   * The block can serve as a tool of a model. Connected to the `tools` handle of a block that
   * takes tools (the agent), it is not run in the pipeline: it runs each time the model calls it,
   * with the model's arguments (checked against `parameters` first) as its variables, so
   * `{{city}}` in its templates is the argument `city`; the model reads its first output. Only
   * for blocks that feed other blocks (category ai) that neither route nor loop. `describe` adds
   * what this block in particular does to the description the model reads (the HTTP Request
   * block: its method and address), so two blocks of one kind are told apart.
   */
  tool?: ToolSpecOf<S>;
  /**
   * The block hands tools to a model (`ctx.tools`): blocks that declare `tool` connect to its
   * `tools` handle. `maxCredits` names the number setting with the most credits its tools and its
   * model's turns after the first may cost in one run, beyond the block's own price (charged as
   * they go, `ctx.tools.payTurn`); the most a run can cost counts it.
   */
  tools?: ToolsSpec<S>;
  /**
   * How the block's results are shown, one card per entry, from the closed set of views in
   * `@blocksmith/schema` (result-views.ts): for compound results (fields, a scorecard, cards).
   * Without it, the outputs that declare a `view` or `title` are shown, else the first text
   * output as plain text under the block's name; `[]` shows nothing.
   */
  present?: ReadonlyArray<ResultDeclaration & { output: keyof O & string }>;
  run(ctx: RunContext<SettingsOf<S>>): Promise<RunResult<O>> | RunResult<O>;
}

/** The settings of `S` declared as text fields. */
export type TextSettingKey<S extends SettingsSpec> = {
  [K in keyof S]: [Extract<S[K], { type: 'text' }>] extends [never] ? never : K;
}[keyof S] &
  string;

/** The settings of `S` declared as number fields. */
export type NumberSettingKey<S extends SettingsSpec> = {
  [K in keyof S]: [Extract<S[K], { type: 'number' }>] extends [never] ? never : K;
}[keyof S] &
  string;

export interface RouteOutputsSpec<S extends SettingsSpec> extends RouteOutputs {
  ports?: readonly string[];
  linesOf?: TextSettingKey<S>;
}

export interface ToolSpecOf<S extends SettingsSpec> extends ToolDeclaration {
  describe?(settings: SettingsOf<S>): string;
}

export interface ToolsSpec<S extends SettingsSpec> extends ToolsHandle {
  maxCredits: NumberSettingKey<S>;
}

export interface LoopSpec<S extends SettingsSpec, O extends OutputsSpec> extends LoopDeclaration {
  items: keyof O & string;
  maxItems: NumberSettingKey<S>;
  concurrency: NumberSettingKey<S>;
}

/** What is known about an upload before it is stored. */
export interface UploadCandidate {
  name: string;
  mime: string;
  /** Size in bytes. */
  size: number;
}

export interface FileRefusal {
  message: string;
  tooLarge: boolean;
}

/** A validated, frozen block definition, as the registry holds it. */
export interface BlockDefinition<
  S extends SettingsSpec = SettingsSpec,
  O extends OutputsSpec = OutputsSpec,
> extends Readonly<
  Omit<
    BlockSpec<S, O>,
    'version' | 'cost' | 'tier' | 'historyType' | 'migrations' | 'routes' | 'loop' | 'tools'
  >
> {
  /** As declared (the setting and output names were checked against the block's own). */
  readonly routes?: RouteOutputs;
  readonly loop?: LoopDeclaration;
  readonly tools?: ToolsHandle;
  readonly version: number;
  readonly cost: number;
  readonly tier: BlockTier;
  readonly historyType: string;
  readonly migrations: Readonly<Record<number, SettingsMigration>>;
  /** The block API version of the SDK whose defineBlock made it (BLOCK_API_VERSION). */
  readonly blockApiVersion: number;
}

/** A definition whose settings and outputs are not statically known (registry, executor). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBlockDefinition = BlockDefinition<SettingsSpec, any>;
