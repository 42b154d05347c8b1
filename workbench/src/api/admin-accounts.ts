import type { PlanId } from '@blocksmith/schema';
import type {
  AdminActionFieldsFragment,
  AdminActionsQuery,
  AdminUserFieldsFragment,
  AdminUserQuery,
  AdminUsersQuery,
} from './generated/graphql';
/** An account as the admin users page lists it. */
export type AdminUser = AdminUserFieldsFragment;

export type AdminUserPage = AdminUsersQuery['adminUsers'];

export type AdminRun = AdminUserDetail['recentRuns'][number];

/** One thing an admin did to an account, with the account before and after. */
export type AdminAction = AdminActionFieldsFragment;

export type AdminActionPage = AdminActionsQuery['adminActions'];

export type AdminUserDetail = AdminUserQuery['adminUser'];

/** What the admin users page asks the gateway (admins only; everyone else is refused). */
export interface AdminAccountsApi {
  adminUsers(query: string, cursor: string | null): Promise<AdminUserPage>;
  adminUser(id: string): Promise<AdminUserDetail>;
  adminActions(cursor: string | null, userId?: string | null): Promise<AdminActionPage>;
  setUserPlan(userId: string, plan: PlanId): Promise<AdminUser>;
  adjustUserCredits(userId: string, amount: number, reason: string): Promise<AdminUser>;
  suspendUser(userId: string, reason: string | null): Promise<AdminUser>;
  unsuspendUser(userId: string): Promise<AdminUser>;
}
