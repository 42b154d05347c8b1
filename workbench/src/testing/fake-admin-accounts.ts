/* The admin users page's part of the fake API (not used by the app). */
import { PLANS, type PlanId } from '@blocksmith/schema';
import type { AdminAccountsApi, AdminAction, AdminUser, AdminUserDetail } from '../api/admin-accounts';
import { ApiError } from '../api/blocksmith-api';

export function adminUser(overrides: Partial<AdminUser> & { id: string; email: string }): AdminUser {
  return {
    fullName: '',
    plan: 'free',
    credits: 50,
    unlimited: false,
    apps: 0,
    publishedApps: 0,
    isAdmin: false,
    createdAt: '2025-03-01T10:00:00.000Z',
    lastSignInAt: null,
    suspendedAt: null,
    ...overrides,
  };
}

/**
 * Accounts kept in memory, newest first, paged two at a time (the cursor is the id of a page's last
 * account); every change is recorded as an admin action by `admin@example.com`, newest first.
 */
export class FakeAdminAccounts implements AdminAccountsApi {
  users: AdminUser[] = [];
  actions: AdminAction[] = [];
  queries: Array<{ query: string; cursor: string | null }> = [];
  /** The next call of that name fails with this error. */
  failNext: Partial<Record<keyof AdminAccountsApi, Error>> = {};
  private nextAction = 1;
  pageSize = 2;

  private check(name: keyof AdminAccountsApi): void {
    const error = this.failNext[name];
    if (error) {
      delete this.failNext[name];
      throw error;
    }
  }

  private find(id: string): AdminUser {
    const user = this.users.find((candidate) => candidate.id === id);
    if (!user) throw new ApiError('There is no such account.', 'NOT_FOUND');
    return user;
  }

  private record(
    user: AdminUser,
    action: AdminAction['action'],
    before: object,
    after: object,
    reason: string | null,
  ) {
    this.actions.unshift({
      id: `action-${this.nextAction++}`,
      action,
      adminId: 'user-admin',
      adminEmail: 'admin@example.com',
      userId: user.id,
      userEmail: user.email,
      before: { ...before },
      after: { ...after },
      reason,
      createdAt: new Date(Date.UTC(2025, 2, 1, 10, this.nextAction)).toISOString(),
    });
  }

  async adminUsers(query: string, cursor: string | null) {
    this.check('adminUsers');
    this.queries.push({ query, cursor });
    const q = query.toLowerCase();
    const matching = this.users.filter(
      (user) => user.email.toLowerCase().includes(q) || user.fullName.toLowerCase().includes(q),
    );
    const start = cursor === null ? 0 : matching.findIndex((user) => user.id === cursor) + 1;
    const users = matching.slice(start, start + this.pageSize).map((user) => ({ ...user }));
    return { users, nextCursor: start + this.pageSize < matching.length ? users.at(-1)!.id : null };
  }

  async adminUser(id: string): Promise<AdminUserDetail> {
    this.check('adminUser');
    const user = this.find(id);
    return {
      ...user,
      recentRuns: [],
      earnings: { balance: 0, total: 0, paidOut: 0 },
      actions: this.actions.filter((action) => action.userId === id),
    };
  }

  async adminActions(cursor: string | null, userId: string | null = null) {
    this.check('adminActions');
    const list = this.actions.filter((action) => !userId || action.userId === userId);
    const start = cursor === null ? 0 : list.findIndex((action) => action.id === cursor) + 1;
    const actions = list.slice(start, start + 25);
    return { actions, nextCursor: start + 25 < list.length ? actions.at(-1)!.id : null };
  }

  async setUserPlan(userId: string, plan: PlanId) {
    this.check('setUserPlan');
    const user = this.find(userId);
    if (user.plan === plan)
      throw new ApiError(`This account is already on the ${PLANS[plan].name} plan.`, 'CONFLICT');
    const before = { plan: user.plan, credits: user.credits };
    Object.assign(user, { plan, unlimited: plan === 'enterprise' });
    this.record(user, 'plan', before, { plan, credits: user.credits }, null);
    return { ...user };
  }

  async adjustUserCredits(userId: string, amount: number, reason: string) {
    this.check('adjustUserCredits');
    const user = this.find(userId);
    if (user.credits + amount < 0)
      throw new ApiError('This would take the balance below zero.', 'BAD_USER_INPUT');
    const before = { credits: user.credits };
    user.credits += amount;
    this.record(user, 'credits', before, { credits: user.credits }, reason);
    return { ...user };
  }

  async suspendUser(userId: string, reason: string | null) {
    this.check('suspendUser');
    const user = this.find(userId);
    user.suspendedAt = '2025-03-02T09:00:00.000Z';
    this.record(user, 'suspend', { suspended: false }, { suspended: true }, reason);
    return { ...user };
  }

  async unsuspendUser(userId: string) {
    this.check('unsuspendUser');
    const user = this.find(userId);
    user.suspendedAt = null;
    this.record(user, 'unsuspend', { suspended: true }, { suspended: false }, null);
    return { ...user };
  }
}
