import { randomUUID } from 'node:crypto';
import {
  PLANS,
  adminReasonProblem,
  creditAdjustmentProblem,
  isPlanId,
  type AdminActionKind,
} from '@blocksmith/schema';
import type { DataSource, EntityManager } from 'typeorm';
import { ConflictError, ForbiddenError, InputError, NotFoundError } from '../../errors';
import { isUuid } from '../../ids';
import { adjustCredits, type CreditLedger } from '../credits';
import { decodePageEnd, encodePageEnd, exactTime } from '../../data/page-cursor';
import {
  ACCOUNT_COLUMNS,
  toAdminAction,
  toAdminRun,
  toAdminUser,
  type AdminActionView,
  type AdminEarningsView,
  type AdminUserDetail,
  type AdminUserView,
} from './admin-views';

/** Who is asking: only admins get anything. */
export interface AdminCaller {
  userId: string;
  email: string;
  isAdmin: boolean;
}

export interface AdminAccountsDeps {
  dataSource: DataSource;
  /** Plan changes bring the new plan's credits through the ledger, in the same transaction. */
  ledger: Pick<CreditLedger, 'grantPlanChange'>;
  /** ADMIN_EMAILS, lower-cased: which accounts are admins (once their address is proven). */
  adminEmails: ReadonlySet<string>;
  /** Ends a suspended account's sign-ins (the gateway's own accounts). */
  accounts: {
    endSignInsIn(tx: EntityManager, userId: string): Promise<void>;
    signInsEnded(): void;
  };
  /** Forgets what the sign-in provider remembers of a suspended account's tokens (Firebase). */
  auth?: { forget?(userId: string): void };
  /** A suspension or its end changes what the store shows. */
  apps: { storeChanged(): void };
  /** An account's earnings, for its detail. */
  earnings?: { summaryFor(userId: string): Promise<AdminEarningsView> };
  clock?: () => Date;
}

export const ADMIN_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
const MAX_QUERY = 200;
const RECENT_RUNS = 10;
const RECENT_ACTIONS = 20;
const ONLY_ADMINS = 'Only admins may manage accounts.';
const NO_SUCH_ACCOUNT = 'There is no such account.';

type Row = Record<string, unknown>;

/** `%text%` for ILIKE, with the pattern characters in `text` matched literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function pageSize(limit: number | null | undefined): number {
  const size = limit ?? ADMIN_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new InputError(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.`, { field: 'limit' });
  }
  return size;
}

/**
 * What admins do to accounts: find them (by e-mail or name), look at one (plan, credits, apps,
 * last sign-in, recent runs, earnings), move it to another plan (Enterprise is granted this way
 * after a sales contact), give or take credits (a ledger entry, never below zero), suspend it and
 * lift the suspension. Every change is recorded in `admin_actions` in the same transaction: who,
 * to whom, when, the state before and after, and the reason given.
 */
export class AdminAccountsService {
  private readonly clock: () => Date;

  constructor(private readonly deps: AdminAccountsDeps) {
    this.clock = deps.clock ?? (() => new Date());
  }

  /** Accounts, newest first, whose e-mail or name contains `query` (all of them when it is empty). */
  async listUsers(
    caller: AdminCaller,
    options: { query?: string | null; cursor?: string | null; limit?: number | null } = {},
  ): Promise<{ users: AdminUserView[]; nextCursor: string | null }> {
    this.requireAdmin(caller);
    const query = (options.query ?? '').trim();
    if (query.length > MAX_QUERY) {
      throw new InputError(`query must be at most ${MAX_QUERY} characters.`, { field: 'query' });
    }
    const size = pageSize(options.limit);
    const after = options.cursor ? decodePageEnd(options.cursor) : null;
    const parameters: unknown[] = [size + 1];
    const conditions: string[] = [];
    if (query !== '') {
      parameters.push(containing(query));
      const at = `$${parameters.length}`;
      conditions.push(`(u.email ILIKE ${at} ESCAPE '\\' OR u.full_name ILIKE ${at} ESCAPE '\\')`);
    }
    if (after) {
      parameters.push(after.at, after.id);
      conditions.push(
        `(u.created_at, u.id) < ($${parameters.length - 1}::timestamptz, $${parameters.length}::uuid)`,
      );
    }
    const rows = (await this.deps.dataSource.query(
      `SELECT ${ACCOUNT_COLUMNS}, ${exactTime('u.created_at')} AS page_at
         FROM users u LEFT JOIN credit_balances b ON b.user_id = u.id
        ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY u.created_at DESC, u.id DESC LIMIT $1`,
      parameters,
    )) as Row[];
    const page = rows.slice(0, size);
    const last = page.at(-1);
    return {
      users: page.map((row) => toAdminUser(row, this.deps.adminEmails)),
      nextCursor:
        rows.length > size && last ? encodePageEnd({ at: String(last.page_at), id: String(last.id) }) : null,
    };
  }

