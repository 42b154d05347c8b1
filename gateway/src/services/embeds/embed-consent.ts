import { withCreatorPrice, type App, type CostRange } from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { EmbedConsent } from '../../data/entities';
import { ConflictError, InputError, PriceUnconfirmedError } from '../../errors';
import { planRun, type ModelLookup } from '@blocksmith/engine';
import type { BlockRegistry } from '../../kernel';
import type { AppService } from '../apps/app-service';

export const CONFIRM_EMBED_PRICE = 'Confirm the price of this app before running it here.';
export const EMBED_PRICE_CHANGED =
  'The price of this app changed while you were looking at it. Check the new price and confirm again.';

/** What one run of an embedded app costs the signed-in person, and what they confirmed of it. */
export interface EmbedRunPrice {
  appId: string;
  /** The fewest and the most credits one run costs them: the blocks plus the creator's price. */
  cost: CostRange;
  /** The creator's price, included in `cost`. */
  creatorPrice: number;
  /** The most credits a run cost when they confirmed it; null when they never did. */
  confirmedMax: number | null;
  /** They may run it from the embed: it is free, or they confirmed at least its current price. */
  confirmed: boolean;
}

/**
 * Consent to an embed's price. Another site frames the embed and can trick a click on its Run
 * button, so a signed-in person's run from an embed is refused (PRICE_UNCONFIRMED) until they
 * confirmed the price of a run in the embed's sign-in window, a page of ours no other site can
 * frame. Recorded once per person and app, with the most a run cost then; a price above it asks
 * again. Runs that cost nothing need no confirmation.
 */
export class EmbedConsents {
  constructor(
    private readonly deps: {
      dataSource: DataSource;
      apps: AppService;
      registry: BlockRegistry;
      earnings: { priceFor(appId: string, runnerId: string): Promise<number> };
      /** The server's models, which price the blocks using them as runs are priced. */
      models?: (ModelLookup & { ready(): Promise<void> }) | undefined;
      now?: () => number;
    },
  ) {}

  /** The price of a run of `app` (its live version) for `userId`, and whether they confirmed it. */
  async price(userId: string, app: App): Promise<EmbedRunPrice> {
    // The full live version prices the run, as the run service will: the shown one has no AI
    // settings, which a block may need to plan at all.
    const [{ app: live }, creatorPrice, consent] = await Promise.all([
      this.deps.apps.forRun({ userId: null, isAdmin: false }, app.id!),
      this.deps.earnings.priceFor(app.id!, userId),
      this.deps.dataSource.getRepository(EmbedConsent).findOneBy({ userId, appId: app.id! }),
    ]);
    const { models } = this.deps;
    if (models) await models.ready();
    const plan = planRun(live.config, this.deps.registry, models ? { models } : {});
    const cost = withCreatorPrice(plan.costRange, creatorPrice);
    const confirmedMax = consent?.maxCredits ?? null;
    return { appId: app.id!, cost, creatorPrice, confirmedMax, confirmed: covers(confirmedMax, cost) };
  }

  /**
   * Throws PRICE_UNCONFIRMED unless `userId` may run the app from its embed at `cost` (the run's
   * price as the run service made it, over the plan it runs: the app is not planned again here).
   */
  async require(userId: string, appId: string, cost: CostRange): Promise<void> {
    const consent = await this.deps.dataSource.getRepository(EmbedConsent).findOneBy({ userId, appId });
    if (!covers(consent?.maxCredits ?? null, cost)) throw new PriceUnconfirmedError(CONFIRM_EMBED_PRICE);
  }

  /**
   * Records that `userId` accepts runs of `app` costing up to `shownMax` credits, the most a run
   * cost on the page they confirmed on. A price risen above it since is refused (CONFLICT), so
   * nobody consents to a price they were not shown.
   */
  async confirm(userId: string, app: App, shownMax: number): Promise<EmbedRunPrice> {
    if (!Number.isInteger(shownMax) || shownMax < 0) {
      throw new InputError('maxCredits must be a whole number of credits, 0 or more.', {
        field: 'maxCredits',
      });
    }
    const price = await this.price(userId, app);
    if (price.cost.max > shownMax) throw new ConflictError(EMBED_PRICE_CHANGED);
    await this.deps.dataSource.getRepository(EmbedConsent).upsert(
      {
        userId,
        appId: app.id!,
        maxCredits: price.cost.max,
        confirmedAt: new Date(this.deps.now?.() ?? Date.now()),
      },
      ['userId', 'appId'],
    );
    return { ...price, confirmedMax: price.cost.max, confirmed: true };
  }
}

/** Whether a confirmation of runs up to `confirmedMax` credits (null: none) covers a run at `cost`. */
function covers(confirmedMax: number | null, cost: CostRange): boolean {
  return cost.max === 0 || (confirmedMax !== null && cost.max <= confirmedMax);
}
