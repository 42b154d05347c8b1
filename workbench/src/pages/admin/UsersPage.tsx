import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  Drawer,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Spinner,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { PLANS, PLAN_IDS, isPlanId } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import type { AdminAction, AdminUser } from '../../api/admin-accounts';
import { PublicHeader } from '../../components/PublicHeader';
import { StateMessage } from '../../components/StateMessage';
import type { AdminUsersStore } from '../../stores/admin-users-store';
import { useStores } from '../../stores-context';
import { ADMIN_USERS, ADMIN_USERS_PATH } from '../../texts/admin-users-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import { AdminGateView } from './AdminGateView';
import './admin.css';
import './admin-users.css';

function when(iso: string | null): string {
  if (!iso) return ADMIN_USERS.never;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
}

function PlanTag({ plan }: { plan: string }) {
  return (
    <Tag minimal intent={plan === 'enterprise' ? 'success' : plan === 'starter' ? 'primary' : 'none'}>
      {isPlanId(plan) ? PLANS[plan].name : plan}
    </Tag>
  );
}

function StatusTag({ user }: { user: AdminUser }) {
  return user.suspendedAt ? (
    <Tag intent="danger">{ADMIN_USERS.suspended}</Tag>
  ) : (
    <Tag minimal intent="success">
      {ADMIN_USERS.active}
    </Tag>
  );
}

const UserRow = observer(function UserRow({ user, store }: { user: AdminUser; store: AdminUsersStore }) {
  return (
    <tr data-testid="admin-user-row" className={store.selectedId === user.id ? 'is-selected' : undefined}>
      <td className="admin-user-account">
        <Button variant="minimal" className="admin-user-open" onClick={() => store.select(user)}>
          <span className="admin-user-name">{user.fullName || ADMIN_USERS.noName}</span>
          <span className="admin-user-email">{user.email}</span>
        </Button>
        {user.isAdmin && (
          <Tag minimal round className="admin-user-admin">
            {ADMIN_USERS.admin}
          </Tag>
        )}
      </td>
      <td data-label={ADMIN_USERS.columns.plan}>
        <PlanTag plan={user.plan} />
      </td>
      <td data-label={ADMIN_USERS.columns.credits}>
        {user.unlimited ? ADMIN_USERS.unlimited : user.credits.toLocaleString()}
      </td>
      <td data-label={ADMIN_USERS.columns.apps}>{ADMIN_USERS.apps(user.apps, user.publishedApps)}</td>
      <td data-label={ADMIN_USERS.columns.lastSignIn}>{when(user.lastSignInAt)}</td>
      <td data-label={ADMIN_USERS.columns.status}>
        <StatusTag user={user} />
      </td>
    </tr>
  );
});

const UsersList = observer(function UsersList({ store }: { store: AdminUsersStore }) {
  if (store.state === 'idle' || (store.state === 'loading' && store.users.length === 0)) {
    return (
      <div className="admin-state">
        <Spinner aria-label={ADMIN_USERS.loading} />
      </div>
    );
  }
  if (store.state === 'failed') {
    return (
      <Callout intent="danger" role="alert" className="admin-callout">
        {ADMIN_USERS.loadFailed}
      </Callout>
    );
  }
  if (store.users.length === 0) {
    return <StateMessage level={2} icon="search" title={ADMIN_USERS.noMatches(store.searched)} />;
  }
  return (
    <>
      <HTMLTable
        interactive
        className={`admin-users-table${store.state === 'loading' ? ' admin-refreshing' : ''}`}
        aria-label={ADMIN_USERS.title}
      >
        <thead>
          <tr>
            <th>{ADMIN_USERS.columns.account}</th>
            <th>{ADMIN_USERS.columns.plan}</th>
            <th>{ADMIN_USERS.columns.credits}</th>
            <th>{ADMIN_USERS.columns.apps}</th>
            <th>{ADMIN_USERS.columns.lastSignIn}</th>
            <th>{ADMIN_USERS.columns.status}</th>
          </tr>
        </thead>
        <tbody>
          {store.users.map((user) => (
            <UserRow key={user.id} user={user} store={store} />
          ))}
        </tbody>
      </HTMLTable>
      {store.nextCursor && (
        <Button
          className="admin-load-more"
          text={ADMIN_USERS.loadMore}
          loading={store.loadingMore}
          onClick={() => void store.loadMore()}
        />
      )}
    </>
  );
});

function ActionLine({ action }: { action: AdminAction }) {
  return (
    <li data-testid="admin-action">
      <div className="admin-action-head">
        <span>{ADMIN_USERS.describe(action)}</span>
        <time dateTime={action.createdAt}>{when(action.createdAt)}</time>
      </div>
      {action.reason && <div className="admin-action-reason">{action.reason}</div>}
    </li>
  );
}

