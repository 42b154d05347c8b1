import type { PlanId } from '@blocksmith/schema';

/** What the accounts service hands out, shaped like the hosted auth service the workbench expects. */

/** The current time; tests pass one they control. */
export type Clock = () => Date;

export interface AuthUserMetadata {
  full_name: string;
  /** True when the account's e-mail is listed in ADMIN_EMAILS. */
  isAdmin: boolean;
}

export interface AuthUser {
  id: string;
  /** Trimmed and lower-cased. */
  email: string;
  user_metadata: AuthUserMetadata;
}

export interface SessionTokens {
  /** Short-lived HS256 JWT; send it as `Authorization: Bearer <access_token>`. */
  access_token: string;
  /** Single use: `refresh()` trades it for a new pair. */
  refresh_token: string;
  /** When the access token stops working, in unix seconds. */
  expires_at: number;
  /** Seconds the access token lives from issue (900). */
  expires_in: number;
  token_type: 'bearer';
}

export interface AuthResult {
  user: AuthUser;
  session: SessionTokens;
  /** Sign-up only: a confirmation mail went out (an ADMIN_EMAILS address; admin rights wait for it). */
  confirmationMailSent?: boolean;
}

/** Who is calling, for the GraphQL context. */
export interface Caller {
  userId: string;
  email: string;
  isAdmin: boolean;
  /** The sign-in this call belongs to; stays the same across refreshes, ends with sign-out. */
  sessionId: string;
}

/**
 * The plan a new account starts on, and how it was set (`users.plan_set_by`): DEFAULT_PLAN's
 * plan marked `default`, or Free unmarked.
 */
export interface NewAccountPlan {
  plan: PlanId;
  setBy: 'default' | null;
}

export const FREE_NEW_ACCOUNT: NewAccountPlan = { plan: 'free', setBy: null };
