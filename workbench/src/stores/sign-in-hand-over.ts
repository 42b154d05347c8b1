import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import { ApiError, errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import type { EmbedRunPrice } from '../api/embeds';
import { EMBED_SIGN_IN } from '../texts/embed-texts';
import { EMBED_SIGNED_IN_MESSAGE, type EmbedSignedInMessage } from './embed-messages';
import type { SessionStore } from './session-store';

/** The window that opened this one (`window.opener`). */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/**
 * `checking` until the session and the app's price are known; `signIn` when the person must sign
 * in first; `confirm` while they look at the price of a run; `handedOver` once the session went to
 * the embed; `noOpener` when no embed is there to take it; `failed` when the price could not be read.
 */
export type HandOverState = 'checking' | 'signIn' | 'confirm' | 'handedOver' | 'noOpener' | 'failed';

/**
 * The sign-in window an embed opens (/embed/{slug}/sign-in), a page other sites cannot frame: once
 * someone is signed in here, and has confirmed the price of a run of the app unless it is free or
 * they already did (the server refuses their runs from the embed until then), it lends the session
 * to the embed that opened it (a message to that window, delivered only if it is on the product's
 * own origin) and closes.
 */
export class SignInHandOver {
  state: HandOverState = 'checking';
  /** The price of a run, while it waits for confirmation. */
  price: EmbedRunPrice | null = null;
  /** The app's name, shown with its price. */
  appName = '';
  /** The confirmation is being recorded. */
  confirming = false;
  /** Why the price could not be confirmed or read. */
  problem = '';
  private busy = false;

  constructor(
    private readonly session: SessionStore,
    private readonly api: Pick<BlocksmithApi, 'embedRunPrice' | 'confirmEmbedPrice' | 'embeddedApp'>,
    private readonly slug: string,
    private readonly opener: MessageTarget | null,
    private readonly origin: string,
    private readonly closeWindow: () => void,
  ) {
    makeObservable<SignInHandOver, 'setState'>(this, {
      state: observable,
      price: observableRef,
      appName: observable,
      confirming: observable,
      problem: observable,
      setState: action,
    });
  }

  /** Moves on once the session has been checked (and again after signing in). */
  async step(): Promise<void> {
    if (!this.session.checked || this.busy) return;
    if (this.state === 'handedOver' || this.state === 'confirm') return;
    if (!this.opener) return this.setState('noOpener');
    if (!this.session.signedIn) return this.setState('signIn');
    this.busy = true;
    try {
      const [price, embedded] = await Promise.all([
        this.api.embedRunPrice(this.slug),
        this.api.embeddedApp(this.slug),
      ]);
      if (price.confirmed) {
        await this.handOver();
        return;
      }
      runInAction(() => {
        this.price = price;
        this.appName = embedded.app.name;
        this.state = 'confirm';
      });
    } catch (error) {
      runInAction(() => {
        this.problem = errorMessage(error, EMBED_SIGN_IN.priceFailed);
        this.state = 'failed';
      });
    } finally {
      this.busy = false;
    }
  }

  /**
   * The person confirms the price they see: recorded, then the session goes to the embed. A price
   * that rose meanwhile is shown afresh, to be confirmed again.
   */
  async confirm(): Promise<void> {
    const price = this.price;
    if (this.state !== 'confirm' || !price || this.confirming) return;
    runInAction(() => {
      this.confirming = true;
      this.problem = '';
    });
    try {
      await this.api.confirmEmbedPrice(this.slug, price.maxCredits);
      await this.handOver();
    } catch (error) {
      const changed = error instanceof ApiError && error.code === 'CONFLICT';
      const fresh = changed ? await this.api.embedRunPrice(this.slug).catch(() => price) : price;
      runInAction(() => {
        this.problem = errorMessage(error, EMBED_SIGN_IN.confirmFailed);
        this.price = fresh;
      });
    } finally {
      runInAction(() => {
        this.confirming = false;
      });
    }
  }

  private async handOver(): Promise<void> {
    const lent = await this.session.lend();
    if (!lent || !this.opener) return this.setState(lent ? 'noOpener' : 'signIn');
    const message: EmbedSignedInMessage = { type: EMBED_SIGNED_IN_MESSAGE, session: lent };
    this.opener.postMessage(message, this.origin);
    this.setState('handedOver');
    this.closeWindow();
  }

  private setState(state: HandOverState): void {
    this.state = state;
  }
}
