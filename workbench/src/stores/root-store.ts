import { Tracker } from '../analytics/tracker';
import type { BlocksmithApi } from '../api/blocksmith-api';
import { BuilderStore } from './builder-store';
import { CatalogueStore } from './catalogue-store';
import { CreditsStore } from './credits-store';
import { PaletteStore } from './palette-store';
import { SessionStore, type KeyValueStorage, type LockManagerLike } from './session-store';
import { ToastStore } from './toast-store';

/** Every store of the app, wired once. */
export class RootStore {
  readonly session: SessionStore;
  readonly catalogue: CatalogueStore;
  readonly credits: CreditsStore;
  readonly toasts: ToastStore;
  readonly palette: PaletteStore;
  readonly builder: BuilderStore;
  readonly analytics: Tracker;

  constructor(api: BlocksmithApi, storage: KeyValueStorage, locks: LockManagerLike | null) {
    this.analytics = new Tracker((name, props) => api.trackEvent(name, props));
    this.toasts = new ToastStore();
    this.session = new SessionStore(api, storage, locks);
    this.catalogue = new CatalogueStore(api);
    this.credits = new CreditsStore(api);
    this.palette = new PaletteStore(this.catalogue);
    this.builder = new BuilderStore(api, this.catalogue, this.session, this.credits, this.toasts, storage);
  }

  /** Signs out, and forgets what belonged to the person. */
  async signOut(): Promise<void> {
    await this.session.signOut();
    this.credits.clear();
  }
}
