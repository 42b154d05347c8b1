import { Callout, Card, HTMLTable, Tag } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import type { CaseResult } from '../../api/app-tests';
import { useStores } from '../../stores-context';
import { TESTS } from '../../texts/testing-texts';

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The answers a case's row shows: the final one, then each one a check looked at elsewhere. */
function shownAnswers(result: CaseResult): { target: string; text: string }[] {
  const final = result.answers.answer;
  const shown = final === undefined || final === null ? [] : [{ target: 'answer', text: asText(final) }];
  const targets = new Set(result.checks.map((check) => check.target).filter((t) => t !== 'answer'));
  for (const target of targets) {
    const value = result.answers[target];
    if (value !== undefined && value !== null) shown.push({ target, text: asText(value) });
  }
  return shown;
}

/** The latest test run: its summary, how it compares, each case with each check and answers. */
export const TestResults = observer(function TestResults() {
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
        <Callout className="tests-comparison" title={tests.comparisonTitle} data-testid="test-comparison">
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
        <HTMLTable className="tests-table tests-stack" compact data-testid="results-table">
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
                <td data-label={TESTS.caseChecks}>
                  {result.checks.map((check, i) => (
                    <div key={i} className="tests-check-outcome" data-testid="check-outcome">
                      <div className={check.passed ? 'tests-check-passed' : 'tests-check-failed'}>
                        {check.passed ? '✓' : '✗'} {check.reason}
                      </div>
                      <div className="tests-check-actual muted small">
                        {check.actual === null
                          ? TESTS.nothingFound
                          : TESTS.actual(
                              check.actual,
                              check.target === 'answer' ? null : tests.targetName(check.target),
                            )}
                      </div>
                    </div>
                  ))}
                  {result.checks.length === 0 && result.status === 'passed' && (
                    <div className="tests-check-passed">✓ {TESTS.runSucceeded}</div>
                  )}
                  {result.error && <div className="tests-check-failed">{result.error}</div>}
                </td>
                <td data-label={TESTS.answerColumn}>
                  {shownAnswers(result).map(({ target, text }) => (
                    <div key={target} className="tests-answer" data-testid="case-answer">
                      {target !== 'answer' && (
                        <span className="tests-answer-label">{tests.targetName(target)}: </span>
                      )}
                      {text}
                    </div>
                  ))}
                </td>
                <td data-label={TESTS.latencyColumn}>
                  {result.latencyMs === null ? '–' : `${result.latencyMs} ms`}
                </td>
                <td data-label={TESTS.creditsColumn}>
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
