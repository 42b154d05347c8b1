/* Fixtures shared by the store tests (not used by the app). */
import type {
  App,
  BlockCatalogueEntry,
  CreditHistoryEntry,
  PlanId,
  PublishingInfo,
  RunEvent,
} from '@blocksmith/schema';
import type { AdminAccountsApi } from '../api/admin-accounts';
import type { EarningsApi } from '../api/earnings';
import type { ApiKey, CreatedApiKey } from '../api/api-keys';
import type { SecretInfo } from '../api/secrets';
import { FakeChatApi } from './fake-chat-api';
import { FakeTriggers } from './fake-triggers';
import { FakeTesting } from './fake-testing';
import { FakeConnectedApps } from './fake-connected-apps';
import type { ModelCatalogue } from '../api/models';
import { ApiError } from '../api/blocksmith-api';
import type { EmbeddedApp, EmbedRunPrice, EmbedSettings, FinishedRun } from '../api/embeds';
import type { RunDetail, RunFilter, RunSummary } from '../api/run-history';
import { FakeKnowledge } from './fake-knowledge';
import type {
  AnalyticsPeriod,
  MyAppsAnalytics,
  SalesContactInput,
  AppInput,
  AppVersion,
  AppVersionEntry,
  AuthUser,
  BlocksmithApi,
  AnalyticsSummary,
  AppStatusCounts,
  GeneratedAppAnswer,
  ReviewStatus,
  ServerInfo,
  RunWatcher,
  Session,
  VersionKind,
  VersionedApp,
} from '../api/blocksmith-api';
import { Tracker } from '../analytics/tracker';
import { FakeAdminAccounts } from './fake-admin-accounts';
import { FakeAiProviders } from './fake-ai-providers';
import type { AiProvidersApi } from '../api/ai-providers';
import { FakeEarnings } from './fake-earnings';
import { CatalogueStore } from '../stores/catalogue-store';
import { CreditsStore } from '../stores/credits-store';
import { BuilderStore } from '../stores/builder-store';
import { SessionStore, type KeyValueStorage } from '../stores/session-store';
import { ToastStore, type Timers } from '../stores/toast-store';
import { TEMPLATES } from './templates';

export const CATALOGUE: BlockCatalogueEntry[] = [
  {
    id: 'textInput',
    name: 'Text Input',
    description: 'Text typed by the person running the app.',
    category: 'input',
    version: 1,
    settings: {
      label: { type: 'text', label: 'Label', default: 'Your text' },
      placeholder: { type: 'text', label: 'Placeholder', default: 'Type here...', required: false },
      multiline: { type: 'boolean', label: 'Multiline', default: false },
    },
    outputs: [{ name: 'input_text', type: 'text' }],
    cost: 0,
    historyType: 'text_input',
    inputKind: 'text',
    inputChecks: ['linkedInProfileUrl'],
  },
  {
    id: 'fileUpload',
    name: 'File Upload',
    description: 'A file.',
    category: 'input',
    version: 1,
    settings: {
      label: { type: 'text', label: 'Label', default: 'Upload a file' },
      acceptedTypes: {
        type: 'select',
        label: 'Accepted types',
        default: 'all',
        options: [
          {
            value: 'text',
            label: 'Text files (TXT, CSV)',
            meta: { extensions: ['.txt', '.csv'], mimeTypes: ['text/plain', 'text/csv'] },
          },
          {
            value: 'all',
            label: 'All supported files',
            meta: {
              extensions: ['.pdf', '.txt', '.csv'],
              mimeTypes: ['application/pdf', 'text/plain', 'text/csv'],
            },
          },
        ],
      },
      maxSize: { type: 'number', label: 'Max size', default: 10, min: 1, max: 50, integer: true, unit: 'MB' },
    },
    outputs: [{ name: 'file_url', type: 'url' }],
    cost: 0,
    historyType: 'file_upload',
    inputKind: 'file',
  },
  {
    id: 'dropdown',
    name: 'Dropdown',
    description: 'One option from a list.',
    category: 'input',
    version: 1,
    settings: {
      label: { type: 'text', label: 'Label', default: 'Choose an option' },
      options: { type: 'text', label: 'Options', default: 'A, B, C' },
    },
    outputs: [{ name: 'selected_option', type: 'text' }],
    cost: 0,
    historyType: 'dropdown',
    inputKind: 'choice',
  },
  {
    id: 'textGeneration',
    name: 'Text AI',
    description: 'Writes text from your prompt.',
    category: 'ai',
    version: 1,
    settings: {
      prompt_template: { type: 'prompt', label: 'Prompt template', default: 'Write about {{input_text}}' },
      model: {
        type: 'select',
        label: 'Model',
        default: 'gpt-4',
        options: [
          { value: 'gpt-4', label: 'GPT-4' },
          { value: 'gpt-3.5-turbo', label: 'GPT-3.5 Turbo' },
        ],
      },
    },
    outputs: [{ name: 'generated_text', type: 'text' }],
    cost: 1,
    historyType: 'text_generation',
    present: [{ output: 'generated_text', title: 'Generated text', views: [{ view: 'markdown' }] }],
  },
  {
    id: 'imageGenerator',
    name: 'Image AI',
    description: 'Draws an image.',
    category: 'ai',
    version: 1,
    settings: {
      prompt_template: { type: 'prompt', label: 'Prompt template', default: 'A picture of {{input_text}}' },
      model: { type: 'model', label: 'Model', capability: 'image', fallback: 'dalle' },
    },
    outputs: [{ name: 'generated_image_url', type: 'url' }],
    cost: 5,
    historyType: 'image_generation',
  },
  {
    id: 'textDisplay',
    name: 'Text Display',
    description: 'Shows text.',
    category: 'output',
    version: 1,
    settings: {
      style: {
        type: 'select',
        label: 'Style',
        default: 'card',
        options: [
          { value: 'card', label: 'Card view' },
          { value: 'plain', label: 'Plain text' },
        ],
      },
    },
    outputs: [],
    cost: 0,
    historyType: 'text_display',
  },
];

