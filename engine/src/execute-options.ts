import type { AiProvider, FileStore, RunKnowledge, RunTools } from '@blocksmith/block-sdk';
import type { RunEvent } from '@blocksmith/schema';
import type { BlockCharge } from './block-charges';
import type { RunResume } from './run-pause';

export interface ExecuteOptions {
  runId: string;
  /** What the person entered, keyed by each input block's variable name or id. */
  inputs?: Readonly<Record<string, unknown>>;
  provider: AiProvider;
  files: FileStore;
  signal?: AbortSignal;
  onEvent?: (event: RunEvent) => void;
  /** Blocks running at once on independent branches and loop items (default 8). */
  maxConcurrency?: number;
  /**
   * Charges the blocks the run did not pay for before it started (`PlannedNode.prepaid` false:
   * AI blocks after a route and inside loops), as they are about to start; blocks starting
   * together are charged in one call. They run once it resolves, or at once when it answers
   * nothing (the charges were taken there and then: a loop's credits set aside in memory). A
   * rejection (or a throw) stops the run with the error's message and `code` (e.g.
   * INSUFFICIENT_CREDITS), and those blocks do not run. Without it nothing is charged.
   */
  charge?: (charges: BlockCharge[]) => Promise<void> | void;
  /**
   * Reads the app owner's secrets for blocks that ask (`ctx.secret`); a block's outputs,
   * artifacts and error are cleaned of every value it read. Without it blocks find none.
   */
  secrets?: (name: string) => Promise<string | undefined>;
  /** Who the run is charged to (`RunContext.account`): blocks share scarce capacity fairly by it. */
  account?: string;
  /**
   * Apps as tools for blocks that hand tools to a model (`RunContext.tools.apps` / `callApp`): the
   * server's, which charges a call like a store run to whoever pays for this run. Without it an
   * agent that names apps is refused.
   */
  appTools?: Pick<RunTools, 'apps' | 'callApp'>;
  /** The app owner's knowledge bases, for blocks that search them (`ctx.knowledge`). Without it there are none. */
  knowledge?: RunKnowledge;
  /**
   * Goes on with a run that stopped to wait (`RunOutcome.paused`): its settled blocks are not run
   * again, and the block that waited runs with `ctx.decision`.
   */
  resume?: RunResume;
}
