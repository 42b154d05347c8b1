import type { EmbeddedApp, EmbedRunPrice, EmbedSettings, FinishedRun } from '../embeds';
import {
  ConfirmEmbedPriceDocument,
  EmbedRunPriceDocument,
  EmbedSettingsDocument,
  EmbeddedAppDocument,
  RunEmbeddedDocument,
  StartEmbeddedRunDocument,
  UpdateEmbedSettingsDocument,
} from '../generated/graphql';
import { withCategory } from './answers';
import type { GraphQLTransport } from './graphql-transport';

/** Apps embedded on other sites: the owner's settings, the embedded app, its price and its runs. */
export class EmbedCalls {
  constructor(private readonly transport: GraphQLTransport) {}

  async embedSettings(appId: string): Promise<EmbedSettings> {
    return (await this.transport.query(EmbedSettingsDocument, { appId })).embedSettings;
  }

  async updateEmbedSettings(
    appId: string,
    paysOwner: boolean,
    monthlyCredits: number,
  ): Promise<EmbedSettings> {
    const variables = { appId, paysOwner, monthlyCredits };
    return (await this.transport.mutate(UpdateEmbedSettingsDocument, variables)).updateEmbedSettings;
  }

  async embeddedApp(slug: string): Promise<EmbeddedApp> {
    const { app, paysOwner } = (await this.transport.query(EmbeddedAppDocument, { slug })).embeddedApp;
    return { app: withCategory(app), paysOwner };
  }

  async runEmbedded(slug: string, inputs: Record<string, unknown>): Promise<FinishedRun> {
    return (await this.transport.mutate(RunEmbeddedDocument, { slug, inputs })).runEmbedded;
  }

  async embedRunPrice(slug: string): Promise<EmbedRunPrice> {
    return (await this.transport.query(EmbedRunPriceDocument, { slug })).embedRunPrice;
  }

  async confirmEmbedPrice(slug: string, maxCredits: number): Promise<EmbedRunPrice> {
    return (await this.transport.mutate(ConfirmEmbedPriceDocument, { slug, maxCredits })).confirmEmbedPrice;
  }

  async startEmbeddedRun(
    slug: string,
    inputs: Record<string, unknown>,
  ): Promise<{ runId: string; cost: number }> {
    return (await this.transport.mutate(StartEmbeddedRunDocument, { slug, inputs })).startEmbeddedRun;
  }
}