export const ADA: AuthUser = {
  id: 'user-ada',
  email: 'ada@example.com',
  user_metadata: { full_name: 'Ada Lovelace', isAdmin: false },
};

export function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** Timers driven by hand: `advance(ms)` runs what is due. */
export function manualTimers(): Timers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let nextId = 1;
  const due = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout(callback, ms) {
      const id = nextId++;
      due.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      due.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...due]) {
        if (timer.at <= now) {
          due.delete(id);
          timer.callback();
        }
      }
    },
    pending: () => due.size,
  };
}

const PUBLISHING: PublishingInfo = {
  plan: 'free',
  limit: 2,
  currentCount: 1,
  remaining: 1,
  canPublish: true,
};

/** An API that keeps apps in memory and records what it was asked. */
/** The server's models: two providers, one model costing extra, an offline stand-in. */
export const MODEL_CATALOGUE: ModelCatalogue = {
  models: [
    {
      id: 'gpt-4o',
      label: 'GPT-4o',
      provider: 'openai',
      offline: false,
      capabilities: ['text', 'structured', 'vision', 'tools', 'streaming'],
      contextTokens: 128000,
      credits: 0,
    },
    {
      id: 'dall-e-3',
      label: 'DALL·E 3',
      provider: 'openai',
      offline: false,
      capabilities: ['image'],
      contextTokens: null,
      credits: 0,
    },
    {
      id: 'claude-opus-4-1',
      label: 'Claude Opus 4.1',
      provider: 'anthropic',
      offline: false,
      capabilities: ['text', 'structured', 'vision', 'tools', 'streaming'],
      contextTokens: 200000,
      credits: 2,
    },
    {
      id: 'offline-image',
      label: 'Offline image',
      provider: 'offline',
      offline: true,
      capabilities: ['image'],
      contextTokens: null,
      credits: 0,
    },
  ],
  defaultText: 'gpt-4o',
  defaultImage: 'dall-e-3',
};

export class FakeApi implements BlocksmithApi {
  calls: string[] = [];
  /** Chat apps: conversations kept in memory (`fake-chat-api.ts`). */
  readonly chat = new FakeChatApi((runId, watcher) => this.watchRun(runId, watcher));
  apps = new Map<string, VersionedApp>();
  failNext: Partial<Record<keyof BlocksmithApi, Error>> = {};
  runEvents: RunEvent[] = [];
  refreshes: string[] = [];
  private nextId = 1;

  private check(name: keyof BlocksmithApi): void {
    this.calls.push(name);
    const error = this.failNext[name];
    if (error) {
      delete this.failNext[name];
      throw error;
    }
  }

