import { Tracker } from '../analytics/tracker';
import type { BlocksmithApi } from '../api/blocksmith-api';
import { AdminAnalyticsStore, VerificationStore } from './admin-store';
import { AdminUsersStore } from './admin-users-store';
import { AiProvidersStore } from './ai-providers-store';
import { AiBuildStore } from './ai-build-store';
import { AppRunsStore } from './app-runs-store';
import { TriggersStore } from './triggers-store';
import { TestsStore } from './tests-store';
import { ApiAccessStore } from './api-access-store';
import { ApiKeysStore } from './api-keys-store';
import { ConnectedAppsStore } from './connected-apps-store';
import { OAuthConsentStore } from './oauth-consent-store';
import { SecretsStore } from './secrets-store';
import { KnowledgeStore } from './knowledge-store';
import { AssistantStore } from './assistant-store';
import type { BrowserHost } from './browser-host';
import { BuilderStore } from './builder-store';
import { CatalogueStore } from './catalogue-store';
import { CreditHistoryStore } from './credit-history-store';
import { CreditsStore } from './credits-store';
import type { AuthDeps } from './auth-forms-store';
import { EmbedSettingsStore } from './embed-settings-store';
import { EarningsStore } from './earnings-store';
import { EmbedStore } from './embed-store';
import { FirebaseGoogleAuth } from './firebase-google-auth';
import { LandingStore } from './landing-store';
import { MyAppsStore } from './my-apps-store';
import { MyRunsStore } from './my-runs-store';
import { OnboardingStore } from './onboarding-store';
import { PaletteStore } from './palette-store';
import { PublisherStore } from './publisher-store';
import { PromptAssistantStore } from './prompt-assistant-store';
import { RunViewStore } from './run-view-store';
import { RunnerStore } from './runner-store';
import { ChatStore } from './chat-store';
import { SessionStore, type KeyValueStorage, type LockManagerLike } from './session-store';
import { StoreGalleryStore } from './store-gallery-store';
import { TemplatesStore } from './templates-store';
import { ThemeStore } from './theme-store';
import { ToolAppsStore } from './tool-apps-store';
import { ToastStore } from './toast-store';
import { UpgradeStore } from './upgrade-store';

/** Every store of the app, wired once. */
export class RootStore {
  readonly session: SessionStore;
  readonly catalogue: CatalogueStore;
  readonly credits: CreditsStore;
  readonly toasts: ToastStore;
  readonly palette: PaletteStore;
  /** The builder's starter apps, from the gateway. */
  readonly templates: TemplatesStore;
  readonly builder: BuilderStore;
  readonly analytics: Tracker;
  /** Google sign-in (Firebase, loaded on demand) and what the account forms need. */
  readonly google: FirebaseGoogleAuth;
  readonly auth: AuthDeps;
  readonly adminAnalytics: AdminAnalyticsStore;
  readonly verification: VerificationStore;
  /** The admin users page (/admin/users). */
  readonly adminUsers: AdminUsersStore;
  /** The AI providers page (/admin/ai-providers). */
  readonly aiProviders: AiProvidersStore;
  readonly landing: LandingStore;
  readonly gallery: StoreGalleryStore;
  readonly publisher: PublisherStore;
  readonly myApps: MyAppsStore;
  readonly runner: RunnerStore;
  /** The chat window of a chat app on its page. */
  readonly chat: ChatStore;
  readonly assistant: AssistantStore;
  readonly promptAssistant: PromptAssistantStore;
  readonly onboarding: OnboardingStore;
  readonly aiBuild: AiBuildStore;
  readonly upgrade: UpgradeStore;
  readonly apiKeys: ApiKeysStore;
  readonly connectedApps: ConnectedAppsStore;
  readonly oauthConsent: OAuthConsentStore;
  readonly secrets: SecretsStore;
  /** The person's knowledge bases (/knowledge), also what the builder's picker offers. */
  readonly knowledge: KnowledgeStore;
  /** What the tools picker of a block that hands apps to a model offers. */
  readonly toolApps: ToolAppsStore;
  /** The app page's "Use via API" panel. */
  readonly apiAccess: ApiAccessStore;
  /** The app page's Embed panel, for the app's owner. */
  readonly embedSettings: EmbedSettingsStore;
  /** The embedded app (/embed/{slug}). */
  readonly embed: EmbedStore;
  /** An app's runs for its owner (/my-apps/{appId}/runs). */
  readonly appRuns: AppRunsStore;
  /** An app's schedules and webhooks (/my-apps/{appId}/triggers). */
  readonly triggers: TriggersStore;
  /** An app's test set and test runs (/my-apps/{appId}/tests). */
  readonly tests: TestsStore;
  /** The signed-in person's runs (/runs). */
  readonly myRuns: MyRunsStore;
  /** One kept run (/runs/{runId}). */
  readonly runView: RunViewStore;
  /** The credits history page (/credits). */
  readonly creditHistory: CreditHistoryStore;
  /** Light or dark, per person. */
  readonly theme: ThemeStore;
  /** The earnings page (/earnings). */
  readonly earnings: EarningsStore;

