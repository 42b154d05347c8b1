import { Tag } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../../stores-context';
import { TESTS } from '../../texts/testing-texts';

/** The reviewer's view of an app's test runs, beside its changes: each run, and what failed in the newest. */
export const ReviewTestRuns = observer(function ReviewTestRuns({ appId }: { appId: string }) {
  const { tests } = useStores();
  useEffect(() => {
    void tests.openReview(appId);
  }, [tests, appId]);
  const runs = tests.reviewRuns;
  return (
    <section className="review-test-runs" data-testid="review-test-runs">
      <h4>{TESTS.reviewHeading}</h4>
      {tests.reviewFailed ? (
        <p className="admin-muted">{TESTS.reviewFailed}</p>
      ) : runs === null ? (
        <p className="admin-muted">{TESTS.reviewLoading}</p>
      ) : runs.length === 0 ? (
        <p className="admin-muted">{TESTS.reviewNone}</p>
      ) : (
        <ul>
          {runs.slice(0, 5).map((run, index) => (
            <li key={run.id}>
              <Tag minimal intent={run.failed === 0 && run.status === 'finished' ? 'success' : 'danger'}>
                {run.passRate ?? 0}%
              </Tag>{' '}
              {TESTS.reviewRun(
                run.versionNumber ?? null,
                TESTS.purpose[run.purpose] ?? run.purpose,
                run.passed,
                run.total,
              )}
              {index === 0 && run.failed > 0 && (
                <ul>
                  {run.cases
                    .filter((one) => one.status === 'failed')
                    .map((one) => (
                      <li key={one.caseId} className="admin-muted">
                        {one.name}: {one.error ?? one.checks.find((check) => !check.passed)?.reason}
                      </li>
                    ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
