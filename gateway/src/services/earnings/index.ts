export { EarningsService, EARNINGS_DAYS, type EarningsOptions } from './earnings-service';
export { EARN_ON_SUCCESS_SQL } from './earn-on-success';
export { PAYOUTS_NOT_CONFIGURED, Payouts } from './payouts';
export { StripeConnect, type ConnectApi, type ConnectAccountStatus } from './stripe-connect';
export type * from './earnings-views';
