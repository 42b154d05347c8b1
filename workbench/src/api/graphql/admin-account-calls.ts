import type {
  AdminAccountsApi,
  AdminActionPage,
  AdminUser,
  AdminUserDetail,
  AdminUserPage,
} from '../admin-accounts';
import {
  AdjustUserCreditsDocument,
  AdminActionsDocument,
  AdminUserDocument,
  AdminUsersDocument,
  SetUserPlanDocument,
  SuspendUserDocument,
  UnsuspendUserDocument,
} from '../generated/graphql';
import type { GraphQLTransport } from './graphql-transport';

/** The admin users page: accounts, what admins did to them, plans, credits and suspensions. */
export class AdminAccountCalls implements AdminAccountsApi {
  constructor(private readonly transport: GraphQLTransport) {}

  async adminUsers(query: string, cursor: string | null): Promise<AdminUserPage> {
    return (await this.transport.query(AdminUsersDocument, { query, cursor })).adminUsers;
  }

  async adminUser(id: string): Promise<AdminUserDetail> {
    return (await this.transport.query(AdminUserDocument, { id })).adminUser;
  }

  async adminActions(cursor: string | null, userId: string | null = null): Promise<AdminActionPage> {
    return (await this.transport.query(AdminActionsDocument, { cursor, userId })).adminActions;
  }

  async setUserPlan(userId: string, plan: string): Promise<AdminUser> {
    return (await this.transport.mutate(SetUserPlanDocument, { userId, plan })).setUserPlan;
  }

  async adjustUserCredits(userId: string, amount: number, reason: string): Promise<AdminUser> {
    const variables = { userId, amount, reason };
    return (await this.transport.mutate(AdjustUserCreditsDocument, variables)).adjustUserCredits;
  }

  async suspendUser(userId: string, reason: string | null): Promise<AdminUser> {
    return (await this.transport.mutate(SuspendUserDocument, { userId, reason })).suspendUser;
  }

  async unsuspendUser(userId: string): Promise<AdminUser> {
    return (await this.transport.mutate(UnsuspendUserDocument, { userId })).unsuspendUser;
  }
}
