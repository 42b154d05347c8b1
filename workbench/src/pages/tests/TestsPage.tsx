import { Button, HTMLSelect, NonIdealState, ProgressBar, TextArea } from '@blueprintjs/core';
import { ConfirmIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { SignedInPage } from '../../components/SignedInPage';
import { usePageTitle } from '../../components/use-page-title';
import { useStores } from '../../stores-context';
import { PAGE_TITLES } from '../../texts/page-titles';
import { TESTS } from '../../texts/testing-texts';
import { TestCases } from './TestCases';
import { TestResults } from './TestResults';
import './tests.css';

/** /my-apps/{appId}/tests: an app's test set and test runs, for its owner. */
const TestsPage = observer(function TestsPage() {
  const { appId = '' } = useParams();
  const { tests, session } = useStores();
  const userId = session.user?.id;
  usePageTitle(PAGE_TITLES.tests(tests.appName || undefined));

  useEffect(() => {
    if (userId) void tests.open(appId);
    return () => tests.close();
  }, [tests, appId, userId]);

  return (
    <SignedInPage
      path={`/my-apps/${appId}/tests`}
      className="tests-page"
      loadingLabel={TESTS.loading}
      signIn={{ icon: <ConfirmIcon size={40} />, title: TESTS.signInTitle, text: TESTS.signInText }}
    >
      <Tests />
    </SignedInPage>
  );
});

const Tests = observer(function Tests() {
  const { tests } = useStores();
  if (tests.state === 'notFound' || tests.state === 'failed') {
    return (
      <NonIdealState
        icon={<WarningSignIcon size={40} />}
        title={tests.state === 'notFound' ? TESTS.notFoundTitle : TESTS.loadFailed}
        description={TESTS.loadFailed}
        action={<Link to="/my-apps">My Apps</Link>}
      />
    );
  }
  return (
    <>
      <div className="tests-title-row">
        <div>
          <h1 className="page-title">{TESTS.title}</h1>
          <p className="muted page-subtitle">{tests.appName && TESTS.subtitle(tests.appName)}</p>
        </div>
        <Link to={`/my-apps/${encodeURIComponent(tests.appId)}/runs`}>{TESTS.runsLink}</Link>
      </div>
      <TestCases />
      <RunPanel />
      <TestResults />
      <JsonLines />
    </>
  );
});

const RunPanel = observer(function RunPanel() {
  const { tests } = useStores();
  const { estimate, latest } = tests;
  if (tests.cases.length === 0) return null;
  return (
    <section className="tests-section" aria-labelledby="run-heading">
      <h2 id="run-heading" className="tests-heading">
        {TESTS.runHeading}
      </h2>
      <div className="tests-version">
        <label htmlFor="test-version">{TESTS.versionLabel}</label>
        <HTMLSelect
          id="test-version"
          value={tests.versionId ?? ''}
          disabled={tests.busy || tests.running}
          onChange={(event) => void tests.setVersion(event.target.value || null)}
          options={tests.versionChoices.map(({ id, label }) => ({ value: id ?? '', label }))}
          data-testid="test-version"
        />
      </div>
      {tests.estimateText && <p data-testid="test-estimate">{tests.estimateText}</p>}
      <div className="tests-actions">
        <Button
          intent="primary"
          text={TESTS.runButton(estimate?.credits.max ?? 0)}
          disabled={tests.busy || tests.running || !estimate}
          onClick={() => void tests.start()}
          data-testid="start-test-run"
        />
        {tests.running && <Button text={TESTS.cancelButton} onClick={() => void tests.cancel()} />}
      </div>
      {tests.running && latest && (
        <div className="tests-progress" data-testid="test-progress">
          <ProgressBar value={latest.total === 0 ? 0 : latest.done / latest.total} intent="primary" />
          <span className="muted small">{TESTS.progress(latest.done, latest.total)}</span>
        </div>
      )}
    </section>
  );
});

const JsonLines = observer(function JsonLines() {
  const { tests } = useStores();
  return (
    <section className="tests-section" aria-labelledby="jsonl-heading">
      <h2 id="jsonl-heading" className="tests-heading">
        {TESTS.jsonLinesHeading}
      </h2>
      <p className="muted small">{TESTS.jsonLinesHelp}</p>
      <TextArea
        fill
        rows={5}
        className="tests-jsonl"
        aria-labelledby="jsonl-heading"
        value={tests.jsonLines}
        onChange={(event) => tests.setJsonLines(event.target.value)}
      />
      <div className="tests-actions">
        <Button
          text={TESTS.importButton}
          disabled={tests.busy || tests.jsonLines.trim() === ''}
          onClick={() => void tests.importCases(false)}
        />
        <Button
          text={TESTS.replaceButton}
          disabled={tests.busy || tests.jsonLines.trim() === ''}
          onClick={() => void tests.importCases(true)}
        />
        <Button
          variant="minimal"
          text={TESTS.exportButton}
          disabled={tests.busy}
          onClick={() => void tests.exportCases()}
        />
      </div>
    </section>
  );
});

export default TestsPage;
