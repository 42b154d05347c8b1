import {
  cheapestPlanWith,
  entitlementMessage,
  isPlanId,
  PLANS,
  type App,
  type PlanId,
} from '@blocksmith/schema';
import type { DataSource } from 'typeorm';
import { AppEmbed, AppRecord, User } from '../../data/entities';
import type { RateLimiter } from '../../data/rate-limiter';
import {
  ForbiddenError,
  InputError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
} from '../../errors';
import type { BlockRegistry } from '../../kernel';
import { EmbedCapReachedError } from '../credits/embed-cap';
import type { StoredRun } from '../runs/run-records';
import type { StartedRun, StartRunRequest } from '../runs/run-start';
import type { EmbedConsents, EmbedRunPrice } from './embed-consent';
import type { AppService } from '../apps/app-service';
import type { RunService } from '../runs/run-service';
import { isUuid } from '../../ids';

export const SIGN_IN_TO_RUN = 'Sign in to run this app.';
/** Highest monthly cap an owner may set on embed runs they pay for. */
export const MAX_EMBED_MONTHLY_CREDITS = 100_000;
/** Runs one address may start per minute on an embed its owner pays for. */
export const EMBED_RUNS_PER_ADDRESS_PER_MINUTE = 10;

export interface EmbedSettingsView {
  appId: string;
  /** The owner's plan includes embeds. */
  available: boolean;
  /** The cheapest plan that does. */
  requiredPlan: string;
  paysOwner: boolean;
  monthlyCredits: number;
  usedThisMonth: number;
}