const ActionLog = observer(function ActionLog({ store }: { store: AdminUsersStore }) {
  return (
    <section className="admin-action-log" aria-labelledby="admin-action-log-title">
      <h2 id="admin-action-log-title">{ADMIN_USERS.logTitle}</h2>
      <p className="admin-muted">{ADMIN_USERS.logIntro}</p>
      {store.actionsState === 'failed' ? (
        <Callout intent="danger">{ADMIN_USERS.logFailed}</Callout>
      ) : store.actionsState !== 'ready' ? (
        <Spinner size={20} aria-label={ADMIN_USERS.logTitle} />
      ) : store.actions.length === 0 ? (
        <p className="admin-muted">{ADMIN_USERS.logEmpty}</p>
      ) : (
        <ol className="admin-action-list">
          {store.actions.map((action) => (
            <ActionLine key={action.id} action={action} />
          ))}
        </ol>
      )}
      {store.actionsCursor && (
        <Button
          className="admin-load-more"
          text={ADMIN_USERS.loadMore}
          onClick={() => void store.loadMoreActions()}
        />
      )}
    </section>
  );
});

const AccountDetail = observer(function AccountDetail({ store }: { store: AdminUsersStore }) {
  const detail = store.detail;
  if (store.detailState === 'failed') {
    return (
      <Callout intent="danger" role="alert">
        {ADMIN_USERS.detailFailed}
      </Callout>
    );
  }
  if (!detail) {
    return (
      <div className="admin-state">
        <Spinner aria-label={ADMIN_USERS.detailLoading} />
      </div>
    );
  }
  const submitCredits = (event: FormEvent) => {
    event.preventDefault();
    void store.applyCredits();
  };
  return (
    <div className="admin-account" data-testid="admin-account">
      <div className="admin-account-tags">
        <PlanTag plan={detail.plan} />
        <StatusTag user={detail} />
        {detail.isAdmin && <Tag minimal>{ADMIN_USERS.admin}</Tag>}
        <span className="admin-muted">{ADMIN_USERS.joined(day(detail.createdAt))}</span>
      </div>

      <section aria-labelledby="admin-plan">
        <h3 id="admin-plan">{ADMIN_USERS.planSection}</h3>
        <FormGroup
          label={ADMIN_USERS.planLabel}
          labelFor="admin-plan-choice"
          helperText={ADMIN_USERS.planHelper}
        >
          <div className="admin-inline">
            <HTMLSelect
              id="admin-plan-choice"
              value={store.planChoice}
              onChange={(event) => {
                const plan = event.target.value;
                if (isPlanId(plan)) store.setPlanChoice(plan);
              }}
              options={PLAN_IDS.map((id) => ({ value: id, label: PLANS[id].name }))}
            />
            <Button
              intent="primary"
              text={ADMIN_USERS.changePlan}
              disabled={!store.canChangePlan}
              loading={store.busy === 'plan'}
              onClick={() => void store.changePlan()}
            />
          </div>
        </FormGroup>
      </section>

      <section aria-labelledby="admin-credits">
        <h3 id="admin-credits">{ADMIN_USERS.creditsSection}</h3>
        <p className="admin-account-balance" data-testid="admin-balance">
          {ADMIN_USERS.balance(detail.credits, detail.unlimited)}
        </p>
        <form onSubmit={submitCredits} className="admin-credits-form">
          <FormGroup
            label={ADMIN_USERS.amountLabel}
            labelFor="admin-amount"
            helperText={store.amountProblem || undefined}
            intent={store.amountProblem ? 'danger' : 'none'}
          >
            <InputGroup
              id="admin-amount"
              inputMode="numeric"
              value={store.amount}
              intent={store.amountProblem ? 'danger' : 'none'}
              onChange={(event) => store.setAmount(event.target.value)}
            />
          </FormGroup>
          <FormGroup
            label={ADMIN_USERS.reasonLabel}
            labelFor="admin-reason"
            helperText={store.reasonProblem || undefined}
            intent={store.reasonProblem ? 'danger' : 'none'}
          >
            <InputGroup
              id="admin-reason"
              value={store.reason}
              placeholder={ADMIN_USERS.reasonPlaceholder}
              onChange={(event) => store.setReason(event.target.value)}
            />
          </FormGroup>
          <Button
            type="submit"
            intent="primary"
            text={ADMIN_USERS.applyCredits}
            disabled={!store.canApplyCredits}
            loading={store.busy === 'credits'}
          />
        </form>
        <p className="admin-muted">{ADMIN_USERS.amountHelper}</p>
      </section>

      <section aria-labelledby="admin-suspension">
        <h3 id="admin-suspension">{ADMIN_USERS.suspensionSection}</h3>
        {detail.suspendedAt ? (
          <>
            <Callout intent="danger" className="admin-account-callout">
              {ADMIN_USERS.suspendedSince(when(detail.suspendedAt))}
            </Callout>
            <Button
              intent="success"
              text={ADMIN_USERS.unsuspend}
              loading={store.busy === 'unsuspend'}
              disabled={store.busy !== null}
              onClick={() => void store.unsuspend()}
            />
          </>
        ) : (
          <>
            <p className="admin-muted">
              {store.isOwnAccount ? ADMIN_USERS.ownAccount : ADMIN_USERS.notSuspended}
            </p>
            <Button
              intent="danger"
              text={ADMIN_USERS.suspend}
              disabled={store.isOwnAccount || store.busy !== null}
              onClick={() => store.askSuspend()}
            />
          </>
        )}
      </section>

      <section aria-labelledby="admin-earnings">
        <h3 id="admin-earnings">{ADMIN_USERS.earningsSection}</h3>
        <p>{ADMIN_USERS.earnings(detail.earnings.balance, detail.earnings.total, detail.earnings.paidOut)}</p>
      </section>

      <section aria-labelledby="admin-runs">
        <h3 id="admin-runs">{ADMIN_USERS.runsSection}</h3>
        {detail.recentRuns.length === 0 ? (
          <p className="admin-muted">{ADMIN_USERS.noRuns}</p>
        ) : (
          <ul className="admin-account-runs">
            {detail.recentRuns.map((run) => (
              <li key={run.id}>
                <span className="admin-run-app">{run.appName || ADMIN_USERS.deletedApp}</span>
                <Tag
                  minimal
                  intent={
                    run.status === 'succeeded' ? 'success' : run.status === 'failed' ? 'danger' : 'none'
                  }
                >
                  {run.status}
                </Tag>
                <span>{ADMIN_USERS.runCost(run.cost)}</span>
                <time dateTime={run.createdAt}>{when(run.createdAt)}</time>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="admin-history">
        <h3 id="admin-history">{ADMIN_USERS.historySection}</h3>
        {detail.actions.length === 0 ? (
          <p className="admin-muted">{ADMIN_USERS.noActions}</p>
        ) : (
          <ol className="admin-action-list">
            {detail.actions.map((action) => (
              <ActionLine key={action.id} action={action} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
});

const SuspendDialog = observer(function SuspendDialog({ store }: { store: AdminUsersStore }) {
  const detail = store.detail;
  return (
    <Dialog
      isOpen={store.confirmingSuspend && detail !== null}
      onClose={() => store.cancelSuspend()}
      title={ADMIN_USERS.suspendTitle}
      className="admin-suspend-dialog"
    >
      <DialogBody>
        <p>{detail ? ADMIN_USERS.suspendBody(detail.email) : ''}</p>
        <FormGroup label={ADMIN_USERS.suspendReasonLabel} labelFor="admin-suspend-reason">
          <TextArea
            id="admin-suspend-reason"
            fill
            rows={3}
            value={store.suspendReason}
            onChange={(event) => store.setSuspendReason(event.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={ADMIN_USERS.cancel}
              onClick={() => store.cancelSuspend()}
              disabled={store.busy === 'suspend'}
            />
            <Button
              intent="danger"
              text={ADMIN_USERS.confirmSuspend}
              loading={store.busy === 'suspend'}
              onClick={() => void store.confirmSuspend()}
            />
          </>
        }
      />
    </Dialog>
  );
});

/** /admin/users (admins): find accounts, change plan and credits, suspend; every action listed. */
export const UsersPage = observer(function UsersPage() {
  const { adminUsers: store } = useStores();
  usePageTitle(PAGE_TITLES.adminUsers);
  useEffect(() => {
    void store.open();
  }, [store]);
  const search = (event: FormEvent) => {
    event.preventDefault();
    void store.search();
  };
  const selected = store.users.find((user) => user.id === store.selectedId) ?? store.detail ?? null;

  return (
    <div className="admin-page">
      <PublicHeader />
      <main className="admin-main">
        <AdminGateView
          gate={store.gate}
          refusal={ADMIN_USERS.refusal}
          refusalBody={ADMIN_USERS.refusalBody}
          path={ADMIN_USERS_PATH}
        >
          <div className="admin-heading">
            <h1>{ADMIN_USERS.title}</h1>
          </div>
          <p className="admin-muted admin-users-intro">{ADMIN_USERS.intro}</p>
          <form className="admin-users-search" role="search" onSubmit={search}>
            <InputGroup
              type="search"
              leftIcon={<SearchIcon />}
              aria-label={ADMIN_USERS.searchLabel}
              placeholder={ADMIN_USERS.searchPlaceholder}
              value={store.query}
              onChange={(event) => store.setQuery(event.target.value)}
            />
            <Button type="submit" intent="primary" text={ADMIN_USERS.search} />
          </form>
          <UsersList store={store} />
          <ActionLog store={store} />
        </AdminGateView>
      </main>
      <Drawer
        isOpen={store.selectedId !== null}
        onClose={() => store.close()}
        title={selected ? selected.fullName || selected.email : ''}
        size="min(560px, 100%)"
        className="admin-account-drawer"
      >
        <div className="admin-account-body">
          {selected && <p className="admin-account-email">{selected.email}</p>}
          <AccountDetail store={store} />
        </div>
      </Drawer>
      <SuspendDialog store={store} />
    </div>
  );
});

export default UsersPage;
