import type { ActionType } from '@blocksmith/schema';
import { InputError } from '../../errors';
import { isUuid } from '../../ids';

/** One run to charge: one item per AI block, priced by the caller (the run's plan). */
export interface DebitRequest {
  userId: string;
  runId: string;
  actionType: ActionType;
  /** `blockType` is the block's credit-history name (`historyType`, e.g. `text_generation`). */
  items: readonly DebitItem[];
}

export interface DebitItem {
  blockType: string;
  credits: number;
}

const ACTION_TYPES: readonly string[] = ['test_execution', 'published'] satisfies ActionType[];

/** Refuses anything that is not a UUID before it reaches a uuid column. */
export function requireUuid(value: unknown, what: string): string {
  if (!isUuid(value)) throw new InputError(`${what} must be a UUID.`);
  return value;
}

/** Checks a debit request and returns the items that cost something, with their total. */
export function validateDebitRequest(request: DebitRequest): { items: DebitItem[]; total: number } {
  requireUuid(request.userId, 'userId');
  requireUuid(request.runId, 'runId');
  if (!ACTION_TYPES.includes(request.actionType)) {
    throw new InputError(`actionType must be one of ${ACTION_TYPES.join(', ')}.`);
  }
  return validateItems(request.items);
}

/** Checks charge items (whole credits of 0 or more, a block type each); answers those that cost something. */
export function validateItems(list: readonly DebitItem[]): { items: DebitItem[]; total: number } {
  if (!Array.isArray(list)) throw new InputError('items must be a list.');
  for (const item of list) {
    if (typeof item?.blockType !== 'string' || item.blockType.trim() === '') {
      throw new InputError('Every item needs a blockType.');
    }
    if (!Number.isSafeInteger(item.credits) || item.credits < 0) {
      throw new InputError(`Credits for ${item.blockType} must be a whole number of 0 or more.`, {
        blockType: item.blockType,
        credits: item.credits,
      });
    }
  }
  const items = list.filter((item) => item.credits > 0);
  return { items, total: items.reduce((sum, item) => sum + item.credits, 0) };
}
