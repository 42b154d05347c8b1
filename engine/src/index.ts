export {
  planRun,
  isUpstream,
  loopLimits,
  GraphValidationError,
  type BlockLookup,
  type RunPlan,
  type PlannedNode,
  type PlannedRegion,
  type RouteSkips,
  type GraphProblem,
} from './run-plan';
export type { ModelLookup, PlanOptions } from './plan-types';
export {
  executeRun,
  type ExecuteOptions,
  type RunOutcome,
  type NodeOutcome,
  type BlockCharge,
  type BlockOverrun,
  type RunPaused,
  type RunResume,
  type SavedRun,
} from './executor';
export { loopItemCredits } from './block-charges';
