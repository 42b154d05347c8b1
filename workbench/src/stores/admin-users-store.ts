import { PLAN_IDS, adminReasonProblem, creditAdjustmentProblem, type PlanId } from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { AdminAction, AdminUser, AdminUserDetail } from '../api/admin-accounts';
import { ApiError, errorMessage, type BlocksmithApi } from '../api/blocksmith-api';
import { ADMIN_USERS } from '../texts/admin-users-texts';
import { AdminGate } from './admin-store';
import type { SessionStore } from './session-store';
import type { ToastStore } from './toast-store';

export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';
/** The change under way in the account drawer. */
export type AccountChange = 'plan' | 'credits' | 'suspend' | 'unsuspend';

export { PLAN_IDS };

function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'FORBIDDEN' || error.code === 'UNAUTHENTICATED');
}

/**
 * /admin/users: accounts found by e-mail or name, a page at a time; one account in a drawer (plan,
 * credits, suspension, earnings, recent runs, what admins did to it); and the log of every admin
 * action. Admins only: anyone else is refused by the gate, and by the gateway.
 */
export class AdminUsersStore {
  readonly gate: AdminGate;
  /** What is typed in the search box. */
  query = '';
  /** The search the list shows. */
  searched = '';
  users: AdminUser[] = [];
  nextCursor: string | null = null;
  state: LoadState = 'idle';
  loadingMore = false;

  /** The account open in the drawer. */
  selectedId: string | null = null;
  detail: AdminUserDetail | null = null;
  detailState: LoadState = 'idle';
  planChoice: PlanId = 'free';
  /** The credits to give, as typed ('-20' takes 20 back). */
  amount = '';
  reason = '';
  busy: AccountChange | null = null;
  /** The suspension's confirmation is open. */
  confirmingSuspend = false;
  suspendReason = '';

  actions: AdminAction[] = [];
  actionsCursor: string | null = null;
  actionsState: LoadState = 'idle';
  private request = 0;

  constructor(
    private readonly api: BlocksmithApi,
    private readonly session: SessionStore,
    private readonly toasts: ToastStore,
  ) {
    this.gate = new AdminGate(api, session);
    makeObservable(this, {
      query: observable,
      searched: observable,
      users: observableRef,
      nextCursor: observable,
      state: observable,
      loadingMore: observable,
      selectedId: observable,
      detail: observableRef,
      detailState: observable,
      planChoice: observable,
      amount: observable,
      reason: observable,
      busy: observable,
      confirmingSuspend: observable,
      suspendReason: observable,
      actions: observableRef,
      actionsCursor: observable,
      actionsState: observable,
      amountNumber: computed,
      amountProblem: computed,
      reasonProblem: computed,
      canApplyCredits: computed,
      canChangePlan: computed,
      isOwnAccount: computed,
      setQuery: action,
      select: action,
      close: action,
      setPlanChoice: action,
      setAmount: action,
      setReason: action,
      askSuspend: action,
      cancelSuspend: action,
      setSuspendReason: action,
    });
  }

  /** Checks admin rights, then loads the newest accounts and the log. */
  async open(): Promise<void> {
    if ((await this.gate.check()) !== 'admin') return;
    await Promise.all([this.search(), this.loadActions()]);
  }

  setQuery(query: string): void {
    this.query = query;
  }

  /** The first page of accounts matching what is typed. */
  async search(): Promise<void> {
    const request = ++this.request;
    const query = this.query.trim();
    runInAction(() => {
      this.state = 'loading';
      this.searched = query;
    });
    try {
      const page = await this.api.adminUsers(query, null);
      if (request !== this.request) return;
      runInAction(() => {
        this.users = page.users;
        this.nextCursor = page.nextCursor;
        this.state = 'ready';
      });
    } catch (error) {
      if (request !== this.request) return;
      if (isForbidden(error)) this.gate.deny();
      runInAction(() => (this.state = 'failed'));
    }
  }

  async loadMore(): Promise<void> {
    if (!this.nextCursor || this.loadingMore) return;
    const request = this.request;
    runInAction(() => (this.loadingMore = true));
    try {
      const page = await this.api.adminUsers(this.searched, this.nextCursor);
      if (request !== this.request) return;
      runInAction(() => {
        this.users = [...this.users, ...page.users];
        this.nextCursor = page.nextCursor;
      });
    } catch (error) {
      this.toasts.error(errorMessage(error, ADMIN_USERS.loadFailed));
    } finally {
      runInAction(() => (this.loadingMore = false));
    }
  }

  /** Opens an account in the drawer. */
  select(user: AdminUser): void {
    this.selectedId = user.id;
    this.detail = null;
    this.planChoice = user.plan;
    this.amount = '';
    this.reason = '';
    this.confirmingSuspend = false;
    this.suspendReason = '';
    void this.loadDetail();
  }

  /** Closes the drawer; what it showed stays until the next account, so it closes without emptying. */
  close(): void {
    if (this.busy) return;
    this.selectedId = null;
    this.confirmingSuspend = false;
  }

  async loadDetail(): Promise<void> {
    const id = this.selectedId;
    if (!id) return;
    runInAction(() => (this.detailState = 'loading'));
    try {
      const detail = await this.api.adminUser(id);
      if (this.selectedId !== id) return;
      runInAction(() => {
        this.detail = detail;
        this.detailState = 'ready';
      });
    } catch (error) {
      if (this.selectedId !== id) return;
      if (isForbidden(error)) this.gate.deny();
      runInAction(() => (this.detailState = 'failed'));
    }
  }

