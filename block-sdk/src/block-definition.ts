import type { BlockCategory, SettingsSpec } from '@blocksmith/schema';
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
  /** Name in credit history; defaults to the kind in snake_case. */
  historyType?: string;
  /** For input blocks: what the runner page asks for. */
  inputKind?: 'text' | 'file' | 'choice';
  /**
   * File input blocks: why an upload is refused, checked before the file is stored (the block may
   * check again at run time), or null to accept it. `tooLarge` marks a size refusal.
   */
  acceptsFile?(settings: SettingsOf<S>, file: UploadCandidate): FileRefusal | null;
  run(ctx: RunContext<SettingsOf<S>>): Promise<RunResult<O>> | RunResult<O>;
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
> extends Readonly<Omit<BlockSpec<S, O>, 'version' | 'cost' | 'historyType' | 'migrations'>> {
  readonly version: number;
  readonly cost: number;
  readonly historyType: string;
  readonly migrations: Readonly<Record<number, SettingsMigration>>;
}

/** A definition whose settings and outputs are not statically known (registry, executor). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBlockDefinition = BlockDefinition<SettingsSpec, any>;
