import { ApiError } from '../api/blocksmith-api';
import { adminUser } from '../testing/fake-admin-accounts';
import { AdminUsersStore } from './admin-users-store';
import { ADA, FakeApi, manualTimers, memoryStorage, restoredSession } from '../testing/fake-api';
import { ToastStore } from './toast-store';

const ADMIN = { ...ADA, user_metadata: { full_name: 'Ada Lovelace', isAdmin: true } };

async function setup({ admin = true } = {}) {
  const api = new FakeApi();
  api.meAnswer = admin ? ADMIN : ADA;
  api.accounts.users = [
    adminUser({ id: 'u-cora', email: 'cora@example.com', fullName: 'Cora Customer', credits: 50 }),
    adminUser({ id: 'u-dan', email: 'dan@example.com', fullName: 'Dan Dev', plan: 'starter', credits: 500 }),
    adminUser({ id: 'u-eve', email: 'eve@example.com', fullName: 'Eve', credits: 3 }),
    adminUser({ id: ADA.id, email: ADA.email, fullName: 'Ada Lovelace', isAdmin: true }),
  ];
  const session = await restoredSession(api, memoryStorage());
  const toasts = new ToastStore(manualTimers());
  const store = new AdminUsersStore(api, session, toasts);
  return { api, store, toasts };
}

describe('AdminUsersStore', () => {
  it('opens for admins with the newest accounts and the log, a page at a time', async () => {
    const { store } = await setup();
    await store.open();
    expect(store.gate.access).toBe('admin');
    expect(store.users.map((user) => user.id)).toEqual(['u-cora', 'u-dan']);
    expect(store.state).toBe('ready');
    await store.loadMore();
    expect(store.users.map((user) => user.id)).toEqual(['u-cora', 'u-dan', 'u-eve', ADA.id]);
    expect(store.nextCursor).toBeNull();
    expect(store.actionsState).toBe('ready');
  });

  it('refuses everyone else before asking for accounts', async () => {
    const { api, store } = await setup({ admin: false });
    await store.open();
    expect(store.gate.access).toBe('denied');
    expect(api.accounts.queries).toEqual([]);
  });

  it('searches by what is typed, trimmed', async () => {
    const { api, store } = await setup();
    await store.open();
    store.setQuery('  dan ');
    await store.search();
    expect(api.accounts.queries.at(-1)).toEqual({ query: 'dan', cursor: null });
    expect(store.users.map((user) => user.email)).toEqual(['dan@example.com']);
    expect(store.searched).toBe('dan');
  });

  it('closes the page when the gateway refuses the list', async () => {
    const { api, store } = await setup();
    api.accounts.failNext.adminUsers = new ApiError('Only admins may manage accounts.', 'FORBIDDEN');
    await store.open();
    expect(store.gate.access).toBe('denied');
  });

  it('moves an account to Enterprise, and the list, the drawer and the log follow', async () => {
    const { api, store, toasts } = await setup();
    await store.open();
    store.select(store.users[0]!);
    await store.loadDetail();
    expect(store.detail?.email).toBe('cora@example.com');
    expect(store.canChangePlan).toBe(false);
    store.setPlanChoice('enterprise');
    expect(store.canChangePlan).toBe(true);
    await store.changePlan();
    expect(api.accounts.users[0]!.plan).toBe('enterprise');
    expect(store.users[0]!.plan).toBe('enterprise');
    expect(store.detail?.plan).toBe('enterprise');
    expect(store.actions[0]).toMatchObject({
      action: 'plan',
      before: { plan: 'free' },
      after: { plan: 'enterprise' },
    });
    expect(toasts.toasts.at(-1)?.message).toContain('cora@example.com is now on the Enterprise plan.');
  });

  it('records credits only with a whole amount, a reason, and never below zero', async () => {
    const { api, store, toasts } = await setup();
    await store.open();
    store.select(api.accounts.users[2]!); // Eve, 3 credits
    await store.loadDetail();
    store.setAmount('-5');
    expect(store.amountProblem).toBe('The balance is 3: at most 3 can be taken back.');
    store.setAmount('2.5');
    expect(store.amountProblem).toMatch(/whole number/);
    store.setAmount('100');
    expect(store.amountProblem).toBe('');
    expect(store.canApplyCredits).toBe(false);
    store.setReason('Refund for an outage');
    expect(store.canApplyCredits).toBe(true);
    await store.applyCredits();
    expect(api.accounts.users[2]!.credits).toBe(103);
    expect(store.detail?.credits).toBe(103);
    expect([store.amount, store.reason]).toEqual(['', '']);
    expect(store.actions[0]).toMatchObject({ action: 'credits', reason: 'Refund for an outage' });
    expect(toasts.toasts.at(-1)?.message).toContain('Gave 100 credits to eve@example.com.');

    api.accounts.failNext.adjustUserCredits = new ApiError(
      'This would take the balance below zero.',
      'BAD_USER_INPUT',
    );
    store.setAmount('-1');
    store.setReason('x');
    await store.applyCredits();
    expect(toasts.toasts.at(-1)?.message).toContain('This would take the balance below zero.');
    expect(store.amount).toBe('-1');
  });

  it('suspends after a confirmation, lifts it, and never offers it on one’s own account', async () => {
    const { api, store } = await setup();
    await store.open();
    store.select(api.accounts.users[1]!);
    await store.loadDetail();
    store.askSuspend();
    expect(store.confirmingSuspend).toBe(true);
    store.setSuspendReason(' Chargeback ');
    await store.confirmSuspend();
    expect(api.accounts.users[1]!.suspendedAt).not.toBeNull();
    expect(store.confirmingSuspend).toBe(false);
    expect(store.detail?.suspendedAt).not.toBeNull();
    expect(store.actions[0]).toMatchObject({ action: 'suspend', reason: 'Chargeback' });
    await store.unsuspend();
    expect(store.detail?.suspendedAt).toBeNull();

    store.select(api.accounts.users[3]!);
    await store.loadDetail();
    expect(store.isOwnAccount).toBe(true);
    store.askSuspend();
    expect(store.confirmingSuspend).toBe(false);
  });
});