  constructor(
    api: BlocksmithApi,
    storage: KeyValueStorage,
    locks: LockManagerLike | null,
    readonly host: BrowserHost,
  ) {
    this.analytics = new Tracker((name, props) => api.trackEvent(name, props));
    this.toasts = new ToastStore();
    this.google = new FirebaseGoogleAuth(api);
    this.session = new SessionStore(api, storage, locks, Date.now, this.google);
    this.auth = {
      api,
      session: this.session,
      google: this.google,
      track: (name, props) => this.analytics.track(name, props),
      storage,
    };
    this.adminAnalytics = new AdminAnalyticsStore(api, this.session);
    this.verification = new VerificationStore(api, this.session, this.toasts);
    this.adminUsers = new AdminUsersStore(api, this.session, this.toasts);
    this.aiProviders = new AiProvidersStore(api, this.session, this.toasts);
    this.catalogue = new CatalogueStore(api);
    this.credits = new CreditsStore(api, this.catalogue);
    this.palette = new PaletteStore(this.catalogue);
    this.templates = new TemplatesStore(api, this.catalogue);
    this.builder = new BuilderStore(
      api,
      this.catalogue,
      this.session,
      this.credits,
      this.toasts,
      storage,
      this.analytics,
    );
    this.runner = new RunnerStore(api, this.catalogue, this.session, this.credits, this.toasts);
    this.chat = new ChatStore(api, this.toasts, () => void this.credits.refresh());
    this.assistant = new AssistantStore(api, this.session, this.builder, this.toasts, this.analytics);
    this.promptAssistant = new PromptAssistantStore(api, this.builder.document);
    this.onboarding = new OnboardingStore(storage);
    this.aiBuild = new AiBuildStore(
      api,
      storage,
      this.session,
      this.builder,
      this.onboarding,
      this.toasts,
      this.analytics,
    );
    this.upgrade = new UpgradeStore(api, this.session, this.credits, this.toasts);
    this.landing = new LandingStore(api, storage, this.session, this.analytics, this.toasts);
    this.gallery = new StoreGalleryStore(api, this.session, storage, this.toasts);
    this.publisher = new PublisherStore(api);
    this.myApps = new MyAppsStore(api);
    this.apiKeys = new ApiKeysStore(api, this.session, this.credits, this.toasts);
    this.connectedApps = new ConnectedAppsStore(api.connectedApps, this.session, this.toasts);
    this.oauthConsent = new OAuthConsentStore(api.connectedApps, this.session, (url) =>
      window.location.assign(url),
    );
    this.secrets = new SecretsStore(api, this.session, this.toasts);
    this.knowledge = new KnowledgeStore(api.knowledge, this.session, this.toasts);
    this.toolApps = new ToolAppsStore(api, this.session, this.catalogue);
    this.apiAccess = new ApiAccessStore(api, this.runner, this.session, this.credits, host.origin);
    this.embedSettings = new EmbedSettingsStore(api, this.runner, this.toasts, host.origin);
    this.embed = new EmbedStore(api, this.catalogue, this.session, this.credits, host);
    this.appRuns = new AppRunsStore(api, this.session, this.toasts);
    this.triggers = new TriggersStore(api, this.session, this.toasts);
    this.tests = new TestsStore(api, this.session, this.toasts, this.catalogue);
    this.myRuns = new MyRunsStore(api);
    this.runView = new RunViewStore(api, this.catalogue, this.session, this.toasts);
    this.creditHistory = new CreditHistoryStore(api, this.catalogue);
    this.theme = new ThemeStore(storage, () => this.session.user?.id ?? null);
    this.earnings = new EarningsStore(
      api,
      this.session,
      this.toasts,
      () => this.credits.publishing?.plan ?? null,
    );
  }

  /** Signs out, and forgets what belonged to the person. */
  async signOut(): Promise<void> {
    await this.session.signOut();
    this.credits.clear();
    this.apiKeys.clear();
    this.secrets.clear();
    this.knowledge.clear();
    this.embedSettings.clear();
    this.earnings.clear();
  }
}
