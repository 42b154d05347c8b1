import {
  AI_PROVIDERS,
  aiKeyProblem,
  aiUrlProblem,
  isAiProviderId,
  type AiProviderId,
} from '@blocksmith/schema';
import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { AiProviderStatus } from '../api/ai-providers';
import { ApiError, errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import { AI_PROVIDERS_TEXTS } from '../texts/ai-providers-texts';
import { AdminGate } from './admin-store';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';

/** What is typed on one provider's card: the key is never filled in from the server. */
export interface ProviderDraft {
  apiKey: string;
  baseUrl: string;
  /** What is wrong with what was typed, or what the server refused, by field. */
  keyError: string | null;
  urlError: string | null;
}

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'FORBIDDEN' || error.code === 'UNAUTHENTICATED');
}

const emptyDraft = (baseUrl = ''): ProviderDraft => ({ apiKey: '', baseUrl, keyError: null, urlError: null });

/**
 * /admin/ai-providers: each AI provider with where its settings come from, whether it works, its
 * models and its last problem; an admin saves a key (never shown back) and an address, or clears
 * the page's settings. Admins only: anyone else is refused by the gate, and by the gateway.
 */
export class AiProvidersStore {
  readonly gate: AdminGate;
  providers: AiProviderStatus[] = [];
  state: LoadState = 'idle';
  drafts: Partial<Record<AiProviderId, ProviderDraft>> = {};
  /** The provider whose save or clear is under way. */
  busy: AiProviderId | null = null;

  constructor(
    private readonly api: BlocksmithApi,
    session: SessionStore,
    private readonly toasts: ToastStore,
  ) {
    this.gate = new AdminGate(api, session);
    makeObservable(this, {
      providers: observableRef,
      state: observable,
      drafts: observable,
      busy: observable,
      setKey: action,
      setUrl: action,
    });
  }

  /** Checks the caller is an admin, then loads the providers. */
  async open(): Promise<void> {
    if ((await this.gate.check()) === 'admin') await this.load();
  }

  async load(): Promise<void> {
    runInAction(() => (this.state = 'loading'));
    try {
      const providers = await this.api.aiProviders();
      runInAction(() => {
        this.providers = providers;
        for (const p of providers) this.drafts[p.provider as AiProviderId] = emptyDraft(this.pageUrl(p));
        this.state = 'ready';
      });
    } catch (error) {
      if (isForbidden(error)) this.gate.deny();
      runInAction(() => (this.state = 'failed'));
    }
  }

  draft(provider: AiProviderId): ProviderDraft {
    return this.drafts[provider] ?? emptyDraft();
  }

  setKey(provider: AiProviderId, apiKey: string): void {
    this.drafts[provider] = { ...this.draft(provider), apiKey, keyError: null };
  }

  setUrl(provider: AiProviderId, baseUrl: string): void {
    this.drafts[provider] = { ...this.draft(provider), baseUrl, urlError: null };
  }

  /** Saves what is typed (an empty key keeps the one set), checked here first as the server checks it. */
  async save(provider: AiProviderId): Promise<void> {
    const draft = this.draft(provider);
    const status = this.providers.find((p) => p.provider === provider);
    const facts = AI_PROVIDERS[provider];
    const key = draft.apiKey.trim();
    const url = draft.baseUrl.trim();
    const keyError =
      key !== ''
        ? aiKeyProblem(provider, key)
        : facts.keyOptional || (status?.source === 'page' && status.keySet)
          ? null
          : `Paste ${facts.label}'s API key.`;
    const urlError =
      url !== ''
        ? aiUrlProblem(provider, url)
        : facts.urlRequired
          ? `Give ${facts.label}'s address, such as ${facts.urlExample}.`
          : null;
    if (keyError || urlError) {
      runInAction(() => (this.drafts[provider] = { ...draft, keyError, urlError }));
      return;
    }
    await this.change(
      provider,
      () => this.api.setAiProvider(provider, key || null, url || null),
      (saved) =>
        saved.working
          ? this.toasts.success(AI_PROVIDERS_TEXTS.saved(saved.label, saved.modelCount))
          : this.toasts.warning(AI_PROVIDERS_TEXTS.savedWithProblem(saved.label)),
    );
  }

  /** Forgets the page's settings: the server's environment applies again. */
  async clear(provider: AiProviderId): Promise<void> {
    await this.change(
      provider,
      () => this.api.clearAiProvider(provider),
      (cleared) => this.toasts.success(AI_PROVIDERS_TEXTS.cleared(cleared.label)),
    );
  }

  private async change(
    provider: AiProviderId,
    call: () => Promise<AiProviderStatus>,
    done: (status: AiProviderStatus) => void,
  ): Promise<void> {
    runInAction(() => (this.busy = provider));
    try {
      const status = await call();
      runInAction(() => {
        this.providers = this.providers.map((p) => (p.provider === provider ? status : p));
        this.drafts[provider] = emptyDraft(this.pageUrl(status));
      });
      done(status);
    } catch (error) {
      if (isForbidden(error)) this.gate.deny();
      const message = errorMessage(error, 'The change could not be saved.');
      // The server names the field it refused; a refused address says "address", anything else is the key's.
      const onUrl = /address|URL|_BASE_URL|OLLAMA_HOST/.test(message);
      runInAction(() => {
        this.drafts[provider] = {
          ...this.draft(provider),
          keyError: onUrl ? null : message,
          urlError: onUrl ? message : null,
        };
      });
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  /** The address typed on the page before (shown again), or empty for the environment's. */
  private pageUrl(status: AiProviderStatus): string {
    return status.source === 'page' && isAiProviderId(status.provider) ? (status.baseUrl ?? '') : '';
  }
}
