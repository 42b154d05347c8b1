import { computed, makeObservable, observable, runInAction } from 'mobx';
import type { BlocksmithApi } from '../api/blocksmith-api';
import { UPGRADE } from '../texts/runner-texts';
import type { CreditsStore } from './credits-store';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

/** Sends the browser to a page outside the app (window.location.assign). */
export type Navigate = (url: string) => void;

/**
 * 'Upgrade to Starter' for people on the free plan: a checkout session from the gateway, then the
 * browser follows its url. Without billing on the server the button is disabled and says whom to
 * ask for the plan instead.
 */
export class UpgradeStore {
  /** null until the server has been asked. */
  billingEnabled: boolean | null = null;
  /** Without billing: whom to ask for a plan (the server's SALES_EMAIL or first admin). */
  planContact: string | null = null;
  starting = false;
  private asked = false;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
    private readonly credits: CreditsStore,
    private readonly toasts: ToastStore,
    private readonly navigate: Navigate = (url) => window.location.assign(url),
  ) {
    makeObservable(this, {
      billingEnabled: observable,
      planContact: observable,
      note: computed,
      starting: observable,
      offered: computed,
      available: computed,
      startsCheckout: computed,
    });
  }

  /** Free-plan people see the button. */
  get offered(): boolean {
    return this.session.signedIn && this.credits.publishing?.plan === 'free';
  }

  /** The button works: billing is on and no checkout is starting. */
  get available(): boolean {
    return this.billingEnabled === true && !this.starting;
  }

  /** Without billing, under the disabled button: whom to ask for the Starter plan instead. */
  get note(): string | null {
    return this.billingEnabled === false ? UPGRADE.askForPlan(this.planContact) : null;
  }

  /**
   * An Upgrade link starts the checkout to Starter (free plan, billing on); otherwise it shows the
   * plans compared (Starter people move up to Enterprise through sales).
   */
  get startsCheckout(): boolean {
    return this.offered && this.available;
  }

  /** Asks the server once whether billing is configured. */
  async check(): Promise<void> {
    if (this.asked) return;
    this.asked = true;
    try {
      const { billingEnabled, planContact } = await this.api.billingInfo();
      runInAction(() => {
        this.billingEnabled = billingEnabled;
        this.planContact = planContact;
      });
    } catch (error) {
      console.warn('Whether billing is on could not be read.', error);
      this.asked = false;
    }
  }

  async start(): Promise<void> {
    if (this.starting) return;
    if (this.note !== null) {
      this.toasts.error(this.note);
      return;
    }
    runInAction(() => {
      this.starting = true;
    });
    try {
      const { url } = await this.api.createCheckoutSession();
      if (!/^https?:\/\//i.test(url)) throw new Error('The checkout address is not a web address.');
      this.navigate(url);
    } catch (error) {
      console.warn('The upgrade could not start.', error);
      const message = error instanceof Error ? error.message : '';
      this.toasts.error(message === UPGRADE.billingOff ? UPGRADE.askForPlan(null) : UPGRADE.failed);
      runInAction(() => {
        this.starting = false;
      });
    }
  }

  /** Back from checkout (/app?upgrade=success): the toast, then fresh credits and plan. */
  upgraded(): void {
    this.toasts.success(UPGRADE.success);
    if (this.session.signedIn) void this.credits.refresh();
  }
}