  setPlanChoice(plan: PlanId): void {
    this.planChoice = plan;
  }

  get canChangePlan(): boolean {
    return this.detail !== null && this.busy === null && this.planChoice !== this.detail.plan;
  }

  async changePlan(): Promise<void> {
    const detail = this.detail;
    if (!detail || !this.canChangePlan) return;
    const plan = this.planChoice;
    await this.change(
      'plan',
      () => this.api.setUserPlan(detail.id, plan),
      (user) => ADMIN_USERS.planChanged(user.email, user.plan),
    );
  }

  setAmount(amount: string): void {
    this.amount = amount;
  }

  setReason(reason: string): void {
    this.reason = reason;
  }

  /** The typed amount as a number (NaN when it is not one). */
  get amountNumber(): number {
    return this.amount.trim() === '' ? Number.NaN : Number(this.amount.trim());
  }

  /** Why the typed amount cannot be recorded ('' while nothing is typed, or when it can). */
  get amountProblem(): string {
    if (this.amount.trim() === '') return '';
    const problem = creditAdjustmentProblem(this.amountNumber);
    if (problem) return problem;
    const detail = this.detail;
    if (detail && detail.credits + this.amountNumber < 0) {
      return `The balance is ${detail.credits}: at most ${detail.credits} can be taken back.`;
    }
    return '';
  }

  get reasonProblem(): string {
    return this.reason === '' ? '' : (adminReasonProblem(this.reason) ?? '');
  }

  get canApplyCredits(): boolean {
    return (
      this.detail !== null &&
      this.busy === null &&
      this.amount.trim() !== '' &&
      this.amountProblem === '' &&
      this.reason.trim() !== '' &&
      this.reasonProblem === ''
    );
  }

  async applyCredits(): Promise<void> {
    const detail = this.detail;
    if (!detail || !this.canApplyCredits) return;
    const amount = this.amountNumber;
    const reason = this.reason.trim();
    const done = await this.change(
      'credits',
      () => this.api.adjustUserCredits(detail.id, amount, reason),
      (user) => ADMIN_USERS.creditsChanged(amount, user.email),
    );
    if (done) {
      runInAction(() => {
        this.amount = '';
        this.reason = '';
      });
    }
  }

  /** The signed-in admin's own account (it cannot be suspended from here). */
  get isOwnAccount(): boolean {
    return this.detail !== null && this.detail.id === this.session.user?.id;
  }

  askSuspend(): void {
    if (this.detail && !this.isOwnAccount) this.confirmingSuspend = true;
  }

  cancelSuspend(): void {
    if (this.busy !== 'suspend') this.confirmingSuspend = false;
  }

  setSuspendReason(reason: string): void {
    this.suspendReason = reason;
  }

  async confirmSuspend(): Promise<void> {
    const detail = this.detail;
    if (!detail || this.busy) return;
    const reason = this.suspendReason.trim() || null;
    const done = await this.change(
      'suspend',
      () => this.api.suspendUser(detail.id, reason),
      (user) => ADMIN_USERS.suspendedToast(user.email),
    );
    if (done) {
      runInAction(() => {
        this.confirmingSuspend = false;
        this.suspendReason = '';
      });
    }
  }

  async unsuspend(): Promise<void> {
    const detail = this.detail;
    if (!detail || this.busy) return;
    await this.change(
      'unsuspend',
      () => this.api.unsuspendUser(detail.id),
      (user) => ADMIN_USERS.unsuspendedToast(user.email),
    );
  }

  /** The newest admin actions. */
  async loadActions(): Promise<void> {
    runInAction(() => (this.actionsState = 'loading'));
    try {
      const page = await this.api.adminActions(null);
      runInAction(() => {
        this.actions = page.actions;
        this.actionsCursor = page.nextCursor;
        this.actionsState = 'ready';
      });
    } catch (error) {
      if (isForbidden(error)) this.gate.deny();
      runInAction(() => (this.actionsState = 'failed'));
    }
  }

  async loadMoreActions(): Promise<void> {
    if (!this.actionsCursor) return;
    try {
      const page = await this.api.adminActions(this.actionsCursor);
      runInAction(() => {
        this.actions = [...this.actions, ...page.actions];
        this.actionsCursor = page.nextCursor;
      });
    } catch (error) {
      this.toasts.error(errorMessage(error, ADMIN_USERS.logFailed));
    }
  }

  /**
   * One change to the open account: the gateway's answer replaces the account in the list, then
   * the drawer and the log are read again (they show the change's record). Answers whether it went
   * through; a refusal is said in a toast with the gateway's message.
   */
  private async change(
    kind: AccountChange,
    send: () => Promise<AdminUser>,
    said: (user: AdminUser) => string,
  ): Promise<boolean> {
    runInAction(() => (this.busy = kind));
    try {
      const user = await send();
      runInAction(() => {
        this.users = this.users.map((listed) => (listed.id === user.id ? user : listed));
        this.planChoice = user.plan;
      });
      this.toasts.success(said(user));
      await Promise.all([this.loadDetail(), this.loadActions()]);
      return true;
    } catch (error) {
      if (isForbidden(error)) this.gate.deny();
      this.toasts.error(errorMessage(error, ADMIN_USERS.changeFailed));
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }
}
