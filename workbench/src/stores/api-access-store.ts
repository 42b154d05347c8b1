import { entitlementMessage, PLANS } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { BlocksmithApi } from '../api/blocksmith-api';
import { API_KEY_PLACEHOLDER } from '../texts/api-texts';
import { planOf } from './api-keys-store';
import { apiInputs, apiSnippets, type ApiInput, type ApiSnippets } from './api-snippets';
import type { CreditsStore } from './credits-store';
import { openApiFragment } from './openapi-fragment';
import type { RunnerStore } from './runner-store';
import type { SessionStore } from './session-store';

export const API_TABS = ['curl', 'javascript', 'python', 'openapi'] as const;
export type ApiTab = (typeof API_TABS)[number];

/**
 * Who sees what of the panel: `open` (the plan has API keys), `owner` (the app's owner on a plan
 * without them: the snippets, with the upgrade), `locked` (anyone else on such a plan), `signedOut`,
 * and `unknown` while the plan is being read.
 */
export type ApiAccess = 'open' | 'owner' | 'locked' | 'signedOut' | 'unknown';

/**
 * The app page's "Use via API" panel: curl, JavaScript and Python snippets for
 * `POST /api/published/{slug}/run` with the app's own input names, and the app's own OpenAPI
 * description cut from the server's document.
 */
export class ApiAccessStore {
  tab: ApiTab = 'curl';
  /** The server's OpenAPI document, read once when the OpenAPI tab is first shown. */
  document: Record<string, unknown> | null = null;
  documentState: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';

  constructor(
    private readonly api: BlocksmithApi,
    private readonly runner: RunnerStore,
    private readonly session: SessionStore,
    private readonly credits: CreditsStore,
    private readonly origin: string,
  ) {
    makeObservable(this, {
      tab: observable,
      document: observableRef,
      documentState: observable,
      access: computed,
      inputs: computed,
      hasFileInput: computed,
      snippets: computed,
      fragment: computed,
      setTab: action,
    });
  }

  get access(): ApiAccess {
    if (!this.session.signedIn) return 'signedOut';
    const plan = planOf(this.credits);
    if (plan === null) return 'unknown';
    if (PLANS[plan].apiKeys) return 'open';
    return this.runner.isOwner ? 'owner' : 'locked';
  }

  /** Why the person's plan cannot call the API (the server's words), or ''. */
  get lockedMessage(): string {
    const plan = planOf(this.credits);
    return plan && !PLANS[plan].apiKeys ? entitlementMessage(plan, 'apiKeys') : '';
  }

  /** Whether the snippets are shown. */
  get showsSnippets(): boolean {
    return this.access === 'open' || this.access === 'owner';
  }

  get inputs(): ApiInput[] {
    return apiInputs(this.runner.run.inputFields);
  }

  /** File inputs cannot be sent with an API key: the panel says so. */
  get hasFileInput(): boolean {
    return this.runner.run.inputFields.some((field) => field.kind === 'file');
  }

  get snippets(): ApiSnippets | null {
    const app = this.runner.app;
    if (!app) return null;
    return apiSnippets({
      origin: this.origin,
      slug: app.slug,
      inputs: this.inputs,
      key: API_KEY_PLACEHOLDER,
    });
  }

  /** The app's OpenAPI description as JSON text, once the server's document is read. */
  get fragment(): string | null {
    const app = this.runner.app;
    if (!app || !this.document) return null;
    const fragment = openApiFragment(this.document, {
      origin: this.origin,
      slug: app.slug,
      name: app.name,
      inputs: this.inputs,
    });
    return fragment ? JSON.stringify(fragment, null, 2) : null;
  }

  /** The text of the chosen tab ('' while the OpenAPI description is loading). */
  get shown(): string {
    if (this.tab === 'openapi') return this.fragment ?? '';
    return this.snippets?.[this.tab] ?? '';
  }

  setTab(tab: ApiTab): void {
    this.tab = tab;
    if (tab === 'openapi') void this.loadDocument();
  }

  /** Reads the server's OpenAPI document once (again after a failure). */
  async loadDocument(): Promise<void> {
    if (this.documentState === 'loading' || this.documentState === 'ready') return;
    runInAction(() => {
      this.documentState = 'loading';
    });
    try {
      const document = await this.api.openApiDocument();
      runInAction(() => {
        this.document = document;
        this.documentState = openApiFragment(document, { origin: '', slug: '', name: '', inputs: [] })
          ? 'ready'
          : 'failed';
      });
    } catch (error) {
      console.warn('The OpenAPI document could not be read.', error);
      runInAction(() => {
        this.documentState = 'failed';
      });
    }
  }
}