  /** One account with its recent runs, its earnings and what admins did to it. */
  async user(caller: AdminCaller, userId: string): Promise<AdminUserDetail> {
    this.requireAdmin(caller);
    const view = await this.view(this.deps.dataSource.manager, userId);
    const [runs, actions, earnings] = await Promise.all([
      this.deps.dataSource.query(
        `SELECT r.id, r.app_id, a.name AS app_name, r.status, r.cost, r.created_at, r.finished_at
           FROM runs r LEFT JOIN apps a ON a.id = r.app_id
          WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT ${RECENT_RUNS}`,
        [view.id],
      ) as Promise<Row[]>,
      this.deps.dataSource.query(
        `SELECT * FROM admin_actions WHERE user_id = $1 ORDER BY created_at DESC, id DESC
          LIMIT ${RECENT_ACTIONS}`,
        [view.id],
      ) as Promise<Row[]>,
      this.deps.earnings?.summaryFor(view.id) ?? Promise.resolve({ balance: 0, total: 0, paidOut: 0 }),
    ]);
    return { ...view, recentRuns: runs.map(toAdminRun), earnings, actions: actions.map(toAdminAction) };
  }

  /**
   * Moves the account to `plan` (Enterprise after a sales contact, or back). A move up brings the
   * new plan's credits at once, as a paid upgrade does; any end date of a cancelled subscription
   * is cleared, so the plan the admin chose stays.
   */
  async setPlan(caller: AdminCaller, userId: string, plan: string): Promise<AdminUserView> {
    this.requireAdmin(caller);
    if (!isPlanId(plan)) {
      throw new InputError('plan must be free, starter or enterprise.', { field: 'plan' });
    }
    const view = await this.changing(caller, userId, 'plan', async (tx, account) => {
      if (account.plan === plan) {
        throw new ConflictError(`This account is already on the ${PLANS[plan].name} plan.`);
      }
      // Marked as an admin's choice: DEFAULT_PLAN never changes it (services/billing/default-plan.ts).
      await tx.query(`UPDATE users SET plan = $2, plan_ends_at = NULL, plan_set_by = 'admin' WHERE id = $1`, [
        account.id,
        plan,
      ]);
      const upgrade = PLANS[plan].monthlyCredits > PLANS[account.plan].monthlyCredits;
      if (upgrade) await this.deps.ledger.grantPlanChange(tx, account.id, plan);
      const after = await this.view(tx, account.id);
      return {
        before: { plan: account.plan, credits: account.credits },
        after: { plan: after.plan, credits: after.credits },
        reason: null,
      };
    });
    // A plan decides what the person's apps cost others and which of their apps others may run.
    this.deps.apps.storeChanged();
    return view;
  }

  /** Gives credits (or takes some back) with a reason, as one ledger entry; never below zero. */
  async adjustCredits(
    caller: AdminCaller,
    userId: string,
    amount: number,
    reason: string,
  ): Promise<AdminUserView> {
    this.requireAdmin(caller);
    const amountProblem = creditAdjustmentProblem(amount);
    if (amountProblem) throw new InputError(amountProblem, { field: 'amount' });
    const reasonProblem = adminReasonProblem(reason);
    if (reasonProblem) throw new InputError(reasonProblem, { field: 'reason' });
    return this.changing(caller, userId, 'credits', async (tx, account) => {
      const { before, after } = await adjustCredits(tx, { userId: account.id, amount, at: this.clock() });
      return { before: { credits: before }, after: { credits: after }, reason: reason.trim() };
    });
  }

  /**
   * Suspends the account: every sign-in ends at once, it cannot sign in again or run anything with
   * its API keys, and its published apps leave the store (their pages and runs too) until the
   * suspension is lifted. An admin cannot suspend their own account.
   */
  async suspend(caller: AdminCaller, userId: string, reason?: string | null): Promise<AdminUserView> {
    this.requireAdmin(caller);
    const why = reason?.trim() || null;
    if (why !== null) {
      const problem = adminReasonProblem(why);
      if (problem) throw new InputError(problem, { field: 'reason' });
    }
    if (userId === caller.userId) throw new InputError('You cannot suspend your own account.');
    const view = await this.changing(caller, userId, 'suspend', async (tx, account) => {
      if (account.suspendedAt) throw new ConflictError('This account is already suspended.');
      await tx.query('UPDATE users SET suspended_at = $2 WHERE id = $1', [account.id, this.clock()]);
      await this.deps.accounts.endSignInsIn(tx, account.id);
      return { before: { suspended: false }, after: { suspended: true }, reason: why };
    });
    this.deps.accounts.signInsEnded();
    this.deps.auth?.forget?.(view.id);
    this.deps.apps.storeChanged();
    return view;
  }

