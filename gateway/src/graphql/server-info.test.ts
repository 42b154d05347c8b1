import { startTestGateway } from './test-client';

jest.setTimeout(60_000);

const QUERY = '{ serverInfo { authProvider billingEnabled firebase { apiKey authDomain projectId } } }';

describe('serverInfo', () => {
  it('says the defaults: local accounts, no billing, no Google sign-in', async () => {
    const test = await startTestGateway();
    try {
      expect((await test.graphql(QUERY)).data!.serverInfo).toEqual({
        authProvider: 'local',
        billingEnabled: false,
        firebase: null,
      });
    } finally {
      await test.close();
    }
  });

  it('gives the browser the Firebase web config and says billing is on, without any secret', async () => {
    const test = await startTestGateway({
      AUTH_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: 'blocksmith-demo',
      FIREBASE_API_KEY: 'web-key-123',
      STRIPE_SECRET_KEY: 'sk_test_secret',
    });
    try {
      const answer = await test.graphql(QUERY);
      expect(answer.data!.serverInfo).toEqual({
        authProvider: 'firebase',
        billingEnabled: true,
        firebase: {
          apiKey: 'web-key-123',
          authDomain: 'blocksmith-demo.firebaseapp.com',
          projectId: 'blocksmith-demo',
        },
      });
      expect(JSON.stringify(answer)).not.toContain('sk_test_secret');
    } finally {
      await test.close();
    }
  });
});
