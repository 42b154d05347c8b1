import type { BlockCategory } from './categories';
import type { BlockFlow } from './flow-structure';
import type { OutputSpec } from './output-spec';
import type { ResultDeclaration } from './result-views';
import type { SettingsSpec } from './settings';

/**
 * Which plans may add a block to an app: `core` blocks every plan, `full` blocks the plans that
 * include full blocks (PLANS[...].blocks). Blocks already in an app keep running on any plan.
 */
export type BlockTier = 'core' | 'full';

/** What the gateway tells the workbench about one block kind: enough to draw the palette and the form. */
export interface BlockCatalogueEntry {
  /** The kind, e.g. `textGeneration`. */
  id: string;
  name: string;
  description: string;
  category: BlockCategory;
  version: number;
  settings: SettingsSpec;
  outputs: OutputSpec[];
  /** Credits one run of this block costs. */
  cost: number;
  /** Name used in credit history, e.g. `text_generation`. */
  historyType: string;
  /** For input blocks: what the runner page asks for. */
  inputKind?: 'text' | 'file' | 'choice';
  /**
   * For input blocks: the names of the checks (INPUT_CHECKS) what the person enters must pass
   * before a run; absent: none. Names a reader does not know are passed over.
   */
  inputChecks?: string[] | null;
  /** Where the Add Node panel lists it among its category, from 1; absent: after the ranked ones. */
  paletteRank?: number | null;
  /** Which plans may add it to an app (absent: core). */
  tier?: BlockTier;
  /** How it steers a run (route outputs, a loop, a loop's end); absent or null for blocks that run once. */
  flow?: BlockFlow | null;
  /**
   * How its results are shown, one card per entry (see result-views.ts); absent: what
   * `blockResults` gives for the outputs alone.
   */
  present?: ResultDeclaration[] | null;
}
