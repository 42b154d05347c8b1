import type { ApiKeyCaller } from '../services/api-keys/api-key-service';
import { resolveMcpCaller, type McpCallerSources } from './mcp-caller';

const keys: Record<string, ApiKeyCaller> = {
  bsk_good: { userId: 'ann', keyId: 'k1', plan: 'starter' },
  bsk_suspended: { userId: 'bob', keyId: 'k2', plan: 'starter', suspended: true },
  bsk_free: { userId: 'cy', keyId: 'k3', plan: 'free' },
};
const sources: McpCallerSources = {
  apiKeys: { authenticate: async (token) => keys[token] ?? null },
  oauth: {
    verify: async (token) =>
      token === 'oauth-ok' ? { userId: 'dee', clientId: 'claude', dailyCreditLimit: 40 } : null,
  },
};

describe('resolveMcpCaller', () => {
  it('finds no caller without a bearer token, or with one that is not valid', async () => {
    for (const header of [
      undefined,
      '',
      'Basic YWRtaW4=',
      'Bearer',
      'Bearer bsk_unknown',
      'Bearer oauth-expired',
    ])
      expect(await resolveMcpCaller(header, sources)).toBeNull();
    expect(await resolveMcpCaller('Bearer oauth-ok', { apiKeys: sources.apiKeys })).toBeNull();
  });

  it('answers an API key’s owner, and refuses a suspended owner or a plan without keys', async () => {
    expect(await resolveMcpCaller('Bearer bsk_good', sources)).toEqual({
      userId: 'ann',
      via: 'api-key',
      keyId: 'k1',
    });
    await expect(resolveMcpCaller('Bearer bsk_suspended', sources)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(resolveMcpCaller('Bearer bsk_free', sources)).rejects.toThrow(
      'API keys come with the Starter plan and up; your plan is Free. Upgrade to use them.',
    );
  });

  it('answers an OAuth access token’s person, client and daily limit', async () => {
    expect(await resolveMcpCaller('Bearer oauth-ok', sources)).toEqual({
      userId: 'dee',
      via: 'oauth',
      clientId: 'claude',
      dailyCreditLimit: 40,
    });
  });
});
