import { gql } from '@apollo/client';
import type { AdminActionKind, PlanId } from '@blocksmith/schema';

/** An account as the admin users page lists it. */
export interface AdminUser {
  id: string;
  email: string;
  fullName: string;
  plan: PlanId;
  credits: number;
  unlimited: boolean;
  apps: number;
  publishedApps: number;
  isAdmin: boolean;
  /** ISO times; null when it never happened. */
  createdAt: string;
  lastSignInAt: string | null;
  suspendedAt: string | null;
}

export interface AdminUserPage {
  users: AdminUser[];
  nextCursor: string | null;
}

export interface AdminRun {
  id: string;
  appId: string;
  /** Empty once the app is deleted. */
  appName: string;
  status: string;
  cost: number;
  createdAt: string;
  finishedAt: string | null;
}

/** One thing an admin did to an account, with the account before and after. */
export interface AdminAction {
  id: string;
  action: AdminActionKind;
  adminId: string | null;
  adminEmail: string;
  userId: string | null;
  userEmail: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reason: string | null;
  createdAt: string;
}

export interface AdminActionPage {
  actions: AdminAction[];
  nextCursor: string | null;
}

export interface AdminUserDetail extends AdminUser {
  recentRuns: AdminRun[];
  earnings: { balance: number; total: number; paidOut: number };
  actions: AdminAction[];
}

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

const USER_FIELDS = gql`
  fragment AdminUserFields on AdminUser {
    id
    email
    fullName
    plan
    credits
    unlimited
    apps
    publishedApps
    isAdmin
    createdAt
    lastSignInAt
    suspendedAt
  }
`;

const ACTION_FIELDS = gql`
  fragment AdminActionFields on AdminAction {
    id
    action
    adminId
    adminEmail
    userId
    userEmail
    before
    after
    reason
    createdAt
  }
`;

export const ADMIN_USERS = gql`
  query AdminUsers($query: String, $cursor: String) {
    adminUsers(query: $query, cursor: $cursor) {
      users {
        ...AdminUserFields
      }
      nextCursor
    }
  }
  ${USER_FIELDS}
`;

export const ADMIN_USER = gql`
  query AdminUser($id: ID!) {
    adminUser(id: $id) {
      id
      email
      fullName
      plan
      credits
      unlimited
      apps
      publishedApps
      isAdmin
      createdAt
      lastSignInAt
      suspendedAt
      recentRuns {
        id
        appId
        appName
        status
        cost
        createdAt
        finishedAt
      }
      earnings {
        balance
        total
        paidOut
      }
      actions {
        ...AdminActionFields
      }
    }
  }
  ${ACTION_FIELDS}
`;

export const ADMIN_ACTIONS = gql`
  query AdminActions($userId: ID, $cursor: String) {
    adminActions(userId: $userId, cursor: $cursor) {
      actions {
        ...AdminActionFields
      }
      nextCursor
    }
  }
  ${ACTION_FIELDS}
`;

export const SET_USER_PLAN = gql`
  mutation SetUserPlan($userId: ID!, $plan: String!) {
    setUserPlan(userId: $userId, plan: $plan) {
      ...AdminUserFields
    }
  }
  ${USER_FIELDS}
`;

export const ADJUST_USER_CREDITS = gql`
  mutation AdjustUserCredits($userId: ID!, $amount: Int!, $reason: String!) {
    adjustUserCredits(userId: $userId, amount: $amount, reason: $reason) {
      ...AdminUserFields
    }
  }
  ${USER_FIELDS}
`;

export const SUSPEND_USER = gql`
  mutation SuspendUser($userId: ID!, $reason: String) {
    suspendUser(userId: $userId, reason: $reason) {
      ...AdminUserFields
    }
  }
  ${USER_FIELDS}
`;

export const UNSUSPEND_USER = gql`
  mutation UnsuspendUser($userId: ID!) {
    unsuspendUser(userId: $userId) {
      ...AdminUserFields
    }
  }
  ${USER_FIELDS}
`;
