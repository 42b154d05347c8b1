import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { ConnectedAppsApi, ConsentRequest } from '../api/connected-apps';
import { ApiError, errorMessage } from '../api/blocksmith-api';
import { OAUTH_CONSENT } from '../texts/connected-app-texts';
import { parseDailyLimit } from './connected-apps-store';
import type { SessionStore } from './session-store';

export type ConsentState = 'idle' | 'loading' | 'signed-out' | 'ready' | 'failed' | 'leaving';

/**
 * The consent page of an AI assistant connecting to the account (`/oauth/interaction/{uid}`): the
 * request read with the person's session (a person not signed in is asked to sign in and comes
 * back), the daily credit limit to give it, and Allow or Deny, after which the browser goes back to
 * the app that asked.
 */
export class OAuthConsentStore {
  uid = '';
  state: ConsentState = 'idle';
  request: ConsentRequest | null = null;
  limitText = '';
  error = '';
  busy = false;

  constructor(
    private readonly api: ConnectedAppsApi,
    private readonly session: SessionStore,
    /** Sends the browser elsewhere (the real window's location in the app). */
    private readonly leave: (url: string) => void,
  ) {
    makeObservable(this, {
      uid: observable,
      state: observable,
      request: observableRef,
      limitText: observable,
      error: observable,
      busy: observable,
      limitInvalid: computed,
      setLimit: action,
    });
  }

  get limitInvalid(): boolean {
    return parseDailyLimit(this.limitText) === null;
  }

  /** Reads the request `uid` for the signed-in person. */
  async load(uid: string): Promise<void> {
    runInAction(() => {
      this.uid = uid;
      this.error = '';
      this.state = this.session.signedIn ? 'loading' : 'signed-out';
    });
    if (!this.session.signedIn) return;
    try {
      const request = await this.api.consentRequest(uid);
      runInAction(() => {
        this.request = request;
        this.limitText = String(request.dailyCreditLimit);
        this.state = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        if (
          error instanceof ApiError &&
          (error.code === 'unauthorized' || error.code === 'UNAUTHENTICATED')
        ) {
          this.state = 'signed-out';
          return;
        }
        this.error = errorMessage(error, OAUTH_CONSENT.failedTitle);
        this.state = 'failed';
      });
    }
  }

  setLimit(text: string): void {
    this.limitText = text;
  }

  async allow(): Promise<void> {
    const limit = parseDailyLimit(this.limitText);
    if (limit === null || this.busy) return;
    await this.answer(() => this.api.allow(this.uid, limit));
  }

  async deny(): Promise<void> {
    if (this.busy) return;
    await this.answer(() => this.api.deny(this.uid));
  }

  private async answer(send: () => Promise<string>): Promise<void> {
    runInAction(() => {
      this.busy = true;
      this.error = '';
    });
    try {
      const next = await send();
      runInAction(() => {
        this.state = 'leaving';
      });
      this.leave(next);
    } catch (error) {
      runInAction(() => {
        this.error = errorMessage(error, OAUTH_CONSENT.failedTitle);
      });
    } finally {
      runInAction(() => {
        this.busy = false;
      });
    }
  }
}
