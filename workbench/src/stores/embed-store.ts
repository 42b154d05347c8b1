import { withCreatorPrice, type App } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiError, errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import { runCostText } from '../texts/earnings-texts';
import { EMBED } from '../texts/embed-texts';
import type { BrowserHost, OpenedWindow } from './browser-host';
import type { CatalogueStore } from './catalogue-store';
import type { CreditsStore } from './credits-store';
import { DocumentStore } from './document-store';
import { browserStorage, embedVisitorToken, type TokenStorage } from './embed-visitor';
import { isSignedInMessage } from './embed-messages';
import { SignInHandOver, type MessageTarget } from './sign-in-hand-over';
import { realTimers } from './real-timers';
import { RunStore } from './run-store';
import type { SessionStore } from './session-store';
import type { Timers } from './toast-store';

export type EmbedState = 'idle' | 'loading' | 'ready' | 'notFound' | 'unavailable' | 'failed';

/** How often an open sign-in window is checked for having been closed by hand. */
export const SIGN_IN_WINDOW_CHECK_MS = 500;

/** The name the sign-in window is opened under, so a second Run reuses it. */
export const SIGN_IN_WINDOW_NAME = 'blocksmith-sign-in';

/** Where an embed's sign-in window opens: under /embed/, like the embed itself. */
export function embedSignInPath(slug: string): string {
  return `/embed/${encodeURIComponent(slug)}/sign-in`;
}

