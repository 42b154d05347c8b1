import { startTestGateway } from '../testing/graphql-client';

jest.setTimeout(60_000);

const QUERY =
  '{ serverInfo { authProvider billingEnabled planContact firebase { apiKey authDomain projectId authEmulatorUrl } } }';

describe('serverInfo', () => {
  it('says the defaults: local accounts, no billing, no Google sign-in', async () => {
    const test = await startTestGateway();
    try {
      expect((await test.graphql(QUERY)).data!.serverInfo).toEqual({
        authProvider: 'local',
        billingEnabled: false,
        planContact: null,
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
        planContact: null,
        firebase: {
          apiKey: 'web-key-123',
          authDomain: 'blocksmith-demo.firebaseapp.com',
          projectId: 'blocksmith-demo',
          authEmulatorUrl: null,
        },
      });
      expect(JSON.stringify(answer)).not.toContain('sk_test_secret');
    } finally {
      await test.close();
    }
  });

  // Three gateways start and stop one after another: on a busy machine that takes minutes.
  it('tells signed-in people whom to ask for a plan where there is no billing: SALES_EMAIL, else the first admin', async () => {
    const PLAN_CONTACT = '{ serverInfo { billingEnabled planContact } }';
    const test = await startTestGateway({ ADMIN_EMAILS: 'root@example.com, ops@example.com' });
    try {
      const token = await test.signUp('ann@example.com');
      expect((await test.graphql(PLAN_CONTACT, {}, token)).data!.serverInfo).toEqual({
        billingEnabled: false,
        planContact: 'root@example.com',
      });
      // Visitors are not given an address.
      expect((await test.graphql(PLAN_CONTACT)).data!.serverInfo.planContact).toBeNull();
    } finally {
      await test.close();
    }
    const sales = await startTestGateway({
      ADMIN_EMAILS: 'root@example.com',
      SALES_EMAIL: 'plans@example.com',
    });
    try {
      const token = await sales.signUp('bob@example.com');
      expect((await sales.graphql(PLAN_CONTACT, {}, token)).data!.serverInfo.planContact).toBe(
        'plans@example.com',
      );
    } finally {
      await sales.close();
    }
    // With billing, plans are bought: nobody needs asking.
    const billed = await startTestGateway({
      ADMIN_EMAILS: 'root@example.com',
      STRIPE_SECRET_KEY: 'sk_test_x',
    });
    try {
      const token = await billed.signUp('cy@example.com');
      expect((await billed.graphql(PLAN_CONTACT, {}, token)).data!.serverInfo.planContact).toBeNull();
    } finally {
      await billed.close();
    }
  }, 240_000);

  it('points the browser at the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set', async () => {
    const test = await startTestGateway({
      AUTH_PROVIDER: 'firebase',
      FIREBASE_PROJECT_ID: 'demo-blocksmith',
      FIREBASE_API_KEY: 'any',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    try {
      expect((await test.graphql(QUERY)).data!.serverInfo.firebase).toEqual({
        apiKey: 'any',
        authDomain: 'demo-blocksmith.firebaseapp.com',
        projectId: 'demo-blocksmith',
        authEmulatorUrl: 'http://127.0.0.1:9099',
      });
    } finally {
      await test.close();
    }
  });

  it('refuses an emulator host that is not host:port', async () => {
    await expect(
      startTestGateway({
        AUTH_PROVIDER: 'firebase',
        FIREBASE_PROJECT_ID: 'demo-blocksmith',
        FIREBASE_AUTH_EMULATOR_HOST: 'localhost',
      }),
    ).rejects.toThrow('FIREBASE_AUTH_EMULATOR_HOST must be host:port');
  });
});
