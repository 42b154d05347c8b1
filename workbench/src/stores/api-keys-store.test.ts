import { ApiError } from '../api/blocksmith-api';
import { ApiKeysStore } from './api-keys-store';
import { CreditsStore } from './credits-store';
import { FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { ToastStore } from './toast-store';

async function setup(plan: 'free' | 'starter' = 'starter', signedIn = true) {
  const api = new FakeApi();
  api.plan = plan;
  const session = await restoredSession(api, memoryStorage(), signedIn);
  const credits = new CreditsStore(api);
  const toasts = new ToastStore(manualTimers());
  const keys = new ApiKeysStore(api, session, credits, toasts);
  return { api, keys, toasts, credits };
}

describe('ApiKeysStore', () => {
  it('on the Free plan explains which plan has keys, in the server’s words, without asking for keys', async () => {
    const { api, keys } = await setup('free');
    await keys.load();
    expect(keys.state).toBe('ready');
    expect(keys.allowed).toBe(false);
    expect(keys.requiredPlanName).toBe('Starter');
    expect(keys.lockedMessage).toBe(
      'API keys come with the Starter plan and up; your plan is Free. Upgrade to use them.',
    );
    expect(api.calls).not.toContain('apiKeys');
    keys.setName('Server');
    expect(keys.canCreate).toBe(false);
  });

  it('lists the keys on a plan that has them', async () => {
    const { api, keys } = await setup('starter');
    api.keys = [
      { id: 'k1', name: 'Old', prefix: 'bsk_abc', createdAt: '2025-01-01T00:00:00.000Z', lastUsedAt: null },
    ];
    await keys.load();
    expect(keys.state).toBe('ready');
    expect(keys.allowed).toBe(true);
    expect(keys.keys.map((key) => key.name)).toEqual(['Old']);
  });

  it('creates a named key, shows its secret once and lists it without the secret', async () => {
    const { keys } = await setup('starter');
    await keys.load();
    expect(keys.canCreate).toBe(false);
    keys.setName('  Newsletter server ');
    expect(keys.canCreate).toBe(true);
    await keys.create();
    expect(keys.created).toMatchObject({ name: 'Newsletter server', key: 'bsk_k1_secret' });
    expect(keys.keys).toEqual([expect.objectContaining({ id: 'key-1', name: 'Newsletter server' })]);
    expect(keys.keys[0]).not.toHaveProperty('key');
    expect(keys.name).toBe('');
    keys.dismissCreated();
    expect(keys.created).toBeNull();
  });

  it('says why a key could not be made', async () => {
    const { api, keys, toasts } = await setup('starter');
    await keys.load();
    api.failNext.createApiKey = new ApiError(
      "The key's name must be at most 100 characters.",
      'BAD_USER_INPUT',
    );
    keys.setName('x');
    await keys.create();
    expect(keys.created).toBeNull();
    expect(toasts.toasts[0]).toMatchObject({
      intent: 'danger',
      message: "The key's name must be at most 100 characters.",
    });
  });

  it('revokes a key only after the confirmation', async () => {
    const { api, keys, toasts } = await setup('starter');
    api.keys = [
      { id: 'k1', name: 'Old', prefix: 'bsk_abc', createdAt: '2025-01-01T00:00:00.000Z', lastUsedAt: null },
    ];
    await keys.load();
    keys.askRevoke(keys.keys[0]!);
    keys.cancelRevoke();
    expect(keys.revoking).toBeNull();
    expect(api.calls).not.toContain('revokeApiKey');
    keys.askRevoke(keys.keys[0]!);
    await keys.confirmRevoke();
    expect(api.calls).toContain('revokeApiKey');
    expect(keys.keys).toEqual([]);
    expect(keys.revoking).toBeNull();
    expect(toasts.toasts[0]).toMatchObject({ intent: 'success', message: 'Key "Old" revoked' });
  });

  it('keeps the confirmation open when revoking fails', async () => {
    const { api, keys, toasts } = await setup('starter');
    api.keys = [
      { id: 'k1', name: 'Old', prefix: 'bsk_abc', createdAt: '2025-01-01T00:00:00.000Z', lastUsedAt: null },
    ];
    await keys.load();
    keys.askRevoke(keys.keys[0]!);
    api.failNext.revokeApiKey = new ApiError('There is no such key.', 'NOT_FOUND');
    await keys.confirmRevoke();
    expect(keys.revoking?.id).toBe('k1');
    expect(toasts.toasts[0]).toMatchObject({ intent: 'danger', message: 'There is no such key.' });
  });

  it('asks nothing of a visitor', async () => {
    const { api, keys } = await setup('starter', false);
    await keys.load();
    expect(keys.state).toBe('idle');
    expect(api.calls).not.toContain('apiKeys');
  });
});
