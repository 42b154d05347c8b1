import { MAX_CREATOR_PRICE, creatorPriceProblem, entitlementMessage, type PlanId } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import type { AppEarnings, Earnings } from '../api/earnings';
import { EARNINGS } from '../texts/earnings-texts';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';
import type { Navigate } from './upgrade-store';

export const EARNINGS_PERIODS = [7, 30, 90] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number];

export type EarningsState = 'idle' | 'loading' | 'ready' | 'failed';
export type PayoutAction = 'onboarding' | 'refresh' | 'payout';

/** One day of the chart: its date, a short label, and credits per app series. */
export interface EarningsBar {
  date: string;
  label: string;
  [series: string]: string | number;
}

/** One app's bars in the chart. */
export interface EarningsSeries {
  key: string;
  name: string;
}

/** The key of an app's series in the chart's bars (deleted apps share one). */
function seriesKey(appId: string | null): string {
  return appId === null ? 'deleted' : `app_${appId}`;
}

/** Every day of the last `days`, oldest first, ending on `today` (YYYY-MM-DD, UTC). */
export function periodDays(days: number, today: Date): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * /earnings: what the person's apps earned (balance, in all, paid out, per app, per day), the
 * price per run of each published app, and payouts through Stripe (set up, check, pay out).
 */
