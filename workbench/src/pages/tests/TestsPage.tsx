import {
  Button,
  Callout,
  Card,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  NonIdealState,
  ProgressBar,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { ConfirmIcon, PlusIcon, TrashIcon, WarningSignIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { CaseResult, TestCheck } from '../../api/app-tests';
import { SignedInPage } from '../../components/SignedInPage';
import { usePageTitle } from '../../components/use-page-title';
import { useStores } from '../../stores-context';
import { checkFromForm, describeCheck } from '../../stores/tests-store';
import { PAGE_TITLES } from '../../texts/page-titles';
import { TESTS } from '../../texts/testing-texts';
import './tests.css';

function answerText(result: CaseResult): string {
  const answer = result.answers.answer;
  if (answer === undefined || answer === null) return result.error ?? '';
  return typeof answer === 'string' ? answer : JSON.stringify(answer);
}

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
      <Cases />
      <RunPanel />
      <Results />
      <JsonLines />
    </>
  );
});

const Cases = observer(function Cases() {
  const { tests } = useStores();
  return (
    <section className="tests-section" aria-labelledby="cases-heading">
      <h2 id="cases-heading" className="tests-heading">
        {TESTS.casesHeading(tests.cases.length)}
      </h2>
      {tests.cases.length === 0 ? (
        <p className="muted" data-testid="cases-empty">
          {TESTS.casesEmpty}
        </p>
      ) : (
        <Card className="tests-table-card">
          <HTMLTable className="tests-table" compact data-testid="cases-table">
            <thead>
              <tr>
                <th>{TESTS.caseName}</th>
                <th>{TESTS.caseInputs}</th>
                <th>{TESTS.caseChecks}</th>
                <th aria-label={TESTS.removeCase('')} />
              </tr>
            </thead>
            <tbody>
              {tests.cases.map((one) => (
                <tr key={one.id}>
                  <td>{one.name}</td>
                  <td className="tests-inputs">
                    {Object.entries(one.inputs)
                      .map(([key, value]) => `${key}: ${String(value)}`)
                      .join(' · ')}
                  </td>
                  <td>
                    {one.checks.length === 0 ? (
                      <span className="muted">{TESTS.noChecks}</span>
                    ) : (
                      one.checks.map((check, i) => (
                        <Tag key={i} minimal className="tests-check">
                          {describeCheck(check)}
                        </Tag>
                      ))
                    )}
                  </td>
                  <td className="tests-row-actions">
                    <AddCheck caseId={one.id} caseName={one.name} />
                    <Button
                      variant="minimal"
                      size="small"
                      icon={<TrashIcon />}
                      aria-label={TESTS.removeCase(one.name)}
                      disabled={tests.busy}
                      onClick={() => void tests.removeCase(one.id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
    </section>
  );
});

const CHECK_TYPES: TestCheck['type'][] = [
  'contains',
  'equals',
  'matches',
  'jsonSchema',
  'range',
  'label',
  'judge',
];

/** A case's "Add a check": the kind, what it looks at, and its one field. */
const AddCheck = observer(function AddCheck({ caseId, caseName }: { caseId: string; caseName: string }) {
  const { tests, toasts } = useStores();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<TestCheck['type']>('contains');
  const [target, setTarget] = useState('');
  const [text, setText] = useState('');
  if (!open)
    return (
      <Button
        variant="minimal"
        size="small"
        icon={<PlusIcon />}
        aria-label={`${TESTS.addCheck}: ${caseName}`}
        title={TESTS.addCheck}
        onClick={() => setOpen(true)}
      />
    );
  const submit = async () => {
    const check = checkFromForm(type, target, text);
    if ('problem' in check) {
      toasts.show('danger', check.problem);
      return;
    }
    if (await tests.addCheck(caseId, check)) {
      setOpen(false);
      setText('');
    }
  };
  return (
    <form
      className="tests-add-check"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <HTMLSelect
        aria-label={TESTS.checkType}
        value={type}
        onChange={(event) => setType(event.target.value as TestCheck['type'])}
        options={CHECK_TYPES.map((value) => ({ value, label: TESTS.checkTypes[value] ?? value }))}
      />
      <InputGroup
        aria-label={TESTS.checkTarget}
        placeholder={TESTS.checkTargetPlaceholder}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        className="tests-check-target"
      />
      <InputGroup
        aria-label={TESTS.checkTypes[type]}
        placeholder={TESTS.checkFieldPlaceholder[type]}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoFocus
      />
      <Button type="submit" intent="primary" text={TESTS.saveCheck} disabled={tests.busy} />
      <Button variant="minimal" text={TESTS.cancelButton} onClick={() => setOpen(false)} />
    </form>
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
      {estimate && (
        <p data-testid="test-estimate">
          {TESTS.estimate(
            estimate.cases,
            estimate.credits.min,
            estimate.credits.max,
            estimate.versionNumber ?? null,
            estimate.judgeCredits,
          )}
        </p>
      )}
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

const Results = observer(function Results() {
  const { tests } = useStores();
  const { latest, comparison } = tests;
  if (!latest) return null;
  return (
    <section className="tests-section" aria-labelledby="results-heading">
      <h2 id="results-heading" className="tests-heading">
        {TESTS.resultsHeading}
      </h2>
      <div className="tests-summary" data-testid="test-summary">
        <Tag
          large
          intent={latest.failed === 0 && latest.done > 0 ? 'success' : latest.failed > 0 ? 'danger' : 'none'}
        >
          {TESTS.summary(latest.passed, latest.total)}
        </Tag>
        <Tag minimal>{TESTS.runStatus[latest.status] ?? latest.status}</Tag>
        {latest.versionNumber !== null && <Tag minimal>v{latest.versionNumber}</Tag>}
        <span className="muted small">
          {TESTS.latency(latest.latencyMs.p50 ?? null, latest.latencyMs.p95 ?? null)}
        </span>
        <span className="muted small">{TESTS.credits(latest.creditsPerRun ?? null, latest.credits)}</span>
      </div>
      {comparison && latest.status !== 'running' && (
        <Callout className="tests-comparison" title={TESTS.comparisonHeading} data-testid="test-comparison">
          {!comparison.baseline
            ? TESTS.noBaseline
            : comparison.better.length === 0 && comparison.worse.length === 0
              ? TESTS.unchanged
              : [
                  comparison.better.length > 0 &&
                    TESTS.better(comparison.better.map((c) => c.name).join(', ')),
                  comparison.worse.length > 0 && TESTS.worse(comparison.worse.map((c) => c.name).join(', ')),
                ]
                  .filter(Boolean)
                  .join(' · ')}
        </Callout>
      )}
      <Card className="tests-table-card">
        <HTMLTable className="tests-table" compact data-testid="results-table">
          <thead>
            <tr>
              <th>{TESTS.caseName}</th>
              <th>{TESTS.caseChecks}</th>
              <th>{TESTS.answerColumn}</th>
              <th>{TESTS.latencyColumn}</th>
              <th>{TESTS.creditsColumn}</th>
            </tr>
          </thead>
          <tbody>
            {latest.cases.map((result) => (
              <tr key={result.caseId}>
                <td>
                  <Tag
                    intent={
                      result.status === 'passed' ? 'success' : result.status === 'failed' ? 'danger' : 'none'
                    }
                    minimal
                  >
                    {TESTS.statusOf[result.status]}
                  </Tag>{' '}
                  {result.name}
                </td>
                <td>
                  {result.checks.map((check, i) => (
                    <div key={i} className={check.passed ? 'tests-check-passed' : 'tests-check-failed'}>
                      {check.passed ? '✓' : '✗'} {check.reason}
                    </div>
                  ))}
                  {result.error && <div className="tests-check-failed">{result.error}</div>}
                </td>
                <td>
                  <div className="tests-answer">{answerText(result)}</div>
                </td>
                <td>{result.latencyMs === null ? '–' : `${result.latencyMs} ms`}</td>
                <td>
                  {result.credits}
                  {result.runId && (
                    <>
                      {' '}
                      <Link to={`/runs/${encodeURIComponent(result.runId)}`}>{TESTS.openRun}</Link>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </Card>
      {tests.runs.length > 1 && (
        <>
          <h3 className="tests-subheading">{TESTS.historyHeading}</h3>
          <ul className="tests-history">
            {tests.runs.slice(1).map((run) => (
              <li key={run.id}>
                {new Date(run.createdAt).toLocaleString()} · v{run.versionNumber ?? '–'} ·{' '}
                {TESTS.purpose[run.purpose] ?? run.purpose} · {TESTS.summary(run.passed, run.total)}
              </li>
            ))}
          </ul>
        </>
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
