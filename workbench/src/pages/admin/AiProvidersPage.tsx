import { Button, Callout, Card, FormGroup, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { AI_PROVIDERS, isAiProviderId, type AiProviderId } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useEffect, type FormEvent } from 'react';
import type { AiProviderStatus } from '../../api/ai-providers';
import { PublicHeader } from '../../components/PublicHeader';
import { usePageTitle } from '../../components/use-page-title';
import { useStores } from '../../stores-context';
import type { AiProvidersStore } from '../../stores/ai-providers-store';
import { AI_PROVIDERS_PATH, AI_PROVIDERS_TEXTS as T } from '../../texts/ai-providers-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { AdminGateView } from './AdminGateView';
import './admin.css';
import './ai-providers.css';

function statusTag(status: AiProviderStatus) {
  if (!status.configured) return <Tag minimal>{T.status.off}</Tag>;
  return status.working ? (
    <Tag intent="success">{T.status.working}</Tag>
  ) : (
    <Tag intent="danger">{T.status.problem}</Tag>
  );
}

const ProviderCard = observer(function ProviderCard({
  store,
  status,
}: {
  store: AiProvidersStore;
  status: AiProviderStatus;
}) {
  if (!isAiProviderId(status.provider)) return null;
  const id: AiProviderId = status.provider;
  const facts = AI_PROVIDERS[id];
  const draft = store.draft(id);
  const busy = store.busy === id;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.save(id);
  };
  const source = status.source === 'env' || status.source === 'page' ? status.source : 'none';
  return (
    <Card className="ai-provider-card" aria-labelledby={`ai-provider-${id}`}>
      <div className="ai-provider-head">
        <h2 id={`ai-provider-${id}`}>{status.label}</h2>
        {statusTag(status)}
      </div>
      <dl className="ai-provider-facts">
        <dt>Source</dt>
        <dd>{T.source[source]}</dd>
        {status.configured && (
          <>
            <dt>{T.address}</dt>
            <dd className="ai-provider-url">{status.baseUrl}</dd>
            <dt>Key</dt>
            <dd>{status.keySet ? T.keySet : T.noKey}</dd>
            <dt>Models</dt>
            <dd>{T.models(status.modelCount)}</dd>
          </>
        )}
      </dl>
      {status.updatedBy && status.updatedAt && (
        <p className="admin-muted">
          {T.savedBy(status.updatedBy, new Date(status.updatedAt).toLocaleString())}
        </p>
      )}
      {status.problem && (
        <Callout intent="danger" className="ai-provider-problem" role="alert">
          {status.problem}
        </Callout>
      )}
      <form className="ai-provider-form" onSubmit={submit}>
        <FormGroup
          label={T.keyLabel}
          labelFor={`ai-key-${id}`}
          intent={draft.keyError ? 'danger' : 'none'}
          helperText={draft.keyError ?? undefined}
        >
          <InputGroup
            id={`ai-key-${id}`}
            type="password"
            autoComplete="new-password"
            placeholder={
              facts.keyOptional
                ? T.keyOptionalPlaceholder
                : T.keyPlaceholder(status.source === 'page' && status.keySet)
            }
            value={draft.apiKey}
            intent={draft.keyError ? 'danger' : 'none'}
            onChange={(event) => store.setKey(id, event.target.value)}
          />
        </FormGroup>
        <FormGroup
          label={T.urlLabel}
          labelFor={`ai-url-${id}`}
          intent={draft.urlError ? 'danger' : 'none'}
          helperText={draft.urlError ?? T.standsFor(status.keyVariable, status.urlVariable)}
        >
          <InputGroup
            id={`ai-url-${id}`}
            type="url"
            placeholder={
              facts.urlRequired
                ? T.urlRequiredPlaceholder(facts.urlExample)
                : T.urlPlaceholder(facts.urlExample)
            }
            value={draft.baseUrl}
            intent={draft.urlError ? 'danger' : 'none'}
            onChange={(event) => store.setUrl(id, event.target.value)}
          />
        </FormGroup>
        <div className="ai-provider-actions">
          <Button
            type="submit"
            intent="primary"
            loading={busy}
            disabled={store.busy !== null}
            text={T.save}
          />
          {status.source === 'page' && (
            <Button text={T.clear} disabled={store.busy !== null} onClick={() => void store.clear(id)} />
          )}
          {busy && <span className="admin-muted">{T.saving}</span>}
        </div>
      </form>
    </Card>
  );
});

/** /admin/ai-providers (admins): each AI provider's status, and its key and address. */
export default observer(function AiProvidersPage() {
  const { aiProviders: store } = useStores();
  usePageTitle(PAGE_TITLES.aiProviders);
  useEffect(() => {
    void store.open();
  }, [store]);
  return (
    <div className="admin-page">
      <PublicHeader />
      <main className="admin-main">
        <AdminGateView
          gate={store.gate}
          refusal={T.refusal}
          refusalBody={T.refusalBody}
          path={AI_PROVIDERS_PATH}
        >
          <div className="admin-heading">
            <h1>{T.title}</h1>
          </div>
          <p className="admin-muted">{T.intro}</p>
          {store.state === 'loading' && store.providers.length === 0 && (
            <div className="admin-state" role="status">
              <Spinner size={32} aria-label={T.loading} />
            </div>
          )}
          {store.state === 'failed' && (
            <Callout intent="danger" title={T.loadFailed}>
              <Button text={T.retry} onClick={() => void store.load()} />
            </Callout>
          )}
          <div className="ai-provider-grid">
            {store.providers.map((status) => (
              <ProviderCard key={status.provider} store={store} status={status} />
            ))}
          </div>
        </AdminGateView>
      </main>
    </div>
  );
});