export class EarningsStore {
  state: EarningsState = 'idle';
  days: EarningsPeriod = 30;
  earnings: Earnings | null = null;
  /** Prices as typed, by app id (an app not in it shows its saved price). */
  readonly drafts = observable.map<string, string>();
  savingPrice: string | null = null;
  payoutBusy: PayoutAction | null = null;
  private request = 0;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
    private readonly toasts: ToastStore,
    /** The person's plan, for the lock's message (null until known). */
    private readonly plan: () => PlanId | null,
    private readonly navigate: Navigate = (url) => window.location.assign(url),
    private readonly today: () => Date = () => new Date(),
  ) {
    makeObservable(this, {
      state: observable,
      days: observable,
      earnings: observableRef,
      savingPrice: observable,
      payoutBusy: observable,
      apps: computed,
      series: computed,
      bars: computed,
      hasEarningsInPeriod: computed,
      missingForPayout: computed,
      lockedMessage: computed,
      setPrice: action,
      clear: action,
    });
  }

  /** The person's apps whose price can be set (earnings of deleted apps have none). */
  get apps(): AppEarnings[] {
    return (this.earnings?.byApp ?? []).filter((app) => app.appId !== null);
  }

  /** One series per app that earned in the period, biggest first. */
  get series(): EarningsSeries[] {
    const earnings = this.earnings;
    if (!earnings) return [];
    const totals = new Map<string | null, number>();
    for (const day of earnings.byDay) totals.set(day.appId, (totals.get(day.appId) ?? 0) + day.credits);
    const names = new Map(earnings.byApp.map((app) => [app.appId, app.name]));
    return [...totals.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([appId]) => ({
        key: seriesKey(appId),
        name: appId === null ? EARNINGS.deletedApps : (names.get(appId) ?? EARNINGS.deletedApps),
      }));
  }

  /** Every day of the period with each app's credits (0 on days it earned nothing). */
  get bars(): EarningsBar[] {
    const earnings = this.earnings;
    if (!earnings) return [];
    const zero = Object.fromEntries(this.series.map((series) => [series.key, 0]));
    const byDate = new Map<string, EarningsBar>(
      periodDays(earnings.days, this.today()).map((date) => [
        date,
        { date, label: `${Number(date.slice(8))}/${Number(date.slice(5, 7))}`, ...zero },
      ]),
    );
    for (const day of earnings.byDay) {
      const bar = byDate.get(day.date);
      if (bar) bar[seriesKey(day.appId)] = Number(bar[seriesKey(day.appId)] ?? 0) + day.credits;
    }
    return [...byDate.values()];
  }

  get hasEarningsInPeriod(): boolean {
    return (this.earnings?.byDay.length ?? 0) > 0;
  }

  /** Credits still to earn before the first payout (0 once the balance reaches the threshold). */
  get missingForPayout(): number {
    const earnings = this.earnings;
    if (!earnings) return 0;
    return Math.max(0, earnings.payoutAccount.threshold - earnings.balance);
  }

  /** Why prices cannot be set on this plan, naming the plan that has creator earnings. */
  get lockedMessage(): string {
    return entitlementMessage(this.plan() ?? 'free', 'monetization');
  }

  async load(days: EarningsPeriod = this.days): Promise<void> {
    if (!this.session.signedIn) return;
    const request = ++this.request;
    runInAction(() => {
      this.days = days;
      if (this.earnings === null) this.state = 'loading';
    });
    try {
      const earnings = await this.api.earnings(days);
      if (request !== this.request) return;
      runInAction(() => {
        this.earnings = earnings;
        this.state = 'ready';
      });
    } catch (error) {
      if (request !== this.request) return;
      console.warn('The earnings could not be read.', error);
      runInAction(() => (this.state = 'failed'));
    }
  }

  /** The price shown for an app: as typed, else as saved. */
  priceText(app: AppEarnings): string {
    return this.drafts.get(app.appId!) ?? String(app.creatorPrice);
  }

  setPrice(app: AppEarnings, text: string): void {
    this.drafts.set(app.appId!, text);
  }

  /** Why the typed price cannot be saved ('' when it can). */
  priceProblem(app: AppEarnings): string {
    const text = this.priceText(app).trim();
    if (!/^\d{1,3}$/.test(text)) return EARNINGS.wholeNumber;
    return creatorPriceProblem(Number(text)) ? EARNINGS.wholeNumber : '';
  }

  /** A changed, valid price on a plan with creator earnings (0 may always be saved). */
  canSavePrice(app: AppEarnings): boolean {
    const text = this.priceText(app).trim();
    if (this.savingPrice !== null || this.priceProblem(app) !== '') return false;
    const price = Number(text);
    if (price === app.creatorPrice) return false;
    return price === 0 || this.earnings?.monetization === true;
  }

  async savePrice(app: AppEarnings): Promise<void> {
    if (!app.appId || !this.canSavePrice(app)) return;
    const appId = app.appId;
    const price = Math.min(MAX_CREATOR_PRICE, Number(this.priceText(app).trim()));
    runInAction(() => (this.savingPrice = appId));
    try {
      const saved = await this.api.setCreatorPrice(appId, price);
      runInAction(() => {
        this.drafts.delete(appId);
        if (this.earnings) {
          this.earnings = {
            ...this.earnings,
            byApp: this.earnings.byApp.map((candidate) =>
              candidate.appId === appId ? { ...candidate, creatorPrice: saved.creatorPrice } : candidate,
            ),
          };
        }
      });
      this.toasts.success(EARNINGS.saved(app.name, saved.creatorPrice));
    } catch (error) {
      this.toasts.error(errorMessage(error, EARNINGS.saveFailed));
    } finally {
      runInAction(() => (this.savingPrice = null));
    }
  }

  /** Off to Stripe's onboarding form (the account is made on first use). */
  async startOnboarding(): Promise<void> {
    if (this.payoutBusy) return;
    runInAction(() => (this.payoutBusy = 'onboarding'));
    try {
      const url = await this.api.startPayoutOnboarding();
      if (!/^https?:\/\//i.test(url)) throw new Error(EARNINGS.onboardingFailed);
      this.navigate(url);
    } catch (error) {
      this.toasts.error(errorMessage(error, EARNINGS.onboardingFailed));
      runInAction(() => (this.payoutBusy = null));
    }
  }

  /** Asks Stripe where the payout account stands (back from onboarding, or Check again). */
  async refreshAccount(): Promise<void> {
    if (this.payoutBusy || !this.earnings?.payoutAccount.configured) return;
    runInAction(() => (this.payoutBusy = 'refresh'));
    try {
      const account = await this.api.payoutAccount();
      runInAction(() => {
        if (this.earnings) this.earnings = { ...this.earnings, payoutAccount: account };
      });
    } catch (error) {
      this.toasts.error(errorMessage(error, EARNINGS.onboardingFailed));
    } finally {
      runInAction(() => (this.payoutBusy = null));
    }
  }

  async payOut(): Promise<void> {
    if (this.payoutBusy || !this.earnings?.payoutAccount.canPayOut) return;
    runInAction(() => (this.payoutBusy = 'payout'));
    try {
      const payout = await this.api.requestPayout();
      if (payout.status === 'paid') this.toasts.success(EARNINGS.paid(payout.amountCents));
      else this.toasts.error(payout.error ?? EARNINGS.payoutFailed);
    } catch (error) {
      this.toasts.error(errorMessage(error, EARNINGS.payoutFailed));
    } finally {
      runInAction(() => (this.payoutBusy = null));
    }
    await this.load();
  }

  /** Forgets everything (another person signed in, or nobody). */
  clear(): void {
    this.state = 'idle';
    this.earnings = null;
    this.drafts.clear();
    this.payoutBusy = null;
  }
}