  async blockCatalogue() {
    this.check('blockCatalogue');
    return CATALOGUE;
  }
  async availableModels() {
    return { models: ['dalle', 'flux'], defaultModel: 'dalle' };
  }
  async creditCosts() {
    return { textGeneration: 1, imageGenerator: 5, default: 1 };
  }
  async modelCatalogue() {
    this.check('modelCatalogue');
    return MODEL_CATALOGUE;
  }
  async templates() {
    this.check('templates');
    return TEMPLATES;
  }
  async signIn() {
    this.check('signIn');
    return { user: ADA, session: { access_token: 'a1', refresh_token: 'r1', expires_at: 4_000_000_000 } };
  }
  async signUp() {
    this.check('signUp');
    return { user: ADA, session: { access_token: 'a1', refresh_token: 'r1', expires_at: 4_000_000_000 } };
  }
  async refreshSession(refreshToken: string): Promise<Session> {
    this.check('refreshSession');
    this.refreshes.push(refreshToken);
    const n = this.refreshes.length + 1;
    return { access_token: `a${n}`, refresh_token: `r${n}`, expires_at: 4_000_000_000 };
  }
  async signOut() {
    this.check('signOut');
  }
  async me() {
    this.check('me');
    return this.meAnswer;
  }
  credit = 50;
  async credits() {
    this.check('credits');
    return { credits: this.credit, unlimited: false };
  }
  async initializeCredits() {
    this.check('initializeCredits');
    this.credit = 50;
    return { credits: 50, unlimited: false };
  }
  /** The credit history, newest first. */
  history: CreditHistoryEntry[] = [];
  historyLimits: number[] = [];
  async creditHistory(limit: number) {
    this.check('creditHistory');
    this.historyLimits.push(limit);
    return this.history.slice(0, limit).map((entry) => ({ ...entry }));
  }
  async creditHistoryPage(limit: number, cursor: string | null) {
    this.check('creditHistoryPage');
    const start = cursor === null ? 0 : this.history.findIndex((entry) => entry._id === cursor) + 1;
    const entries = this.history.slice(start, start + limit).map((entry) => ({ ...entry }));
    const more = start + limit < this.history.length;
    return { entries, nextCursor: more ? entries.at(-1)!._id : null };
  }
  async creditStats() {
    this.check('creditStats');
    return {
      totalCreditsUsed: this.history.reduce((sum, entry) => sum + entry.credits_used, 0),
      totalExecutions: this.history.length,
    };
  }
  /** The plan publishingInfo answers. */
  plan: PlanId = 'free';
  async publishingInfo() {
    return { ...PUBLISHING, plan: this.plan };
  }
  async myApps() {
    return [...this.apps.values()];
  }
  async app(id: string) {
    this.check('app');
    const app = this.apps.get(id);
    if (!app) throw new Error('App not found.');
    return app;
  }
  /** A deep copy made in the tests' own realm (structuredClone's objects fail isPlainObject there). */
  private copy<T>(value: T): T {
    return JSON.parse(JSON.stringify(value)) as T;
  }
  /** Each app's versions, oldest first, kept the way the server keeps them. */
  versions = new Map<string, AppVersion[]>();
  /** The `autosave` flag of every updateApp call. */
  autosaveFlags: boolean[] = [];
  private clock = Date.parse('2025-03-01T10:00:00.000Z');
  private tick(): string {
    this.clock += 60_000;
    return new Date(this.clock).toISOString();
  }
  /** Records a save as a version; an autosave right after an autosave changes that one instead. */
  private recordVersion(app: VersionedApp, kind: VersionKind): AppVersion {
    const list = this.versions.get(app.id!) ?? [];
    const content = {
      name: app.name,
      description: app.description,
      category: app.category,
      config: this.copy(app.config),
    };
    const last = list.at(-1);
    const at = this.tick();
    let version: AppVersion;
    if (kind === 'autosave' && last?.kind === 'autosave' && !last.isLive && !last.isInReview) {
      version = Object.assign(last, content, { updatedAt: at });
    } else {
      const blocks = app.config.plugins.length;
      version = {
        id: `${app.id}-v${list.length + 1}`,
        appId: app.id!,
        number: list.length + 1,
        kind,
        summary: list.length === 0 ? `First version: ${blocks} blocks` : `${blocks} blocks`,
        authorId: ADA.id,
        authorName: ADA.user_metadata.full_name,
        createdAt: at,
        updatedAt: at,
        isDraft: true,
        isLive: false,
        isInReview: false,
        changesFromLive: [],
        ...content,
      };
      for (const older of list) older.isDraft = false;
      list.push(version);
    }
    this.versions.set(app.id!, list);
    (app as VersionedApp).draftVersionId = version.id;
    return version;
  }
  private store(id: string, input: AppInput, extra: Partial<VersionedApp> = {}): VersionedApp {
    const app: VersionedApp = {
      id,
      owner_id: ADA.id,
      upvotes: 0,
      views: 0,
      uses: 0,
      isPublished: false,
      ...this.apps.get(id),
      ...input,
      category: input.category as App['category'],
      ...extra,
    };
    this.apps.set(id, app);
    return app;
  }
  async createApp(input: AppInput) {
    this.check('createApp');
    const app = this.store(`app-${this.nextId++}`, input);
    this.recordVersion(app, 'created');
    return { ...app };
  }
  /** Answers once `release()` is called when set (a save still under way). */
  holdUpdates: Array<() => void> | null = null;
  async updateApp(id: string, input: AppInput, options: { autosave?: boolean } = {}) {
    this.check('updateApp');
    this.autosaveFlags.push(options.autosave === true);
    if (this.holdUpdates) await new Promise<void>((release) => this.holdUpdates!.push(release));
    const app = this.store(id, input);
    this.recordVersion(app, options.autosave ? 'autosave' : 'save');
    return { ...app };
  }
  async publishAppWithData(id: string | undefined, input: AppInput) {
    this.check('publishAppWithData');
    const app = this.store(id ?? `app-${this.nextId++}`, input, { isPublished: true });
    const version = this.recordVersion(app, 'save');
    for (const older of this.versions.get(app.id!)!) older.isInReview = older === version;
    app.submittedVersionId = version.id;
    return {
      app: { ...app },
      publishingInfo: { ...PUBLISHING, currentCount: 2, remaining: 0, canPublish: false },
    };
  }
  async appVersions(appId: string): Promise<AppVersionEntry[]> {
    this.check('appVersions');
    return [...(this.versions.get(appId) ?? [])].reverse().map((version) => {
      const { description: _d, category: _c, config: _config, changesFromLive: _changes, ...entry } = version;
      return { ...entry };
    });
  }
  async appVersion(appId: string, versionId: string): Promise<AppVersion> {
    this.check('appVersion');
    const version = this.versions.get(appId)?.find((candidate) => candidate.id === versionId);
    if (!version) throw new Error('Version not found.');
    return this.copy(version);
  }
  async restoreAppVersion(appId: string, versionId: string): Promise<VersionedApp> {
    this.check('restoreAppVersion');
    const version = this.versions.get(appId)?.find((candidate) => candidate.id === versionId);
    const app = this.apps.get(appId);
    if (!version || !app) throw new Error('Version not found.');
    const restored = this.store(appId, {
      name: version.name,
      description: version.description,
      slug: app.slug,
      category: version.category,
      isPrivate: app.isPrivate,
      config: this.copy(version.config),
    });
    this.recordVersion(restored, 'restore');
    return { ...restored };
  }
  lastInputs: Record<string, unknown> | null = null;
  async startRun(_appId: string, inputs: Record<string, unknown>, actionType?: string) {
    this.check('startRun');
    this.lastInputs = inputs;
    this.lastActionType = actionType;
    return { runId: 'run-1', cost: 1 };
  }
  /** When set, watchRun hands the watcher over instead of playing `runEvents`. */
  manualWatch: ((watcher: RunWatcher) => void) | null = null;
  watchRun(_runId: string, watcher: RunWatcher) {
    this.calls.push('watchRun');
    if (this.manualWatch) {
      this.manualWatch(watcher);
      return () => undefined;
    }
    const events = [...this.runEvents];
    queueMicrotask(() => {
      for (const event of events) watcher.next(event);
      watcher.complete();
    });
    return () => undefined;
  }
  async runOutcome(_runId: string) {
    this.check('runOutcome');
    return this.copy(this.finishedRun);
  }
  async uploadFile() {
    this.check('uploadFile');
    return { id: 'file-1', name: 'a.pdf', mime: 'application/pdf', size: 3, url: '/files/file-1' };
  }
  events: Array<{ name: string; props: Record<string, unknown> }> = [];
  async trackEvent(name: string, props: Record<string, unknown>) {
    this.check('trackEvent');
    this.events.push({ name, props });
  }

