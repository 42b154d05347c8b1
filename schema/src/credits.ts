import type { PlanId } from './plans';

export type ActionType = 'test_execution' | 'published';

export interface CreditHistoryEntry {
  _id: string;
  /** Snake-case block name, e.g. `text_generation`, `image_generation`. */
  block_type: string;
  action_type: ActionType;
  /** ISO 8601. */
  timestamp: string;
  credits_used: number;
}

export interface CreditStats {
  totalCreditsUsed: number;
  totalExecutions: number;
}

export interface PublishingInfo {
  plan: PlanId;
  /** -1 means unlimited. */
  limit: number;
  currentCount: number;
  remaining: number;
  canPublish: boolean;
}

export const DEFAULT_HISTORY_LIMIT = 50;
export const SHOWN_HISTORY_LIMIT = 10;
export const RECENT_USAGE_ENTRIES = 5;

/** How the history shows an action. */
export function actionLabel(action: ActionType): string {
  return action === 'test_execution' ? 'Test' : 'Published';
}
