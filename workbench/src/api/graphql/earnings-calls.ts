import type { Earnings, EarningsApi, Payout, PayoutAccount } from '../earnings';
import {
  EarningsDocument,
  PayoutAccountDocument,
  RequestPayoutDocument,
  SetCreatorPriceDocument,
  StartPayoutOnboardingDocument,
} from '../generated/graphql';
import type { GraphQLTransport } from './graphql-transport';

/** The earnings page: what the creator's apps earned, their prices, the payout account and payouts. */
export class EarningsCalls implements EarningsApi {
  constructor(private readonly transport: GraphQLTransport) {}

  async earnings(days: number): Promise<Earnings> {
    return (await this.transport.query(EarningsDocument, { days })).earnings;
  }

  async setCreatorPrice(appId: string, creatorPrice: number): Promise<{ id: string; creatorPrice: number }> {
    const variables = { appId, creatorPrice };
    return (await this.transport.mutate(SetCreatorPriceDocument, variables)).setCreatorPrice;
  }

  async startPayoutOnboarding(): Promise<string> {
    return (await this.transport.mutate(StartPayoutOnboardingDocument, {})).startPayoutOnboarding.url;
  }

  async payoutAccount(): Promise<PayoutAccount> {
    return (await this.transport.query(PayoutAccountDocument, {})).payoutAccount;
  }

  async requestPayout(): Promise<Payout> {
    return (await this.transport.mutate(RequestPayoutDocument, {})).requestPayout;
  }
}