  // The app page, the assistants and the upgrade.
  lastActionType: string | undefined;
  upvoted = new Set<string>();
  views = new Map<string, number>();
  generated: GeneratedAppAnswer = {
    message: 'Here is your app.',
    plugins: [
      { id: 'p1', type: 'textInput', position: { x: 100, y: 100 }, settings: { label: 'Topic' } },
      {
        id: 'p2',
        type: 'textGeneration',
        position: { x: 400, y: 100 },
        settings: { prompt_template: 'Write about {{input_text}}' },
      },
    ],
    connections: [
      { id: 'c1', from: 'p1', to: 'p2', fromPort: 'output', toPort: 'input' },
      { id: 'c2', from: 'p2' },
    ],
    variableMapping: {},
    appName: 'A blog post writer',
    appDescription: 'A blog post writer from a topic',
  };
  prompts: Array<{ description: string; variables: string[] }> = [];
  billing = true;
  /** Whom serverInfo names to ask for a plan without billing. */
  planContact: string | null = null;
  checkoutUrl = 'https://checkout.example/session-1';
  async publishedApp(slug: string) {
    this.check('publishedApp');
    const app = [...this.apps.values()].find((a) => a.slug === slug && a.isPublished);
    if (!app) throw new Error('App not found.');
    return app;
  }
  async publisherName(authId: string) {
    this.check('publisherName');
    if (authId !== ADA.id) throw new Error('User not found.');
    return ADA.user_metadata.full_name;
  }
  async recordAppView(id: string) {
    this.check('recordAppView');
    const views = (this.views.get(id) ?? 0) + 1;
    this.views.set(id, views);
    return views;
  }
  async upvotedApps(appIds: string[]) {
    this.check('upvotedApps');
    return appIds.filter((id) => this.upvoted.has(id));
  }
  async upvoteStatus(appId: string) {
    this.check('upvoteStatus');
    return this.upvoted.has(appId);
  }
  async upvoteApp(id: string) {
    this.check('upvoteApp');
    const counted = !this.upvoted.has(id);
    this.upvoted.add(id);
    return { counted, upvotes: (this.apps.get(id)?.upvotes ?? 0) + 1 };
  }
  async generateApp(_prompt: string) {
    this.check('generateApp');
    return JSON.parse(JSON.stringify(this.generated)) as GeneratedAppAnswer;
  }
  async generatePrompt(description: string, variables: string[]) {
    this.check('generatePrompt');
    this.prompts.push({ description, variables });
    return `Prompt: ${variables.map((name) => `{{${name}}}`).join(' ')} ${description}`;
  }
  async createCheckoutSession() {
    this.check('createCheckoutSession');
    return { url: this.checkoutUrl };
  }
  async billingInfo() {
    this.check('billingInfo');
    return { billingEnabled: this.billing, planContact: this.billing ? null : this.planContact };
  }

