/** One block of a plan: its kind and the settings that differ from the defaults. */
export interface PlannedBlock {
  type: string;
  settings: Record<string, unknown>;
}

/** A connection of a plan, by the blocks' places in the list; `route` for a block with route outputs. */
export interface PlannedConnection {
  from: number;
  to: number;
  route?: string;
}

/**
 * A plan for an app: blocks by kind with settings, connected as `connections` says, or else in a
 * line from the first to the last.
 */
export interface AppPlan {
  blocks: PlannedBlock[];
  connections?: PlannedConnection[];
  message: string;
}