/** A message another window sent this one. */
export interface ReceivedMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * The embedded app (/embed/{slug}), framed by other sites: its inputs, Run and results. Signed in
 * (here, or through the sign-in window's lent session), runs are the runner's, with live progress.
 * Signed out, the owner pays when the embed allows it (`runEmbedded`, answered at the end);
 * otherwise Run opens the sign-in window, which lends its session back, and the run starts.
 * Another site frames the embed and could trick a click on Run: a signed-in person's first paid
 * run of the app (and the first after its price rose) waits until they confirmed its price in the
 * sign-in window, a page of ours no site can frame (the server refuses it until then).
 */
export class EmbedStore {
  state: EmbedState = 'idle';
  app: App | null = null;
  /** People who are not signed in may run the app on its owner's credits. */
  paysOwner = false;
  /** Why the app cannot be embedded (its owner's plan), in the server's words. */
  unavailableMessage = '';
  /** What is wrong with the inputs, shown above Run. */
  problem = '';
  /** A sign-in window is open; the run waits for it. */
  signingIn = false;
  /** The browser refused to open the sign-in window. */
  popupBlocked = false;
  /** The signed-in person has to confirm the price of a run in the sign-in window first. */
  priceUnconfirmed = false;
  readonly document: DocumentStore;
  readonly run: RunStore;
  /** The app's owner sees what people enter and get back (the notice is shown). */
  sharing = false;
  private slug = '';
  private popup: OpenedWindow | null = null;
  private runAfterSignIn = false;
  private popupCheck: unknown = null;

  constructor(
    private readonly api: BlocksmithApi,
    readonly catalogue: CatalogueStore,
    private readonly session: SessionStore,
    private readonly credits: CreditsStore,
    private readonly host: BrowserHost,
    private readonly timers: Timers = realTimers,
    private readonly storage: () => TokenStorage | null = browserStorage,
  ) {
    this.document = new DocumentStore(catalogue);
    this.run = new RunStore(api, this.document, catalogue);
    makeObservable<EmbedStore, 'stopWaiting'>(this, {
      state: observable,
      app: observableRef,
      paysOwner: observable,
      sharing: observable,
      unavailableMessage: observable,
      problem: observable,
      signingIn: observable,
      popupBlocked: observable,
      priceUnconfirmed: observable,
      canRun: computed,
      needsUpload: computed,
      runsSignedOut: computed,
      runLabel: computed,
      costText: computed,
      requestSignIn: action,
      cancelSignIn: action,
      receive: action,
      stopWaiting: action,
    });
  }

  get canRun(): boolean {
    return this.state === 'ready' && !this.run.processing && !this.signingIn;
  }

  /** A file input needs an upload, which only signed-in people may send. */
  get needsUpload(): boolean {
    return this.run.inputFields.some((field) => field.kind === 'file');
  }

  /** Run works without signing in: the owner pays and no file has to be uploaded. */
  get runsSignedOut(): boolean {
    return !this.session.signedIn && this.paysOwner && !this.needsUpload;
  }

  get runLabel(): string {
    if (this.run.processing) return EMBED.running;
    if (this.session.signedIn && this.priceUnconfirmed) return EMBED.confirmPrice;
    return this.session.signedIn || this.runsSignedOut ? EMBED.runApp : EMBED.signInToRun;
  }

  /**
   * What a run costs the person who runs it: the blocks plus the creator's price (nothing for its
   * owner's own runs). Empty when the owner pays (a visitor not signed in).
   */
  get costText(): string {
    if (!this.app || this.runsSignedOut) return '';
    const own = this.session.user !== null && this.session.user.id === this.app.owner_id;
    const price = own ? 0 : (this.app.creatorPrice ?? 0);
    return runCostText(withCreatorPrice(this.catalogue.costRange(this.document.config), price), price);
  }

  /** The app's page on the product, for "Open on Blocksmith". */
  get appUrl(): string {
    return `${this.host.origin}/app/${encodeURIComponent(this.slug)}`;
  }

  async open(slug: string): Promise<void> {
    if (this.slug === slug && (this.state === 'ready' || this.state === 'loading')) return;
    this.slug = slug;
    runInAction(() => {
      this.state = 'loading';
      this.app = null;
      this.problem = '';
      this.run.reset();
    });
    await this.catalogue.load();
    try {
      const embedded = await this.api.embeddedApp(slug);
      if (this.slug !== slug) return;
      runInAction(() => {
        this.app = embedded.app;
        this.paysOwner = embedded.paysOwner;
        this.document.load(embedded.app);
        this.state = 'ready';
      });
      void this.checkPrice();
      void this.api.publishedRunSharing(slug).then(
        (sharing) => runInAction(() => this.slug === slug && (this.sharing = sharing)),
        (error: unknown) => console.warn('Run sharing could not be read.', error),
      );
    } catch (error) {
      if (this.slug !== slug) return;
      const code = error instanceof ApiError ? error.code : undefined;
      runInAction(() => {
        if (code === 'FORBIDDEN') {
          this.state = 'unavailable';
          this.unavailableMessage = errorMessage(error, EMBED.notFound);
        } else {
          this.state = code === undefined ? 'failed' : 'notFound';
        }
      });
      if (code === undefined) console.warn('The embedded app could not be loaded.', error);
    }
  }

  /** Runs the app: as the signed-in person, on the owner's credits, or after signing in. */
  async runApp(): Promise<void> {
    if (!this.canRun || !this.app) return;
    const problem = this.run.inputProblem();
    runInAction(() => {
      this.problem = problem ?? '';
    });
    if (problem) return;
    // A lent sign-in ends with its token: then the person signs in again.
    const token = this.session.signedIn ? await this.session.accessToken() : null;
    if (token && this.priceUnconfirmed) this.requestSignIn();
    else if (token) await this.runSignedIn(this.app);
    else if (this.runsSignedOut) await this.runOnOwner(this.slug);
    else this.requestSignIn();
  }

  private async runSignedIn(app: App): Promise<void> {
    if (!app.id) return;
    // A new account's first credits are granted when its balance is first read.
    if (this.credits.credits === null) await this.credits.refresh();
    const slug = this.slug;
    let unconfirmed: ApiError | null = null;
    await this.run.runStartedBy(app.id, (inputs) =>
      this.api.startEmbeddedRun(slug, inputs).catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'PRICE_UNCONFIRMED') unconfirmed = error;
        throw error;
      }),
    );
    if (!unconfirmed) return;
    // Never confirmed here, or the price rose since: the sign-in window asks.
    const message = errorMessage(unconfirmed, EMBED.confirmNote);
    this.run.clearRun();
    runInAction(() => {
      this.priceUnconfirmed = true;
      this.problem = message;
    });
    this.requestSignIn();
  }

  /** Whether the signed-in person must confirm the price of a run first (said on Run). */
  private async checkPrice(): Promise<void> {
    const slug = this.slug;
    if (!this.session.signedIn) return;
    try {
      const price = await this.api.embedRunPrice(slug);
      runInAction(() => {
        if (this.slug === slug) this.priceUnconfirmed = !price.confirmed;
      });
    } catch (error) {
      // Run asks the server anyway, and opens the window when it refuses.
      console.warn('The price of a run could not be read.', error);
    }
  }

  /** The store of the sign-in window this embed opens (/embed/{slug}/sign-in), in that window. */
  signInWindow(slug: string, opener: MessageTarget | null, closeWindow: () => void): SignInHandOver {
    return new SignInHandOver(this.session, this.api, slug, opener, this.host.origin, closeWindow);
  }

  private async runOnOwner(slug: string): Promise<void> {
    this.run.begin();
    try {
      const finished = await this.api.runEmbedded(slug, this.run.collectInputs());
      this.run.applyFinished(finished);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
        // The owner no longer pays (the month's cap is used up, or the setting changed).
        runInAction(() => {
          this.paysOwner = false;
        });
        this.run.clearRun();
        this.requestSignIn();
        return;
      }
      this.run.fail(errorMessage(error, EMBED.runFailed));
    }
  }

  /**
   * The chat calls of this embed: the signed-in person's, or, not signed in, this browser's as a
   * visitor (its token kept in the embed's storage).
   */
  chatCalls(slug: string): Pick<BlocksmithApi, 'chat'> {
    return { chat: this.api.chat.embedded(slug, embedVisitorToken(this.storage())) };
  }

  /**
   * A chat message was refused: not signed in while the owner does not pay (any more), or a price
   * to confirm first. The sign-in window opens (the message stays in its box to send again); true
   * when that was the refusal.
   */
  chatRefused(error: unknown): boolean {
    if (!(error instanceof ApiError)) return false;
    if (error.code === 'UNAUTHENTICATED') {
      runInAction(() => (this.paysOwner = false));
    } else if (error.code === 'PRICE_UNCONFIRMED') {
      runInAction(() => {
        this.priceUnconfirmed = true;
        this.problem = errorMessage(error, EMBED.confirmNote);
      });
    } else {
      return false;
    }
    this.requestSignIn(false);
    return true;
  }

  /**
   * Opens the sign-in window (or brings it forward); the run starts once it lends its session
   * (unless `runAfter` is false: the chat, whose message waits in its box).
   */
  requestSignIn(runAfter = true): void {
    if (this.popup && !this.popup.closed) {
      this.popup.focus();
      return;
    }
    const popup = this.host.openPopup(
      `${this.host.origin}${embedSignInPath(this.slug)}`,
      SIGN_IN_WINDOW_NAME,
    );
    if (!popup) {
      this.popupBlocked = true;
      return;
    }
    this.popup = popup;
    this.popupBlocked = false;
    this.signingIn = true;
    this.runAfterSignIn = runAfter;
    this.watchPopup();
  }

  /** Stops waiting for the sign-in window and closes it. */
  cancelSignIn(): void {
    this.popup?.close();
    this.stopWaiting();
  }

  /**
   * A message from another window: the sign-in window this embed opened lending its session
   * (same origin, that very window, a well-formed message). Anything else is ignored.
   */
  receive(message: ReceivedMessage): void {
    if (!this.popup || message.source !== this.popup || message.origin !== this.host.origin) return;
    if (!isSignedInMessage(message.data)) return;
    this.session.borrow(message.data.session);
    // The window hands the session over once the price is confirmed (or needs no confirmation).
    this.priceUnconfirmed = false;
    this.problem = '';
    const run = this.runAfterSignIn;
    this.stopWaiting();
    if (run) void this.runApp();
  }

  private stopWaiting(): void {
    if (this.popupCheck !== null) this.timers.clearTimeout(this.popupCheck);
    this.popupCheck = null;
    this.popup = null;
    this.signingIn = false;
    this.runAfterSignIn = false;
  }

  /** Notices the sign-in window being closed without signing in. */
  private watchPopup(): void {
    if (this.popupCheck !== null) this.timers.clearTimeout(this.popupCheck);
    this.popupCheck = this.timers.setTimeout(() => {
      this.popupCheck = null;
      if (!this.popup) return;
      if (this.popup.closed) this.stopWaiting();
      else this.watchPopup();
    }, SIGN_IN_WINDOW_CHECK_MS);
  }

  /** Leaves the page. */
  close(): void {
    this.cancelSignIn();
    this.run.reset();
    this.slug = '';
    runInAction(() => {
      this.state = 'idle';
    });
  }
}