  // Accounts and admin pages.
  recoveries: string[] = [];
  passwordUpdates: Array<{ password: string; recoveryToken?: string }> = [];
  createdUsers: Array<string | null> = [];
  serverAnswer: ServerInfo = { authProvider: 'local', billingEnabled: false, firebase: null };
  tokenUsers = new Map<string, AuthUser>();
  meAnswer: AuthUser | null = ADA;
  summaries: string[] = [];
  summary: AnalyticsSummary = {
    range: '30d',
    raw: { user_signup: 3, user_login: 5, app_created: 2, app_executed: 7, network_error: 1 },
    recent: [{ name: 'user_login', at: '2025-01-02T10:00:00.000Z', props: { method: 'password' } }],
  };
  pending: VersionedApp[] = [];
  statusCounts: AppStatusCounts = { pending: 0, approved: 0, rejected: 0 };
  reviews: Array<{ id: string; status: ReviewStatus; reviewNotes: string | null }> = [];
  async recoverPassword(email: string) {
    this.check('recoverPassword');
    this.recoveries.push(email);
  }
  async updatePassword(password: string, recoveryToken?: string) {
    this.check('updatePassword');
    this.passwordUpdates.push({ password, recoveryToken });
    return ADA;
  }
  async createUser(fullName: string | null) {
    this.check('createUser');
    this.createdUsers.push(fullName);
  }
  async serverInfo() {
    this.check('serverInfo');
    return this.serverAnswer;
  }
  async meWithToken(token: string) {
    this.check('meWithToken');
    return this.tokenUsers.get(token) ?? null;
  }
  async analyticsSummary(range: string) {
    this.check('analyticsSummary');
    this.summaries.push(range);
    return { ...this.summary, range };
  }
  async pendingApps() {
    this.check('pendingApps');
    return this.pending;
  }
  async appStatusCounts() {
    this.check('appStatusCounts');
    return this.statusCounts;
  }
  async reviewApp(id: string, status: ReviewStatus, reviewNotes: string | null) {
    this.check('reviewApp');
    this.reviews.push({ id, status, reviewNotes });
    const app = this.pending.find((candidate) => candidate.id === id);
    if (!app) throw new Error('App not found.');
    this.pending = this.pending.filter((candidate) => candidate.id !== id);
    const reviewed: App = { ...app, verificationStatus: status, reviewNotes };
    return reviewed;
  }

