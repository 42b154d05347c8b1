import { EMBED_SIGNED_IN_MESSAGE } from './embed-messages';
import { SessionStore } from './session-store';
import { SignInHandOver } from './sign-in-hand-over';
import { ApiError } from '../api/blocksmith-api';
import { ADA, FakeApi, memoryStorage, restoredSession } from '../testing/fake-api';
import { PUBLISHED_APP } from '../testing/open-runner';

const ORIGIN = 'https://blocksmith.example';
const SLUG = 'post-writer-1';

/** A fake API with the published app, its price of a run confirmed or not. */
function priced(confirmed: boolean) {
  const api = new FakeApi();
  api.apps.set('app-9', JSON.parse(JSON.stringify(PUBLISHED_APP)));
  api.embedPrice = { ...api.embedPrice, confirmed };
  return api;
}

function opener() {
  const sent: Array<{ message: unknown; targetOrigin: string }> = [];
  return {
    sent,
    postMessage: (message: unknown, targetOrigin: string) => sent.push({ message, targetOrigin }),
  };
}

describe('SignInHandOver', () => {
  it('lends the signed-in session to the embed on the product’s origin only, then closes', async () => {
    const api = priced(true);
    const session = await restoredSession(api, memoryStorage(), true);
    const target = opener();
    const close = jest.fn();
    const handOver = new SignInHandOver(session, api, SLUG, target, ORIGIN, close);
    await handOver.step();
    expect(target.sent).toEqual([
      {
        message: {
          type: EMBED_SIGNED_IN_MESSAGE,
          session: { access_token: 'a1', expires_at: 4_000_000_000, user: ADA },
        },
        targetOrigin: ORIGIN,
      },
    ]);
    expect(target.sent[0]!.message).not.toHaveProperty('session.refresh_token');
    expect(handOver.state).toBe('handedOver');
    expect(close).toHaveBeenCalledTimes(1);
    await handOver.step();
    expect(target.sent).toHaveLength(1);
  });

  it('sends a person who is not signed in to sign in first', async () => {
    const api = priced(true);
    const session = await restoredSession(api, memoryStorage(), false);
    const target = opener();
    const handOver = new SignInHandOver(session, api, SLUG, target, ORIGIN, jest.fn());
    await handOver.step();
    expect(handOver.state).toBe('signIn');
    expect(target.sent).toEqual([]);
  });

  it('waits for the session check, and says so when no embed opened the window', async () => {
    const api = priced(true);
    const storage = memoryStorage();
    const unchecked = new SessionStore(api, storage, null);
    const waiting = new SignInHandOver(unchecked, api, SLUG, opener(), ORIGIN, jest.fn());
    await waiting.step();
    expect(waiting.state).toBe('checking');

    const session = await restoredSession(api, storage, true);
    const alone = new SignInHandOver(session, api, SLUG, null, ORIGIN, jest.fn());
    await alone.step();
    expect(alone.state).toBe('noOpener');
  });

  it('has the person confirm the price of a run first, unless it is confirmed already', async () => {
    const api = priced(false);
    const session = await restoredSession(api, memoryStorage(), true);
    const target = opener();
    const close = jest.fn();
    const handOver = new SignInHandOver(session, api, SLUG, target, ORIGIN, close);
    await handOver.step();
    expect(handOver.state).toBe('confirm');
    expect(handOver.appName).toBe('Post writer');
    expect(handOver.price).toMatchObject({ minCredits: 4, maxCredits: 4, creatorPrice: 3 });
    expect(target.sent).toEqual([]);

    // A price that rose meanwhile is shown afresh, nothing handed over.
    api.failNext.confirmEmbedPrice = new ApiError('The price of this app changed.', 'CONFLICT');
    api.embedPrice = { ...api.embedPrice, minCredits: 9, maxCredits: 9 };
    await handOver.confirm();
    expect(handOver.problem).toBe('The price of this app changed.');
    expect(handOver.price?.maxCredits).toBe(9);
    expect(target.sent).toEqual([]);

    await handOver.confirm();
    expect(api.confirmedPrices).toEqual([{ slug: SLUG, maxCredits: 9 }]);
    expect(handOver.state).toBe('handedOver');
    expect(target.sent).toHaveLength(1);
    expect(close).toHaveBeenCalledTimes(1);
  });
});
