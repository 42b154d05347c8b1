import { FakeApi, memoryStorage, restoredSession } from '../testing/fake-api';
import { OAuthConsentStore } from './oauth-consent-store';

async function setup(signedIn = true) {
  const api = new FakeApi();
  api.connectedApps.request = {
    client: { id: 'client-1', name: 'Claude', redirectHost: 'claude.ai' },
    account: { email: 'me@example.com' },
    dailyCreditLimit: 50,
    connected: false,
  };
  const session = await restoredSession(api, memoryStorage(), signedIn);
  const left: string[] = [];
  const store = new OAuthConsentStore(api.connectedApps, session, (url) => left.push(url));
  return { api, store, left };
}

describe('OAuthConsentStore', () => {
  it('asks a visitor to sign in first', async () => {
    const { api, store } = await setup(false);
    await store.load('uid-1');
    expect(store.state).toBe('signed-out');
    expect(api.connectedApps.answers).toEqual([]);
  });

  it('shows the request with the proposed limit, and allows with the limit typed, then leaves for the app', async () => {
    const { api, store, left } = await setup();
    await store.load('uid-1');
    expect(store.state).toBe('ready');
    expect(store.request?.client.name).toBe('Claude');
    expect(store.limitText).toBe('50');
    store.setLimit('abc');
    expect(store.limitInvalid).toBe(true);
    await store.allow();
    expect(api.connectedApps.answers).toEqual([]);
    store.setLimit('12');
    await store.allow();
    expect(api.connectedApps.answers).toEqual([{ uid: 'uid-1', allowed: true, dailyCreditLimit: 12 }]);
    expect(left).toEqual(['http://localhost/oauth/authorize/uid-1']);
    expect(store.state).toBe('leaving');
  });

  it('denies', async () => {
    const { api, store, left } = await setup();
    await store.load('uid-2');
    await store.deny();
    expect(api.connectedApps.answers).toEqual([{ uid: 'uid-2', allowed: false }]);
    expect(left).toHaveLength(1);
  });

  it('says why a request cannot be answered', async () => {
    const { api, store } = await setup();
    api.connectedApps.request = null;
    await store.load('gone');
    expect(store.state).toBe('failed');
    expect(store.error).toMatch(/expired or was opened in another browser/);
  });
});