  // The store, the publisher page, my-apps analytics and the sales contact.
  /** The store's apps (approved, public, published), in the order the server would send them. */
  storeList: App[] = [];
  analyticsAsked: { period: AnalyticsPeriod; appId: string | null }[] = [];
  analytics: Record<AnalyticsPeriod, MyAppsAnalytics> = {
    '7d': {
      period: '7d',
      level: 'basic',
      appId: null,
      apps: [],
      history: [],
      totals: { views: 0, runs: 0, upvotes: 0 },
    },
    '30d': {
      period: '30d',
      level: 'basic',
      appId: null,
      apps: [],
      history: [],
      totals: { views: 0, runs: 0, upvotes: 0 },
    },
  };
  salesContacts: SalesContactInput[] = [];
  salesAnswer = 'Thanks, we will be in touch.';
  async storeApps() {
    this.check('storeApps');
    return this.storeList.map((app) => ({ ...app }));
  }
  async appsByUser(userId: string) {
    this.check('appsByUser');
    return this.storeList.filter((app) => app.owner_id === userId).map((app) => ({ ...app }));
  }
  async deleteApp(id: string) {
    this.check('deleteApp');
    this.apps.delete(id);
    this.storeList = this.storeList.filter((app) => app.id !== id);
  }
  async setAppPrivate(id: string, isPrivate: boolean) {
    this.check('setAppPrivate');
    const app = this.apps.get(id);
    if (!app) throw new Error('App not found.');
    const changed = { ...app, isPrivate };
    this.apps.set(id, changed);
    return changed;
  }
  async myAppsAnalytics(period: AnalyticsPeriod, appId: string | null = null) {
    this.check('myAppsAnalytics');
    this.analyticsAsked.push({ period, appId });
    return { ...structuredClone(this.analytics[period]), appId };
  }
  async contactSales(input: SalesContactInput) {
    this.check('contactSales');
    this.salesContacts.push(input);
    return this.salesAnswer;
  }

