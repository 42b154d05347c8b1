import { NonIdealState, Spinner } from '@blueprintjs/core';
import { LockIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { LinkButton } from '../../components/LinkButton';
import type { AdminGate } from '../../stores/admin-store';
import { ACCOUNT_TEXTS, ADMIN_TEXTS } from '../../texts/account-texts';

/**
 * What an admin page shows before, or instead of, its content: 'Checking admin access...' while
 * the gateway is asked, the page's refusal for anyone else.
 */
export const AdminGateView = observer(function AdminGateView({
  gate,
  refusal,
  refusalBody,
  path,
  children,
}: {
  gate: AdminGate;
  refusal: string;
  refusalBody?: string;
  path: string;
  children: ReactNode;
}) {
  if (gate.access === 'admin') return <>{children}</>;
  if (gate.access === 'checking') {
    return (
      <div className="admin-state" role="status">
        <Spinner size={32} aria-hidden="true" />
        <p>{ADMIN_TEXTS.checkingAdmin}</p>
      </div>
    );
  }
  const signedOut = gate.access === 'signed-out';
  return (
    <div className="admin-state">
      <NonIdealState
        icon={<LockIcon size={48} />}
        title={refusal}
        description={
          gate.access === 'error'
            ? ACCOUNT_TEXTS.unexpectedError
            : signedOut
              ? ADMIN_TEXTS.signInAsAdmin
              : refusalBody
        }
        action={
          signedOut ? (
            <LinkButton
              intent="primary"
              href={`/signin?redirect=${encodeURIComponent(path)}`}
              text="Sign In"
            />
          ) : (
            <LinkButton href="/store" text="Go to the store" />
          )
        }
      />
    </div>
  );
});
