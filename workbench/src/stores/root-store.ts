import { Tracker } from '../analytics/tracker';
import type { BlocksmithApi } from '../api/blocksmith-api';
import { AiBuildStore } from './ai-build-store';
import { AssistantStore } from './assistant-store';
import { BuilderStore } from './builder-store';
import { CatalogueStore } from './catalogue-store';
import { CreditsStore } from './credits-store';
import { OnboardingStore } from './onboarding-store';
import { PaletteStore } from './palette-store';
import { PromptAssistantStore } from './prompt-assistant-store';
import { RunnerStore } from './runner-store';
import { SessionStore, type KeyValueStorage, type LockManagerLike } from './session-store';
import { ToastStore } from './toast-store';
import { UpgradeStore } from './upgrade-store';

/** Every store of the app, wired once. */
export class RootStore {
  readonly session: SessionStore;
  readonly catalogue: CatalogueStore;
  readonly credits: CreditsStore;
  readonly toasts: ToastStore;
  readonly palette: PaletteStore;
  readonly builder: BuilderStore;
  readonly analytics: Tracker;
  readonly runner: RunnerStore;
  readonly assistant: AssistantStore;
  readonly promptAssistant: PromptAssistantStore;
  readonly onboarding: OnboardingStore;
  readonly aiBuild: AiBuildStore;
  readonly upgrade: UpgradeStore;

  constructor(api: BlocksmithApi, storage: KeyValueStorage, locks: LockManagerLike | null) {
    this.analytics = new Tracker((name, props) => api.trackEvent(name, props));
    this.toasts = new ToastStore();
    this.session = new SessionStore(api, storage, locks);
    this.catalogue = new CatalogueStore(api);
    this.credits = new CreditsStore(api);
    this.palette = new PaletteStore(this.catalogue);
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
  }

  /** Signs out, and forgets what belonged to the person. */
  async signOut(): Promise<void> {
    await this.session.signOut();
    this.credits.clear();
  }
}