  // API keys, the API description and embeds.
  keys: ApiKey[] = [];
  async apiKeys() {
    this.check('apiKeys');
    return this.keys.map((key) => ({ ...key }));
  }
  async createApiKey(name: string): Promise<CreatedApiKey> {
    this.check('createApiKey');
    const n = this.keys.length + 1;
    const created = {
      id: `key-${n}`,
      name,
      prefix: `bsk_k${n}`,
      createdAt: '2025-03-01T10:00:00.000Z',
      lastUsedAt: null,
    };
    this.keys.unshift(created);
    return { ...created, key: `bsk_k${n}_secret` };
  }
  async revokeApiKey(id: string) {
    this.check('revokeApiKey');
    this.keys = this.keys.filter((key) => key.id !== id);
  }
  /** Secrets by name, with the values the fake was sent (a real server never answers them). */
  secretValues = new Map<string, { info: SecretInfo; value: string }>();
  async secrets() {
    this.check('secrets');
    return [...this.secretValues.values()].map(({ info }) => ({ ...info }));
  }
  async setSecret(name: string, value: string) {
    this.check('setSecret');
    const now = new Date().toISOString();
    const info = { name, createdAt: this.secretValues.get(name)?.info.createdAt ?? now, updatedAt: now };
    this.secretValues.set(name, { info, value });
    return { ...info };
  }
  async deleteSecret(name: string) {
    this.check('deleteSecret');
    if (!this.secretValues.delete(name)) throw new ApiError(`You have no secret named ${name}.`, 'NOT_FOUND');
  }
  readonly triggers = new FakeTriggers();
  readonly testing = new FakeTesting();
  readonly connectedApps = new FakeConnectedApps();
  readonly knowledge = new FakeKnowledge();
  openApi: Record<string, unknown> = {};
  async openApiDocument() {
    this.check('openApiDocument');
    return this.openApi;
  }
  embedSettingsAnswer: EmbedSettings = {
    appId: 'app-9',
    available: true,
    requiredPlan: 'Starter',
    paysOwner: false,
    monthlyCredits: 0,
    usedThisMonth: 0,
  };
  embedUpdates: Array<{ appId: string; paysOwner: boolean; monthlyCredits: number }> = [];
  async embedSettings(appId: string) {
    this.check('embedSettings');
    return { ...this.embedSettingsAnswer, appId };
  }
  async updateEmbedSettings(appId: string, paysOwner: boolean, monthlyCredits: number) {
    this.check('updateEmbedSettings');
    this.embedUpdates.push({ appId, paysOwner, monthlyCredits });
    this.embedSettingsAnswer = { ...this.embedSettingsAnswer, paysOwner, monthlyCredits };
    return { ...this.embedSettingsAnswer, appId };
  }
  /** Whether embeddedApp lets people who are not signed in run the app on its owner's credits. */
  embedPaysOwner = false;
  async embeddedApp(slug: string): Promise<EmbeddedApp> {
    this.check('embeddedApp');
    const app = [...this.apps.values()].find((a) => a.slug === slug && a.isPublished);
    if (!app) throw new ApiError('App not found.', 'NOT_FOUND');
    return { app: this.copy(app), paysOwner: this.embedPaysOwner };
  }
  embeddedRuns: Array<{ slug: string; inputs: Record<string, unknown> }> = [];
  finishedRun: FinishedRun = {
    id: 'run-e1',
    status: 'succeeded',
    cost: 1,
    results: {
      blocks: { ai: { kind: 'textGeneration', outputs: { generated_text: 'An answer' } } },
      artifacts: [],
      layout: [],
    },
    nodes: { in: { status: 'succeeded', durationMs: 1 }, ai: { status: 'succeeded', durationMs: 20 } },
    error: null,
    errorCode: null,
  };
  async runEmbedded(slug: string, inputs: Record<string, unknown>) {
    this.check('runEmbedded');
    this.embeddedRuns.push({ slug, inputs });
    return this.copy(this.finishedRun);
  }
  /** What embedRunPrice answers; confirmEmbedPrice confirms it. */
  embedPrice: EmbedRunPrice = {
    appId: 'app-1',
    minCredits: 4,
    maxCredits: 4,
    creatorPrice: 3,
    confirmedMax: null,
    confirmed: false,
  };
  confirmedPrices: Array<{ slug: string; maxCredits: number }> = [];
  async embedRunPrice(_slug: string) {
    this.check('embedRunPrice');
    return { ...this.embedPrice };
  }
  async confirmEmbedPrice(slug: string, maxCredits: number) {
    this.check('confirmEmbedPrice');
    this.confirmedPrices.push({ slug, maxCredits });
    this.embedPrice = { ...this.embedPrice, confirmedMax: maxCredits, confirmed: true };
    return { ...this.embedPrice };
  }
  embedStarts: Array<{ slug: string; inputs: Record<string, unknown> }> = [];
  async startEmbeddedRun(slug: string, inputs: Record<string, unknown>) {
    this.check('startEmbeddedRun');
    if (!this.embedPrice.confirmed) {
      throw new ApiError('Confirm the price of this app before running it here.', 'PRICE_UNCONFIRMED');
    }
    this.embedStarts.push({ slug, inputs });
    this.lastInputs = inputs;
    return { runId: 'run-1', cost: this.embedPrice.maxCredits };
  }

  // Run history: runs kept newest first; the cursor is the id of a page's last run.
  runs: RunDetail[] = [];
  runQueries: Array<{ limit: number; cursor: string | null; filter?: RunFilter; appId?: string | null }> = [];
  sharing = new Map<string, boolean>();
  private pageOf(list: RunDetail[], limit: number, cursor: string | null) {
    const start = cursor === null ? 0 : list.findIndex((run) => run.id === cursor) + 1;
    const runs: RunSummary[] = list.slice(start, start + limit).map((run) => {
      const { inputs: _i, results: _r, nodes: _n, steps: _s, ...summary } = this.copy(run);
      return summary;
    });
    return { runs, nextCursor: start + limit < list.length ? runs.at(-1)!.id : null };
  }
  async appRuns(appId: string, limit: number, cursor: string | null, filter: RunFilter) {
    this.check('appRuns');
    this.runQueries.push({ limit, cursor, filter });
    const list = this.runs.filter(
      (run) =>
        run.appId === appId &&
        (!filter.status || run.status === filter.status) &&
        (!filter.source || run.source === filter.source),
    );
    return this.pageOf(list, limit, cursor);
  }
  async myRuns(limit: number, cursor: string | null, appId: string | null = null) {
    this.check('myRuns');
    this.runQueries.push({ limit, cursor, appId });
    return this.pageOf(
      this.runs.filter((run) => run.mine && (!appId || run.appId === appId)),
      limit,
      cursor,
    );
  }
  async runDetail(id: string) {
    this.check('runDetail');
    const run = this.runs.find((candidate) => candidate.id === id);
    if (!run) throw new ApiError('Run not found.', 'NOT_FOUND');
    return this.copy(run);
  }
  async deleteRun(id: string) {
    this.check('deleteRun');
    this.runs = this.runs.filter((run) => run.id !== id);
  }
  /** Decisions on waiting runs, in order. */
  decisions: { runId: string; decision: string; text: string | null }[] = [];
  async decideRunApproval(runId: string, decision: 'approve' | 'reject', text: string | null) {
    this.check('decideRunApproval');
    const run = this.runs.find((candidate) => candidate.id === runId);
    if (!run?.approvalRequest?.canDecide) throw new ApiError('Run not found.', 'NOT_FOUND');
    this.decisions.push({ runId, decision, text });
    run.status = decision === 'approve' ? 'running' : 'failed';
    run.approvalRequest = null;
  }
  async runSharing(appId: string) {
    this.check('runSharing');
    return this.sharing.get(appId) ?? false;
  }
  async publishedRunSharing(slug: string) {
    this.check('publishedRunSharing');
    const app = [...this.apps.values()].find((candidate) => candidate.slug === slug);
    return app?.id !== undefined && this.sharing.get(app.id) === true;
  }
  async setRunSharing(appId: string, share: boolean) {
    this.check('setRunSharing');
    this.sharing.set(appId, share);
    return share;
  }