/** `YYYY-MM` in UTC: the month embed credits are counted in. */
function periodOf(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

/**
 * Embeds: a published app's live version run inside other sites' pages (/embed/{slug}), on plans
 * that include embeds. A signed-in runner pays as on the app's page, once they confirmed the price
 * of a run in the embed's sign-in window (EmbedConsents); a runner who is not signed in
 * runs on the owner's credits when the owner allows it, up to a monthly cap the owner sets (every
 * charge of the run counts, at its start and as blocks start in loops and after routes; a charge
 * that would pass the cap refuses or stops the run; a failed run gives back what it counted), and at most EMBED_RUNS_PER_ADDRESS_PER_MINUTE
 * runs a minute from one address.
 */
export class EmbedService {
  constructor(
    private readonly deps: {
      dataSource: DataSource;
      apps: AppService;
      runs: RunService;
      registry: BlockRegistry;
      limiter: RateLimiter;
      consents: EmbedConsents;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  async settings(ownerId: string, appId: string): Promise<EmbedSettingsView> {
    const record = await this.ownApp(ownerId, appId);
    return this.view(record.id, await this.planOf(record.ownerId));
  }

  async update(
    ownerId: string,
    appId: string,
    paysOwner: boolean,
    monthlyCredits: number,
  ): Promise<EmbedSettingsView> {
    const record = await this.ownApp(ownerId, appId);
    const plan = await this.planOf(record.ownerId);
    if (!PLANS[plan].embeds) throw new ForbiddenError(entitlementMessage(plan, 'embeds'));
    if (typeof paysOwner !== 'boolean') throw new InputError('paysOwner must be true or false.');
    if (
      !Number.isInteger(monthlyCredits) ||
      monthlyCredits < 0 ||
      monthlyCredits > MAX_EMBED_MONTHLY_CREDITS
    ) {
      throw new InputError(`monthlyCredits must be a whole number from 0 to ${MAX_EMBED_MONTHLY_CREDITS}.`, {
        field: 'monthlyCredits',
      });
    }
    await this.deps.dataSource
      .getRepository(AppEmbed)
      .upsert({ appId: record.id, paysOwner, monthlyCredits }, ['appId']);
    // Whether visitors may run it is part of what they read of the app (`embeddedApp`): the answers
    // shared with them, and those kept for signed-in people, are read afresh.
    this.deps.apps.storeChanged();
    return this.view(record.id, plan);
  }

  /** The app an embed shows: its live version, when its owner's plan includes embeds. */
  async embedded(slug: string): Promise<{ app: App; paysOwner: boolean }> {
    const app = await this.deps.apps.getPublishedBySlug({ userId: null, isAdmin: false }, slug);
    const plan = await this.planOf(app.owner_id!);
    if (!PLANS[plan].embeds) {
      throw new ForbiddenError(
        `This app cannot be embedded: embeds come with the ${cheapestPlanWith('embeds').name} plan and up.`,
      );
    }
    const settings = await this.deps.dataSource.getRepository(AppEmbed).findOneBy({ appId: app.id! });
    return { app, paysOwner: settings?.paysOwner ?? false };
  }

  /** Runs an embedded app for a signed-in runner (their credits) or, when allowed, on the owner's. */
  async run(request: {
    slug: string;
    inputs: unknown;
    runner: { userId: string; isAdmin: boolean } | null;
    clientAddress: string | undefined;
  }): Promise<StoredRun> {
    const { app, paysOwner } = await this.embedded(request.slug);
    if (request.runner) {
      return this.deps.runs.runToEnd(this.signedInRun(app, request.runner, request.inputs));
    }
    if (!paysOwner) throw new UnauthenticatedError(SIGN_IN_TO_RUN);
    await this.limitVisitor(app.id!, request.clientAddress);
    try {
      return await this.deps.runs.runToEnd({
        userId: app.owner_id!,
        appId: app.id!,
        inputs: request.inputs,
        actionType: 'published',
        live: true,
        source: 'embed',
        // The owner pays, but the run is a visitor's: its details follow the app's sharing notice.
        visitor: true,
        // Every charge of the run counts against this month's cap, in the transaction that takes
        // it; a refunded run gives back what it counted (see CreditLedger).
        embedPeriod: periodOf(this.now()),
      });
    } catch (error) {
      // The cap does not cover the run's first charge: the visitor may run it on their own credits.
      if (error instanceof EmbedCapReachedError) throw new UnauthenticatedError(SIGN_IN_TO_RUN);
      throw error;
    }
  }

  /**
   * How a chat message sent from the embed runs, by the same rules as `run`: a signed-in person's
   * on their credits once they confirmed the price; a visitor's on the owner's credits when the
   * owner allows it (the monthly cap, the runs a minute from one address), else SIGN_IN_TO_RUN.
   * The message is a run of the live version, published.
   */
  async chatTerms(request: {
    slug: string;
    runner: { userId: string; isAdmin: boolean } | null;
    clientAddress: string | undefined;
  }): Promise<{
    app: App;
    /** Who pays: the person, or the owner for a visitor. */
    userId: string;
    isAdmin: boolean;
    terms: Pick<StartRunRequest, 'visitor' | 'embedPeriod' | 'checkPrice'>;
  }> {
    const { app, paysOwner } = await this.embedded(request.slug);
    if (request.runner) {
      const { checkPrice } = this.signedInRun(app, request.runner, {});
      return { app, userId: request.runner.userId, isAdmin: request.runner.isAdmin, terms: { checkPrice } };
    }
    if (!paysOwner) throw new UnauthenticatedError(SIGN_IN_TO_RUN);
    await this.limitVisitor(app.id!, request.clientAddress);
    return {
      app,
      userId: app.owner_id!,
      isAdmin: false,
      terms: { visitor: true, embedPeriod: periodOf(this.now()) },
    };
  }

  /** At most EMBED_RUNS_PER_ADDRESS_PER_MINUTE runs a minute from one address on the owner's credits. */
  private async limitVisitor(appId: string, clientAddress: string | undefined): Promise<void> {
    const limited = await this.deps.limiter.consume(
      `embed:${appId}:${clientAddress ?? 'unknown'}`,
      EMBED_RUNS_PER_ADDRESS_PER_MINUTE,
      60_000,
    );
    if (!limited.allowed) {
      throw new RateLimitedError(
        `Too many runs from here in the last minute; try again in ${limited.retryAfterSeconds} seconds.`,
        { retryAfterSeconds: limited.retryAfterSeconds },
      );
    }
  }

  /**
   * Starts a signed-in runner's run of an embedded app, on their credits, watched with runProgress
   * (the embed's Run once they are signed in).
   */
  async start(request: {
    slug: string;
    inputs: unknown;
    runner: { userId: string; isAdmin: boolean };
  }): Promise<StartedRun> {
    const { app } = await this.embedded(request.slug);
    return this.deps.runs.start(this.signedInRun(app, request.runner, request.inputs));
  }

  /** What a run of the embedded app costs `userId`, and whether they confirmed that price. */
  async runPrice(slug: string, userId: string): Promise<EmbedRunPrice> {
    const { app } = await this.embedded(slug);
    return this.deps.consents.price(userId, app);
  }

  /** `userId` confirms the price of a run they were shown (`shownMax` at most): see EmbedConsents. */
  async confirmPrice(slug: string, userId: string, shownMax: number): Promise<EmbedRunPrice> {
    const { app } = await this.embedded(slug);
    return this.deps.consents.confirm(userId, app, shownMax);
  }

  /**
   * A signed-in runner's run from an embed: theirs to pay, once they confirmed its price in our
   * own window (another site frames the embed and could trick a click on Run). The run service
   * checks the confirmation on the price it makes of the run, before charging it.
   */
  private signedInRun(
    app: App,
    runner: { userId: string; isAdmin: boolean },
    inputs: unknown,
  ): StartRunRequest {
    return {
      userId: runner.userId,
      isAdmin: runner.isAdmin,
      appId: app.id!,
      inputs,
      actionType: 'published',
      live: true,
      source: 'embed',
      checkPrice: (cost) => this.deps.consents.require(runner.userId, app.id!, cost),
    };
  }

  /** Counts `cost` against this month's cap in one statement; false when it would pass it. */
  private async reserve(appId: string, period: string, cost: number): Promise<boolean> {
    const rows = (await this.deps.dataSource.query(
      `INSERT INTO embed_usage AS u (app_id, period, credits)
         SELECT $1, $2, $3 FROM app_embeds e WHERE e.app_id = $1 AND e.pays_owner AND $3 <= e.monthly_credits
       ON CONFLICT (app_id, period) DO UPDATE SET credits = u.credits + $3
         WHERE u.credits + $3 <= (SELECT monthly_credits FROM app_embeds WHERE app_id = $1)
       RETURNING credits`,
      [appId, period, cost],
    )) as unknown[];
    return rows.length > 0;
  }

  private async release(appId: string, period: string, cost: number): Promise<void> {
    await this.deps.dataSource.query(
      `UPDATE embed_usage SET credits = GREATEST(credits - $3, 0) WHERE app_id = $1 AND period = $2`,
      [appId, period, cost],
    );
  }

  private async view(appId: string, plan: PlanId): Promise<EmbedSettingsView> {
    const settings = await this.deps.dataSource.getRepository(AppEmbed).findOneBy({ appId });
    const [usage] = (await this.deps.dataSource.query(
      'SELECT credits FROM embed_usage WHERE app_id = $1 AND period = $2',
      [appId, periodOf(this.now())],
    )) as { credits: number }[];
    return {
      appId,
      available: PLANS[plan].embeds,
      requiredPlan: cheapestPlanWith('embeds').name,
      paysOwner: settings?.paysOwner ?? false,
      monthlyCredits: settings?.monthlyCredits ?? 0,
      usedThisMonth: Number(usage?.credits ?? 0),
    };
  }

  private async ownApp(ownerId: string, appId: string): Promise<AppRecord> {
    const record = isUuid(appId)
      ? await this.deps.dataSource.getRepository(AppRecord).findOneBy({ id: appId, ownerId })
      : null;
    if (!record) throw new NotFoundError('App not found.');
    return record;
  }

  private async planOf(userId: string): Promise<PlanId> {
    const user = await this.deps.dataSource.getRepository(User).findOneBy({ id: userId });
    return user && isPlanId(user.plan) ? user.plan : 'free';
  }
}