  /** Lifts a suspension: the person may sign in again and their published apps return to the store. */
  async unsuspend(caller: AdminCaller, userId: string): Promise<AdminUserView> {
    this.requireAdmin(caller);
    const view = await this.changing(caller, userId, 'unsuspend', async (tx, account) => {
      if (!account.suspendedAt) throw new ConflictError('This account is not suspended.');
      await tx.query('UPDATE users SET suspended_at = NULL WHERE id = $1', [account.id]);
      return { before: { suspended: true }, after: { suspended: false }, reason: null };
    });
    this.deps.apps.storeChanged();
    return view;
  }

  /** What admins did, newest first (to one account when `userId` is given). */
  async actions(
    caller: AdminCaller,
    options: { userId?: string | null; cursor?: string | null; limit?: number | null } = {},
  ): Promise<{ actions: AdminActionView[]; nextCursor: string | null }> {
    this.requireAdmin(caller);
    const size = pageSize(options.limit);
    const parameters: unknown[] = [size + 1];
    const conditions: string[] = [];
    if (options.userId) {
      if (!isUuid(options.userId)) throw new NotFoundError(NO_SUCH_ACCOUNT);
      parameters.push(options.userId);
      conditions.push(`user_id = $${parameters.length}`);
    }
    if (options.cursor) {
      const after = decodePageEnd(options.cursor);
      parameters.push(after.at, after.id);
      conditions.push(
        `(created_at, id) < ($${parameters.length - 1}::timestamptz, $${parameters.length}::uuid)`,
      );
    }
    const rows = (await this.deps.dataSource.query(
      `SELECT *, ${exactTime('created_at')} AS page_at FROM admin_actions
        ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
        ORDER BY created_at DESC, id DESC LIMIT $1`,
      parameters,
    )) as Row[];
    const page = rows.slice(0, size);
    const last = page.at(-1);
    return {
      actions: page.map(toAdminAction),
      nextCursor:
        rows.length > size && last ? encodePageEnd({ at: String(last.page_at), id: String(last.id) }) : null,
    };
  }

  private requireAdmin(caller: AdminCaller): void {
    if (!caller.isAdmin) throw new ForbiddenError(ONLY_ADMINS);
  }

  /** The account as the admin sees it, read in `manager`'s transaction. */
  private async view(manager: EntityManager, userId: string): Promise<AdminUserView> {
    if (!isUuid(userId)) throw new NotFoundError(NO_SUCH_ACCOUNT);
    const [row] = (await manager.query(
      `SELECT ${ACCOUNT_COLUMNS} FROM users u LEFT JOIN credit_balances b ON b.user_id = u.id WHERE u.id = $1`,
      [userId],
    )) as Row[];
    if (!row) throw new NotFoundError(NO_SUCH_ACCOUNT);
    return toAdminUser(row, this.deps.adminEmails);
  }

  /**
   * One change to an account and its record, in one transaction: the account row is locked first
   * (changes to one account take turns), `change` decides and writes, and the action is recorded
   * with the state before and after. Answers the account as it is afterwards.
   */
  private async changing(
    caller: AdminCaller,
    userId: string,
    action: AdminActionKind,
    change: (
      tx: EntityManager,
      account: AdminUserView,
    ) => Promise<{ before: Record<string, unknown>; after: Record<string, unknown>; reason: string | null }>,
  ): Promise<AdminUserView> {
    if (!isUuid(userId)) throw new NotFoundError(NO_SUCH_ACCOUNT);
    return this.deps.dataSource.transaction(async (tx) => {
      const locked = (await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId])) as Row[];
      if (locked.length === 0) throw new NotFoundError(NO_SUCH_ACCOUNT);
      const account = await this.view(tx, userId);
      const { before, after, reason } = await change(tx, account);
      await tx.query(
        `INSERT INTO admin_actions (id, admin_id, admin_email, user_id, user_email, action, before, after,
                                    reason, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10)`,
        [
          randomUUID(),
          caller.userId,
          caller.email,
          account.id,
          account.email,
          action,
          JSON.stringify(before),
          JSON.stringify(after),
          reason,
          this.clock(),
        ],
      );
      return this.view(tx, userId);
    });
  }
}
