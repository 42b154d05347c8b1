export * from './credit-ledger';
export * from './credit-period';
export * from './block-cost';
export type { DebitItem, DebitRequest } from './debit-request';
export type { KeptCharge, RefundResult } from './credit-refund';
export { adjustCredits } from './credit-adjustment';
