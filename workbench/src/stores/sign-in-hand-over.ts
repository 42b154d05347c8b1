import { makeObservable, observable, runInAction } from 'mobx';
import { EMBED_SIGNED_IN_MESSAGE, type EmbedSignedInMessage } from './embed-messages';
import type { SessionStore } from './session-store';

/** The window that opened this one (`window.opener`). */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/**
 * `checking` until the session is known; `signIn` when the person must sign in first;
 * `handedOver` once the session went to the embed; `noOpener` when no embed is there to take it.
 */
export type HandOverState = 'checking' | 'signIn' | 'handedOver' | 'noOpener';

/**
 * The sign-in window an embed opens (/embed/{slug}/sign-in): once someone is signed in here, it
 * lends the session to the embed that opened it (a message to that window, delivered only if it
 * is on the product's own origin) and closes.
 */
export class SignInHandOver {
  state: HandOverState = 'checking';

  constructor(
    private readonly session: SessionStore,
    private readonly opener: MessageTarget | null,
    private readonly origin: string,
    private readonly closeWindow: () => void,
  ) {
    makeObservable(this, { state: observable });
  }

  /** Moves on once the session has been checked (and again after signing in). */
  async step(): Promise<void> {
    if (!this.session.checked || this.state === 'handedOver') return;
    if (!this.opener) {
      runInAction(() => {
        this.state = 'noOpener';
      });
      return;
    }
    const lent = this.session.signedIn ? await this.session.lend() : null;
    if (!lent) {
      runInAction(() => {
        this.state = 'signIn';
      });
      return;
    }
    const message: EmbedSignedInMessage = { type: EMBED_SIGNED_IN_MESSAGE, session: lent };
    this.opener.postMessage(message, this.origin);
    runInAction(() => {
      this.state = 'handedOver';
    });
    this.closeWindow();
  }
}
