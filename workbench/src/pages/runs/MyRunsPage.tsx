import { Button, Callout, NonIdealState } from '@blueprintjs/core';
import { HistoryIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { PageSpinner, SignedInPage } from '../../components/SignedInPage';
import { useStores } from '../../stores-context';
import { PAGE_TITLES } from '../../texts/page-titles';
import { RUNS } from '../../texts/run-history-texts';
import { usePageTitle } from '../../components/use-page-title';
import { Pager, RunList } from './RunsLayout';

/** /runs: the runs the signed-in person started, newest first; each opens with its results. */
const MyRunsPage = observer(function MyRunsPage() {
  const { myRuns, session } = useStores();
  const userId = session.user?.id;
  usePageTitle(PAGE_TITLES.myRuns);

  useEffect(() => {
    if (userId) void myRuns.open();
  }, [myRuns, userId]);

  const pages = myRuns.pages;
  return (
    <SignedInPage
      path="/runs"
      className="runs-page"
      title={RUNS.myRunsTitle}
      intro={RUNS.myRunsSubtitle}
      loadingLabel={RUNS.loading}
      signIn={{ icon: <HistoryIcon size={40} />, title: RUNS.signInTitle, text: RUNS.signInText }}
    >
      {pages.error ? (
        <Callout intent="danger" title={RUNS.loadFailed}>
          {pages.error} <Button variant="minimal" text={RUNS.retry} onClick={() => void pages.reload()} />
        </Callout>
      ) : !pages.loaded ? (
        <PageSpinner label={RUNS.loading} />
      ) : myRuns.rows.length === 0 ? (
        <NonIdealState
          className="runs-empty"
          icon={<HistoryIcon size={40} />}
          title={RUNS.empty}
          description={RUNS.myEmptyText}
        />
      ) : (
        <div className={pages.loading ? 'runs-body is-loading' : 'runs-body'}>
          <RunList rows={myRuns.rows} showApp />
          <Pager pager={pages} newer={RUNS.newer} older={RUNS.older} page={RUNS.page} />
        </div>
      )}
    </SignedInPage>
  );
});

export default MyRunsPage;
