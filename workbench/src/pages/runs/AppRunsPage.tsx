import { Alert, Button, Callout, Card, HTMLSelect, NonIdealState, Switch } from '@blueprintjs/core';
import { HistoryIcon, TrashIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { RUN_SOURCES, RUN_STATUSES, type RunRecordStatus, type RunSource } from '../../api/run-history';
import { PageSpinner, SignedInPage } from '../../components/SignedInPage';
import { useStores } from '../../stores-context';
import { PAGE_TITLES } from '../../texts/page-titles';
import { RUNS, RUN_SOURCE_LABELS, RUN_STATUS_LABELS } from '../../texts/run-history-texts';
import { usePageTitle } from '../../components/use-page-title';
import { Pager, RunList } from './RunsLayout';

/** /my-apps/{appId}/runs: an app's runs for its owner, the privacy rule and its switch. */
const AppRunsPage = observer(function AppRunsPage() {
  const { appId = '' } = useParams();
  const { appRuns, session } = useStores();
  const userId = session.user?.id;
  usePageTitle(PAGE_TITLES.appRuns(appRuns.appName || undefined));

  useEffect(() => {
    if (userId) void appRuns.open(appId);
  }, [appRuns, appId, userId]);

  return (
    <SignedInPage
      path={`/my-apps/${appId}/runs`}
      className="runs-page"
      loadingLabel={RUNS.loading}
      signIn={{ icon: <HistoryIcon size={40} />, title: RUNS.signInTitle, text: RUNS.signInText }}
    >
      <AppRuns />
    </SignedInPage>
  );
});

const AppRuns = observer(function AppRuns() {
  const { appRuns } = useStores();
  if (appRuns.state === 'notFound') {
    return (
      <NonIdealState
        icon={<WarningSignIcon size={40} />}
        title={RUNS.notFoundTitle}
        description={RUNS.loadFailed}
        action={<Link to="/my-apps">My Apps</Link>}
      />
    );
  }
  const pages = appRuns.pages;
  return (
    <>
      <div className="runs-title-row">
        <div>
          <h1 className="page-title">{RUNS.appRunsTitle}</h1>
          <p className="muted page-subtitle">{appRuns.appName && RUNS.appRunsSubtitle(appRuns.appName)}</p>
        </div>
      </div>
      <Card className="runs-rule" data-testid="runs-rule">
        <p>{RUNS.rule}</p>
        <Switch
          checked={appRuns.sharing === true}
          disabled={appRuns.sharing === null || appRuns.savingSharing}
          label={RUNS.shareLabel}
          onChange={(event) => void appRuns.setSharing(event.currentTarget.checked)}
          data-testid="share-run-details"
        />
        <p className="muted small">{RUNS.shareHelp}</p>
      </Card>
      <div className="runs-filters">
        <label>
          <span className="runs-filter-label">{RUNS.statusFilter}</span>
          <HTMLSelect
            value={appRuns.status ?? ''}
            onChange={(event) =>
              appRuns.setStatus((event.currentTarget.value || null) as RunRecordStatus | null)
            }
            aria-label={RUNS.statusFilter}
            data-testid="status-filter"
            options={[
              { value: '', label: RUNS.allStatuses },
              ...RUN_STATUSES.map((status) => ({ value: status, label: RUN_STATUS_LABELS[status] })),
            ]}
          />
        </label>
        <label>
          <span className="runs-filter-label">{RUNS.sourceFilter}</span>
          <HTMLSelect
            value={appRuns.source ?? ''}
            onChange={(event) => appRuns.setSource((event.currentTarget.value || null) as RunSource | null)}
            aria-label={RUNS.sourceFilter}
            data-testid="source-filter"
            options={[
              { value: '', label: RUNS.allSources },
              ...RUN_SOURCES.map((source) => ({ value: source, label: RUN_SOURCE_LABELS[source] })),
            ]}
          />
        </label>
      </div>
      {pages.error ? (
        <Callout intent="danger" title={RUNS.loadFailed}>
          {pages.error} <Button variant="minimal" text={RUNS.retry} onClick={() => void pages.reload()} />
        </Callout>
      ) : !pages.loaded ? (
        <PageSpinner label={RUNS.loading} />
      ) : appRuns.rows.length === 0 ? (
        <NonIdealState
          className="runs-empty"
          icon={<HistoryIcon size={40} />}
          title={appRuns.filtered ? RUNS.noMatch : RUNS.empty}
          description={appRuns.filtered ? undefined : RUNS.emptyText}
          action={
            appRuns.filtered ? (
              <Button text={RUNS.clearFilters} onClick={() => appRuns.clearFilters()} />
            ) : undefined
          }
        />
      ) : (
        <div className={pages.loading ? 'runs-body is-loading' : 'runs-body'}>
          <RunList
            rows={appRuns.rows}
            showWho
            actions={(row) => (
              <Button
                variant="minimal"
                size="small"
                icon={<TrashIcon />}
                aria-label={`${RUNS.delete}: ${row.when}`}
                title={RUNS.delete}
                onClick={() => appRuns.askDelete(pages.items.find((run) => run.id === row.id) ?? null)}
              />
            )}
          />
          <Pager pager={pages} newer={RUNS.newer} older={RUNS.older} page={RUNS.page} />
        </div>
      )}
      <Alert
        isOpen={appRuns.deleting !== null}
        intent="danger"
        icon={<TrashIcon />}
        confirmButtonText={RUNS.deleteConfirm}
        cancelButtonText={RUNS.cancel}
        onConfirm={() => void appRuns.confirmDelete()}
        onCancel={() => appRuns.cancelDelete()}
      >
        <p className="alert-title">
          <strong>{RUNS.deleteTitle}</strong>
        </p>
        <p>{RUNS.deleteText}</p>
      </Alert>
    </>
  );
});

export default AppRunsPage;
