import {
  Button,
  Card,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  InputGroup,
} from '@blueprintjs/core';
import { EditIcon, LockIcon, TrashIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { AccountPage } from '../../components/AccountPage';
import { versionTime } from '../../stores/version-rules';
import { useStores } from '../../stores-context';
import { PAGE_TITLES } from '../../texts/page-titles';
import { SECRETS_PATH, SECRETS_TEXT } from '../../texts/secret-texts';
import { usePageTitle } from '../../components/use-page-title';
import '../api-keys/api-keys.css';

/** /account/secrets: the person's secrets by name, a form to save one, deleting with a confirmation. */
const SecretsPage = observer(function SecretsPage() {
  const { secrets } = useStores();
  usePageTitle(PAGE_TITLES.secrets);
  return (
    <AccountPage
      path={SECRETS_PATH}
      title={SECRETS_TEXT.title}
      intro={SECRETS_TEXT.intro}
      icon={<LockIcon size={40} />}
      texts={SECRETS_TEXT}
      data={secrets}
      dialogs={<DeleteDialog />}
    >
      <SecretsContent />
    </AccountPage>
  );
});

const SecretsContent = observer(function SecretsContent() {
  const { secrets } = useStores();
  return (
    <>
      <Card className="api-keys-create">
        <h2 className="api-keys-heading">{SECRETS_TEXT.formHeading}</h2>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void secrets.save();
          }}
        >
          <FormGroup
            label={SECRETS_TEXT.nameLabel}
            labelFor="secret-name"
            helperText={secrets.nameProblem || SECRETS_TEXT.nameHelp}
            intent={secrets.nameProblem ? 'danger' : 'none'}
          >
            <InputGroup
              id="secret-name"
              value={secrets.name}
              placeholder="API_TOKEN"
              autoComplete="off"
              spellCheck={false}
              intent={secrets.nameProblem ? 'danger' : 'none'}
              onValueChange={(value) => secrets.setName(value)}
            />
          </FormGroup>
          <FormGroup
            label={SECRETS_TEXT.valueLabel}
            labelFor="secret-value"
            helperText={secrets.valueProblem || SECRETS_TEXT.valueHelp}
            intent={secrets.valueProblem ? 'danger' : 'none'}
          >
            <div className="api-keys-create-row">
              <InputGroup
                id="secret-value"
                type="password"
                value={secrets.value}
                autoComplete="new-password"
                intent={secrets.valueProblem ? 'danger' : 'none'}
                onValueChange={(value) => secrets.setValue(value)}
                fill
              />
              <Button
                type="submit"
                intent="primary"
                icon={<LockIcon />}
                text={SECRETS_TEXT.save}
                loading={secrets.saving}
                disabled={!secrets.canSave}
              />
            </div>
          </FormGroup>
        </form>
      </Card>
      <h2 className="api-keys-heading">{SECRETS_TEXT.listHeading}</h2>
      {secrets.secrets.length === 0 ? (
        <p className="muted" data-testid="secrets-empty">
          {SECRETS_TEXT.empty}
        </p>
      ) : (
        <Card className="api-keys-table-card">
          <HTMLTable className="api-keys-table">
            <thead>
              <tr>
                <th>{SECRETS_TEXT.columns.name}</th>
                <th>{SECRETS_TEXT.columns.use}</th>
                <th>{SECRETS_TEXT.columns.updated}</th>
                <th>{SECRETS_TEXT.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {secrets.secrets.map((secret) => (
                <tr key={secret.name} data-testid="secret-row">
                  <td className="api-key-name" data-label={SECRETS_TEXT.columns.name}>
                    {secret.name}
                  </td>
                  <td data-label={SECRETS_TEXT.columns.use}>
                    <code>{SECRETS_TEXT.usage(secret.name)}</code>
                  </td>
                  <td data-label={SECRETS_TEXT.columns.updated}>
                    <time dateTime={secret.updatedAt} title={new Date(secret.updatedAt).toLocaleString()}>
                      {versionTime(secret.updatedAt)}
                    </time>
                  </td>
                  <td className="api-key-actions">
                    <Button
                      variant="minimal"
                      icon={<EditIcon />}
                      text={SECRETS_TEXT.replace}
                      aria-label={`${SECRETS_TEXT.replace} ${secret.name}`}
                      onClick={() => {
                        secrets.replace(secret);
                        document.getElementById('secret-value')?.focus();
                      }}
                    />
                    <Button
                      variant="minimal"
                      intent="danger"
                      icon={<TrashIcon />}
                      text={SECRETS_TEXT.delete}
                      aria-label={`${SECRETS_TEXT.delete} ${secret.name}`}
                      onClick={() => secrets.askDelete(secret)}
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

const DeleteDialog = observer(function DeleteDialog() {
  const { secrets } = useStores();
  const secret = secrets.deleting;
  return (
    <Dialog
      isOpen={secret !== null}
      title={secret ? SECRETS_TEXT.deleteTitle(secret.name) : ''}
      icon={<WarningSignIcon />}
      onClose={() => secrets.cancelDelete()}
    >
      <DialogBody>
        <p>{SECRETS_TEXT.deleteText}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={SECRETS_TEXT.cancel} onClick={() => secrets.cancelDelete()} />
            <Button
              intent="danger"
              text={SECRETS_TEXT.delete}
              loading={secrets.deleteBusy}
              onClick={() => void secrets.confirmDelete()}
            />
          </>
        }
      />
    </Dialog>
  );
});

export default SecretsPage;
