import { Button, Card, Dialog, DialogBody, DialogFooter, HTMLTable, InputGroup } from '@blueprintjs/core';
import { DisableIcon, FloppyDiskIcon, LinkIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import type { ConnectedApp } from '../../api/connected-apps';
import { AccountPage } from '../../components/AccountPage';
import { usePageTitle } from '../../components/use-page-title';
import { versionTime } from '../../stores/version-rules';
import { useStores } from '../../stores-context';
import { CONNECTED_APPS, CONNECTED_APPS_PATH } from '../../texts/connected-app-texts';
import './connected-apps.css';

/** /account/connected-apps: the AI assistants connected to the account, their spend and daily limit. */
const ConnectedAppsPage = observer(function ConnectedAppsPage() {
  const { connectedApps } = useStores();
  usePageTitle(CONNECTED_APPS.title);
  return (
    <AccountPage
      path={CONNECTED_APPS_PATH}
      title={CONNECTED_APPS.title}
      intro={CONNECTED_APPS.intro}
      icon={<LinkIcon size={40} />}
      texts={CONNECTED_APPS}
      data={connectedApps}
      dialogs={<RevokeDialog />}
    >
      <ConnectedAppsTable />
    </AccountPage>
  );
});

function When({ iso, otherwise }: { iso: string | null; otherwise: string }) {
  if (!iso) return <span className="muted">{otherwise}</span>;
  return (
    <time dateTime={iso} title={new Date(iso).toLocaleString()}>
      {versionTime(iso)}
    </time>
  );
}

const ConnectedAppsTable = observer(function ConnectedAppsTable() {
  const { connectedApps } = useStores();
  if (connectedApps.apps.length === 0) {
    return (
      <p className="muted" data-testid="connected-apps-empty">
        {CONNECTED_APPS.none}
      </p>
    );
  }
  return (
    <Card className="api-keys-table-card">
      <HTMLTable className="api-keys-table connected-apps-table">
        <thead>
          <tr>
            <th>{CONNECTED_APPS.columns.name}</th>
            <th>{CONNECTED_APPS.columns.connected}</th>
            <th>{CONNECTED_APPS.columns.lastUsed}</th>
            <th>{CONNECTED_APPS.columns.today}</th>
            <th>{CONNECTED_APPS.columns.total}</th>
            <th>{CONNECTED_APPS.columns.limit}</th>
            <th aria-label={CONNECTED_APPS.revoke}>{CONNECTED_APPS.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {connectedApps.apps.map((app) => (
            <ConnectedAppRow key={app.id} app={app} />
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
});

const ConnectedAppRow = observer(function ConnectedAppRow({ app }: { app: ConnectedApp }) {
  const { connectedApps } = useStores();
  const invalid = connectedApps.limitInvalid(app);
  return (
    <tr data-testid="connected-app-row">
      <td data-label={CONNECTED_APPS.columns.name}>
        <strong className="api-key-name">{app.name}</strong>
        <div className="muted connected-app-host">{CONNECTED_APPS.via(app.redirectHost)}</div>
      </td>
      <td data-label={CONNECTED_APPS.columns.connected}>
        <When iso={app.connectedAt} otherwise={CONNECTED_APPS.never} />
      </td>
      <td data-label={CONNECTED_APPS.columns.lastUsed}>
        <When iso={app.lastUsedAt} otherwise={CONNECTED_APPS.never} />
      </td>
      <td data-label={CONNECTED_APPS.columns.today}>{CONNECTED_APPS.credits(app.spentToday)}</td>
      <td data-label={CONNECTED_APPS.columns.total}>{CONNECTED_APPS.credits(app.spentTotal)}</td>
      <td data-label={CONNECTED_APPS.columns.limit}>
        <form
          className="connected-app-limit"
          onSubmit={(event) => {
            event.preventDefault();
            void connectedApps.saveLimit(app);
          }}
        >
          <InputGroup
            aria-label={CONNECTED_APPS.limitLabel(app.name)}
            value={connectedApps.limitText(app)}
            onValueChange={(value) => connectedApps.setDraft(app.id, value)}
            intent={invalid ? 'danger' : 'none'}
            inputMode="numeric"
            title={invalid ? CONNECTED_APPS.invalidLimit : undefined}
            small
          />
          <Button
            type="submit"
            size="small"
            icon={<FloppyDiskIcon />}
            text={CONNECTED_APPS.saveLimit}
            disabled={!connectedApps.canSave(app)}
            loading={connectedApps.saving.has(app.id)}
          />
        </form>
      </td>
      <td className="api-key-actions">
        <Button
          variant="minimal"
          intent="danger"
          icon={<DisableIcon />}
          text={CONNECTED_APPS.revoke}
          aria-label={`${CONNECTED_APPS.revoke} ${app.name}`}
          onClick={() => connectedApps.askRevoke(app)}
        />
      </td>
    </tr>
  );
});

const RevokeDialog = observer(function RevokeDialog() {
  const { connectedApps } = useStores();
  const app = connectedApps.revoking;
  return (
    <Dialog
      isOpen={app !== null}
      title={CONNECTED_APPS.revokeTitle}
      icon={<WarningSignIcon />}
      onClose={() => connectedApps.cancelRevoke()}
    >
      <DialogBody>{app && <p>{CONNECTED_APPS.revokeBody(app.name)}</p>}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={CONNECTED_APPS.cancel} onClick={() => connectedApps.cancelRevoke()} />
            <Button
              intent="danger"
              text={CONNECTED_APPS.revokeConfirm}
              loading={connectedApps.revokeBusy}
              onClick={() => void connectedApps.revoke()}
            />
          </>
        }
      />
    </Dialog>
  );
});

export default ConnectedAppsPage;
