import { isPlanId, type AdminActionKind, type PlanId } from '@blocksmith/schema';
import { isUnlimitedPlan } from '../credits/unlimited-plan';

/** An account as the admin users page lists it. */
export interface AdminUserView {
  id: string;
  email: string;
  fullName: string;
  plan: PlanId;
  /** The credit balance (an unlimited plan's runs never lower it). */
  credits: number;
  unlimited: boolean;
  /** Apps the account owns, and how many of them are published. */
  apps: number;
  publishedApps: number;
  isAdmin: boolean;
  createdAt: string;
  lastSignInAt: string | null;
  /** When an admin suspended it; null while it is not suspended. */
  suspendedAt: string | null;
}

/** One of an account's recent runs, for the admin's look at it. */
export interface AdminRunView {
  id: string;
  appId: string;
  /** The app's name, or '' when it has been deleted. */
  appName: string;
  status: string;
  cost: number;
  createdAt: string;
  finishedAt: string | null;
}

/** What an account earned from other people's runs of its apps (see services/earnings). */
export interface AdminEarningsView {
  /** Earned credits not paid out yet. */
  balance: number;
  /** Every credit ever earned. */
  total: number;
  /** Credits paid out to the account's Stripe account. */
  paidOut: number;
}

/** One recorded admin action. */
export interface AdminActionView {
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

export interface AdminUserDetail extends AdminUserView {
  recentRuns: AdminRunView[];
  earnings: AdminEarningsView;
  /** What admins did to this account, newest first. */
  actions: AdminActionView[];
}

type Row = Record<string, unknown>;

function iso(value: unknown): string {
  return new Date(value as string | Date).toISOString();
}

function isoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : iso(value);
}

/** An account row (see ACCOUNT_COLUMNS) as the admin sees it. */
export function toAdminUser(row: Row, adminEmails: ReadonlySet<string>): AdminUserView {
  const plan: PlanId = isPlanId(row.plan) ? row.plan : 'free';
  const email = String(row.email);
  return {
    id: String(row.id),
    email,
    fullName: String(row.full_name ?? ''),
    plan,
    credits: Number(row.credits ?? 0),
    unlimited: isUnlimitedPlan(plan),
    apps: Number(row.apps ?? 0),
    publishedApps: Number(row.published_apps ?? 0),
    // The same rule as sign-in: a listed address, proven by its mail.
    isAdmin: row.email_confirmed_at !== null && adminEmails.has(email),
    createdAt: iso(row.created_at),
    lastSignInAt: isoOrNull(row.last_sign_in_at),
    suspendedAt: isoOrNull(row.suspended_at),
  };
}

export function toAdminRun(row: Row): AdminRunView {
  return {
    id: String(row.id),
    appId: String(row.app_id),
    appName: String(row.app_name ?? ''),
    status: String(row.status),
    cost: Number(row.cost),
    createdAt: iso(row.created_at),
    finishedAt: isoOrNull(row.finished_at),
  };
}

export function toAdminAction(row: Row): AdminActionView {
  const json = (value: unknown) =>
    (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>;
  return {
    id: String(row.id),
    action: row.action as AdminActionKind,
    adminId: (row.admin_id as string | null) ?? null,
    adminEmail: String(row.admin_email),
    userId: (row.user_id as string | null) ?? null,
    userEmail: String(row.user_email),
    before: json(row.before),
    after: json(row.after),
    reason: (row.reason as string | null) ?? null,
    createdAt: iso(row.created_at),
  };
}

/** The columns `toAdminUser` reads, for `FROM users u LEFT JOIN credit_balances b`. */
export const ACCOUNT_COLUMNS = `u.id, u.email, u.full_name, u.plan, u.created_at, u.last_sign_in_at,
  u.suspended_at, u.email_confirmed_at, COALESCE(b.balance, 0) AS credits,
  (SELECT count(*)::int FROM apps a WHERE a.owner_id = u.id) AS apps,
  (SELECT count(*)::int FROM apps a WHERE a.owner_id = u.id AND a.is_published) AS published_apps`;
