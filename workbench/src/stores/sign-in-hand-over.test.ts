import { EMBED_SIGNED_IN_MESSAGE } from './embed-messages';
import { SessionStore } from './session-store';
import { SignInHandOver } from './sign-in-hand-over';
import { ADA, FakeApi, memoryStorage, restoredSession } from '../testing/fake-api';

const ORIGIN = 'https://blocksmith.example';

function opener() {
  const sent: Array<{ message: unknown; targetOrigin: string }> = [];
  return {
    sent,
    postMessage: (message: unknown, targetOrigin: string) => sent.push({ message, targetOrigin }),
  };
}

describe('SignInHandOver', () => {
  it('lends the signed-in session to the embed on the product’s origin only, then closes', async () => {
    const session = await restoredSession(new FakeApi(), memoryStorage(), true);
    const target = opener();
    const close = jest.fn();
    const handOver = new SignInHandOver(session, target, ORIGIN, close);
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
    const session = await restoredSession(new FakeApi(), memoryStorage(), false);
    const target = opener();
    const handOver = new SignInHandOver(session, target, ORIGIN, jest.fn());
    await handOver.step();
    expect(handOver.state).toBe('signIn');
    expect(target.sent).toEqual([]);
  });

  it('waits for the session check, and says so when no embed opened the window', async () => {
    const api = new FakeApi();
    const storage = memoryStorage();
    const unchecked = new SessionStore(api, storage, null);
    const waiting = new SignInHandOver(unchecked, opener(), ORIGIN, jest.fn());
    await waiting.step();
    expect(waiting.state).toBe('checking');

    const session = await restoredSession(api, storage, true);
    const alone = new SignInHandOver(session, null, ORIGIN, jest.fn());
    await alone.step();
    expect(alone.state).toBe('noOpener');
  });
});
