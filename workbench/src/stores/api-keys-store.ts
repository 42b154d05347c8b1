import { cheapestPlanWith, entitlementMessage, isPlanId, PLANS, type PlanId } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ApiKey, CreatedApiKey } from '../api/api-keys';
import { errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import { API_KEYS } from '../texts/api-texts';
import type { CreditsStore } from './credits-store';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

export type ApiKeysState = 'idle' | 'loading' | 'ready' | 'failed';

/** The signed-in person's plan once it is known (from the publishing info), else null. */
export function planOf(credits: CreditsStore): PlanId | null {
  const plan = credits.publishing?.plan;
  return isPlanId(plan) ? plan : null;
}

/**
 * The API keys page: the person's keys (name, prefix, created, last used), a new key made with a
 * name and shown once, revoking after a confirmation. On plans without API keys nothing is asked
 * of the server: the page says which plan has them, in the server's own words.
 */
export class ApiKeysStore {
  keys: ApiKey[] = [];
  state: ApiKeysState = 'idle';
  name = '';
  creating = false;
  /** The key just made, with its secret: shown until dismissed, then forgotten. */
  created: CreatedApiKey | null = null;
  /** The key waiting for the revoke confirmation. */
  revoking: ApiKey | null = null;
  revokeBusy = false;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
    private readonly credits: CreditsStore,
    private readonly toasts: ToastStore,
  ) {
    makeObservable(this, {
      keys: observableRef,
      state: observable,
      name: observable,
      creating: observable,
      created: observableRef,
      revoking: observableRef,
      revokeBusy: observable,
      plan: computed,
      allowed: computed,
      canCreate: computed,
      setName: action,
      dismissCreated: action,
      askRevoke: action,
      cancelRevoke: action,
      clear: action,
    });
  }

  get plan(): PlanId | null {
    return planOf(this.credits);
  }

  /** Whether the plan has API keys; null until the plan is known. */
  get allowed(): boolean | null {
    return this.plan === null ? null : PLANS[this.plan].apiKeys;
  }

  /** The plan to upgrade to for API keys. */
  get requiredPlanName(): string {
    return cheapestPlanWith('apiKeys').name;
  }

  /** Why this plan has no API keys (the server's refusal), or '' when it has them. */
  get lockedMessage(): string {
    return this.plan && !PLANS[this.plan].apiKeys ? entitlementMessage(this.plan, 'apiKeys') : '';
  }

  get canCreate(): boolean {
    return this.allowed === true && !this.creating && this.name.trim() !== '';
  }

  /** Reads the plan (when not known yet), then the keys when the plan has them. */
  async load(): Promise<void> {
    if (!this.session.signedIn) return;
    runInAction(() => {
      this.state = 'loading';
    });
    if (this.plan === null) await this.credits.refresh();
    if (this.allowed !== true) {
      runInAction(() => {
        this.keys = [];
        this.state = this.plan === null ? 'failed' : 'ready';
      });
      return;
    }
    try {
      const keys = await this.api.apiKeys();
      runInAction(() => {
        this.keys = keys;
        this.state = 'ready';
      });
    } catch (error) {
      console.warn('The API keys could not be read.', error);
      runInAction(() => {
        this.state = 'failed';
      });
    }
  }

  setName(name: string): void {
    this.name = name;
  }

  /** Makes a key with the typed name; the answer (with its secret) is shown once. */
  async create(): Promise<void> {
    if (!this.canCreate) return;
    runInAction(() => {
      this.creating = true;
    });
    try {
      const created = await this.api.createApiKey(this.name.trim());
      const { key: _secret, ...listed } = created;
      runInAction(() => {
        this.created = created;
        this.keys = [listed, ...this.keys.filter((key) => key.id !== created.id)];
        this.name = '';
      });
    } catch (error) {
      this.toasts.error(errorMessage(error, API_KEYS.createFailed));
    } finally {
      runInAction(() => {
        this.creating = false;
      });
    }
  }

  /** Closes the one-time view of a new key; its secret is not kept anywhere. */
  dismissCreated(): void {
    this.created = null;
  }

  askRevoke(key: ApiKey): void {
    this.revoking = key;
  }

  cancelRevoke(): void {
    if (!this.revokeBusy) this.revoking = null;
  }

  async confirmRevoke(): Promise<void> {
    const key = this.revoking;
    if (!key || this.revokeBusy) return;
    runInAction(() => {
      this.revokeBusy = true;
    });
    try {
      await this.api.revokeApiKey(key.id);
      runInAction(() => {
        this.keys = this.keys.filter((candidate) => candidate.id !== key.id);
        this.revoking = null;
      });
      this.toasts.success(API_KEYS.revoked(key.name));
    } catch (error) {
      this.toasts.error(errorMessage(error, API_KEYS.revokeFailed));
    } finally {
      runInAction(() => {
        this.revokeBusy = false;
      });
    }
  }

  /** Forgets everything (another person signed in, or nobody). */
  clear(): void {
    this.keys = [];
    this.state = 'idle';
    this.name = '';
    this.created = null;
    this.revoking = null;
  }
}
