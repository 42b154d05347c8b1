import {
  Button,
  Callout,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
} from '@blueprintjs/core';
import { KeyIcon, TrashIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { CodeBlock } from '../../components/CodeBlock';
import { UpgradePrompt } from '../../components/UpgradePrompt';
import { AccountPage } from '../../components/AccountPage';
import { versionTime } from '../../stores/version-rules';
import { useStores } from '../../stores-context';
import { API_KEYS, API_KEYS_PATH } from '../../texts/api-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../../components/use-page-title';
import './api-keys.css';

/** /account/api-keys: the person's API keys, a new one shown once, revoking with a confirmation. */
const ApiKeysPage = observer(function ApiKeysPage() {
  const { apiKeys } = useStores();
  usePageTitle(PAGE_TITLES.apiKeys);
  return (
    <AccountPage
      path={API_KEYS_PATH}
      title={API_KEYS.title}
      intro={API_KEYS.intro}
      icon={<KeyIcon size={40} />}
      texts={API_KEYS}
      data={apiKeys}
      dialogs={
        <>
          <CreatedKeyDialog />
          <RevokeDialog />
        </>
      }
    >
      <KeysContent />
    </AccountPage>
  );
});

const KeysContent = observer(function KeysContent() {
  const { apiKeys } = useStores();
  if (apiKeys.allowed !== true) {
    return (
      <UpgradePrompt
        title={API_KEYS.lockedTitle}
        message={apiKeys.lockedMessage}
        compareText={API_KEYS.comparePlans}
        testId="api-keys-locked"
      />
    );
  }
  return (
    <>
      <Card className="api-keys-create">
        <h2 className="api-keys-heading">{API_KEYS.createHeading}</h2>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void apiKeys.create();
          }}
        >
          <FormGroup label={API_KEYS.nameLabel} labelFor="api-key-name" helperText={API_KEYS.nameHelper}>
            <div className="api-keys-create-row">
              <InputGroup
                id="api-key-name"
                value={apiKeys.name}
                placeholder={API_KEYS.namePlaceholder}
                onValueChange={(value) => apiKeys.setName(value)}
                fill
              />
              <Button
                type="submit"
                intent="primary"
                icon={<KeyIcon />}
                text={API_KEYS.create}
                loading={apiKeys.creating}
                disabled={!apiKeys.canCreate}
              />
            </div>
          </FormGroup>
        </form>
      </Card>
      <h2 className="api-keys-heading">{API_KEYS.listHeading}</h2>
      {apiKeys.keys.length === 0 ? (
        <p className="muted" data-testid="api-keys-empty">
          {API_KEYS.none}
        </p>
      ) : (
        <Card className="api-keys-table-card">
          <HTMLTable className="api-keys-table">
            <thead>
              <tr>
                <th>{API_KEYS.columns.name}</th>
                <th>{API_KEYS.columns.key}</th>
                <th>{API_KEYS.columns.created}</th>
                <th>{API_KEYS.columns.lastUsed}</th>
                <th aria-label={API_KEYS.revoke}>{API_KEYS.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {apiKeys.keys.map((key) => (
                <tr key={key.id} data-testid="api-key-row">
                  <td className="api-key-name" data-label={API_KEYS.columns.name}>
                    {key.name}
                  </td>
                  <td data-label={API_KEYS.columns.key}>
                    <code>{key.prefix}…</code>
                  </td>
                  <td data-label={API_KEYS.columns.created}>
                    <time dateTime={key.createdAt} title={new Date(key.createdAt).toLocaleString()}>
                      {versionTime(key.createdAt)}
                    </time>
                  </td>
                  <td data-label={API_KEYS.columns.lastUsed}>
                    {key.lastUsedAt ? (
                      <time dateTime={key.lastUsedAt} title={new Date(key.lastUsedAt).toLocaleString()}>
                        {versionTime(key.lastUsedAt)}
                      </time>
                    ) : (
                      <span className="muted">{API_KEYS.neverUsed}</span>
                    )}
                  </td>
                  <td className="api-key-actions">
                    <Button
                      variant="minimal"
                      intent="danger"
                      icon={<TrashIcon />}
                      text={API_KEYS.revoke}
                      aria-label={`${API_KEYS.revoke} ${key.name}`}
                      onClick={() => apiKeys.askRevoke(key)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
    </>
  );
});

/** The new key, shown this once. */
const CreatedKeyDialog = observer(function CreatedKeyDialog() {
  const { apiKeys } = useStores();
  const created = apiKeys.created;
  return (
    <Dialog
      isOpen={created !== null}
      title={API_KEYS.createdTitle}
      icon={<KeyIcon />}
      onClose={() => apiKeys.dismissCreated()}
      canOutsideClickClose={false}
      className="api-key-created-dialog"
    >
      <DialogBody>
        {created && (
          <>
            <p>
              <strong>{created.name}</strong>
            </p>
            <CodeBlock
              code={created.key}
              label={API_KEYS.copyKey}
              title={API_KEYS.keyTitle}
              wrap
              testId="created-key"
            />
            <Callout intent="warning" className="api-key-warning">
              {API_KEYS.createdWarning}
            </Callout>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={<Button intent="primary" text={API_KEYS.done} onClick={() => apiKeys.dismissCreated()} />}
      />
    </Dialog>
  );
});

const RevokeDialog = observer(function RevokeDialog() {
  const { apiKeys } = useStores();
  const key = apiKeys.revoking;
  return (
    <Dialog
      isOpen={key !== null}
      title={API_KEYS.revokeTitle}
      icon={<WarningSignIcon />}
      onClose={() => apiKeys.cancelRevoke()}
    >
      <DialogBody>{key && <p>{API_KEYS.revokeText(key.name)}</p>}</DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={API_KEYS.cancel}
              onClick={() => apiKeys.cancelRevoke()}
              disabled={apiKeys.revokeBusy}
            />
            <Button
              intent="danger"
              text={API_KEYS.revokeConfirm}
              loading={apiKeys.revokeBusy}
              onClick={() => void apiKeys.confirmRevoke()}
            />
          </>
        }
      />
    </Dialog>
  );
});

export default ApiKeysPage;
