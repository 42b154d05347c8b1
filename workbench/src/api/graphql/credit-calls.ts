import type { CreditHistoryEntry, CreditStats, PublishingInfo } from '@blocksmith/schema';
import type { Credits, SalesContactInput } from '../blocksmith-api';
import {
  BillingInfoDocument,
  ContactSalesDocument,
  CreateCheckoutSessionDocument,
  CreditHistoryDocument,
  CreditHistoryPageDocument,
  CreditStatsDocument,
  CreditsDocument,
  InitializeCreditsDocument,
  PublishingInfoDocument,
} from '../generated/graphql';
import type { CreditHistoryPage } from '../run-history';
import type { GraphQLTransport } from './graphql-transport';

/** The person's credits and their history, their plan's limits, the upgrade and the sales contact. */
export class CreditCalls {
  constructor(private readonly transport: GraphQLTransport) {}

  async credits(): Promise<Credits> {
    return (await this.transport.query(CreditsDocument, {})).credits;
  }

  async initializeCredits(): Promise<Credits> {
    return (await this.transport.mutate(InitializeCreditsDocument, {})).initializeCredits;
  }

  async creditHistory(limit: number): Promise<CreditHistoryEntry[]> {
    return (await this.transport.query(CreditHistoryDocument, { limit })).creditHistory;
  }

  async creditHistoryPage(limit: number, cursor: string | null): Promise<CreditHistoryPage> {
    return (
      await this.transport.query(CreditHistoryPageDocument, {
        limit,
        cursor,
      })
    ).creditHistoryPage;
  }

  async creditStats(): Promise<CreditStats> {
    return (await this.transport.query(CreditStatsDocument, {})).creditStats;
  }

  async publishingInfo(): Promise<PublishingInfo> {
    return (await this.transport.query(PublishingInfoDocument, {})).publishingInfo;
  }

  async createCheckoutSession(): Promise<{ url: string }> {
    return (await this.transport.mutate(CreateCheckoutSessionDocument, {})).createCheckoutSession;
  }

  async billingInfo(): Promise<{ billingEnabled: boolean; planContact: string | null }> {
    // Signed in: the server names whom to ask for a plan to signed-in people only.
    const { serverInfo } = await this.transport.query(BillingInfoDocument, {});
    return { billingEnabled: serverInfo.billingEnabled, planContact: serverInfo.planContact ?? null };
  }

  async contactSales(input: SalesContactInput): Promise<string> {
    return (await this.transport.mutate(ContactSalesDocument, { input })).contactSales.message;
  }
}