  /** The admin users page's accounts and actions (see admin-accounts-test-support.ts). */
  readonly accounts = new FakeAdminAccounts();
  adminUsers: AdminAccountsApi['adminUsers'] = (...args) => this.accounts.adminUsers(...args);
  adminUser: AdminAccountsApi['adminUser'] = (...args) => this.accounts.adminUser(...args);
  adminActions: AdminAccountsApi['adminActions'] = (...args) => this.accounts.adminActions(...args);
  setUserPlan: AdminAccountsApi['setUserPlan'] = (...args) => this.accounts.setUserPlan(...args);
  adjustUserCredits: AdminAccountsApi['adjustUserCredits'] = (...args) =>
    this.accounts.adjustUserCredits(...args);
  suspendUser: AdminAccountsApi['suspendUser'] = (...args) => this.accounts.suspendUser(...args);
  unsuspendUser: AdminAccountsApi['unsuspendUser'] = (...args) => this.accounts.unsuspendUser(...args);

  /** The AI providers page's providers (see fake-ai-providers.ts). */
  readonly ai = new FakeAiProviders();
  aiProviders: AiProvidersApi['aiProviders'] = () => this.ai.aiProviders();
  setAiProvider: AiProvidersApi['setAiProvider'] = (...args) => this.ai.setAiProvider(...args);
  clearAiProvider: AiProvidersApi['clearAiProvider'] = (...args) => this.ai.clearAiProvider(...args);

  /** The earnings page's earnings, prices and payouts (see earnings-test-support.ts). */
  readonly earned = new FakeEarnings();
  earnings: EarningsApi['earnings'] = (...args) => this.earned.earnings(...args);
  setCreatorPrice: EarningsApi['setCreatorPrice'] = (...args) => this.earned.setCreatorPrice(...args);
  startPayoutOnboarding: EarningsApi['startPayoutOnboarding'] = () => this.earned.startPayoutOnboarding();
  payoutAccount: EarningsApi['payoutAccount'] = () => this.earned.payoutAccount();
  requestPayout: EarningsApi['requestPayout'] = () => this.earned.requestPayout();
}

/** A session over the fake API, restored from `storage`, where Ada's session is put first if `signedIn`. */
export async function restoredSession(
  api: FakeApi,
  storage: KeyValueStorage,
  signedIn = true,
): Promise<SessionStore> {
  if (signedIn) {
    storage.setItem(
      'blocksmith-session',
      JSON.stringify({ access_token: 'a1', refresh_token: 'r1', expires_at: 4_000_000_000, user: ADA }),
    );
  }
  const session = new SessionStore(api, storage, null);
  await session.init();
  session.dispose();
  return session;
}

/** A builder over the fake API with the catalogue loaded; signed in unless told otherwise. */
export async function testBuilder(options: { signedIn?: boolean; storage?: KeyValueStorage } = {}) {
  const api = new FakeApi();
  const storage = options.storage ?? memoryStorage();
  const timers = manualTimers();
  const toasts = new ToastStore(timers);
  const session = await restoredSession(api, storage, options.signedIn ?? true);
  const catalogue = new CatalogueStore(api);
  await catalogue.load();
  const credits = new CreditsStore(api, catalogue);
  const analytics = new Tracker((name, props) => api.trackEvent(name, props));
  const builder = new BuilderStore(api, catalogue, session, credits, toasts, storage, analytics, timers);
  builder.view.setCanvasSize({ width: 1000, height: 800 });
  return { api, storage, timers, toasts, session, catalogue, credits, builder, analytics };
}
