export * from './credit-ledger';
export * from './credit-period';
export * from './block-cost';
export type { DebitItem, DebitRequest } from './debit-request';
export { adjustCredits } from './credit-adjustment';
