import { Button, Callout, Card } from '@blueprintjs/core';
import { EyeOpenIcon, HistoryIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { RunnerHistory } from '../../stores/runner-history';
import type { RunStore } from '../../stores/run-store';
import { RUNS, SHARING_NOTICE, formatWhen } from '../../texts/run-history-texts';
import { StatusTag } from '../runs/RunsLayout';

/** "The creator of this app can see what you enter and the results.", while the owner shares run details. */
export const SharingNotice = observer(function SharingNotice({ history }: { history: RunnerHistory }) {
  if (!history.sharing) return null;
  return (
    <Callout icon={<EyeOpenIcon />} className="sharing-notice" data-testid="sharing-notice">
      {SHARING_NOTICE}
    </Callout>
  );
});

/** The person's recent runs of the app; one opens with its results, nothing runs again. */
export const RecentRuns = observer(function RecentRuns({ history }: { history: RunnerHistory }) {
  if (history.recent === null) return null;
  return (
    <Card className="recent-runs" data-testid="recent-runs">
      <h2 className="runner-heading">{RUNS.recentRuns}</h2>
      {history.rows.length === 0 ? (
        <p className="muted small">{RUNS.recentRunsEmpty}</p>
      ) : (
        <ul className="recent-run-list">
          {history.rows.map((row) => (
            <li key={row.id} className="recent-run" data-testid="recent-run">
              <StatusTag intent={row.intent} label={row.statusLabel} />
              <time className="recent-run-when" dateTime={row.at}>
                {row.when}
              </time>
              <Button
                size="small"
                variant="minimal"
                intent="primary"
                text={RUNS.open}
                loading={history.opening === row.id}
                onClick={() => void history.reopen(row.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <Link to="/runs" className="small">
        <HistoryIcon size={12} /> {RUNS.menuItem}
      </Link>
    </Card>
  );
});

/** Above results reopened from history: which run they are, and that nothing ran again. */
export const ShownRunBanner = observer(function ShownRunBanner({ run }: { run: RunStore }) {
  const shown = run.shownRun;
  const element = useRef<HTMLDivElement>(null);
  // On a phone the results sit below the list the run was opened from.
  useEffect(() => {
    if (shown) element.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={element}>
      <Callout intent="primary" icon={<HistoryIcon />} className="shown-run" data-testid="shown-run">
        <strong>{RUNS.ranAt(formatWhen(shown.createdAt))}</strong> · {RUNS.showingKept}{' '}
        <Link to={`/runs/${shown.id}`}>{RUNS.openRun}</Link>
      </Callout>
    </div>
  );
});

/**
 * `?runAgain={runId}`: fills the inputs with that run's once the app is shown. The address keeps
 * it (a new address would be a new visit of the page).
 */
export function useRunAgainParam(history: RunnerHistory, ready: boolean): void {
  const [params] = useSearchParams();
  const runAgain = params.get('runAgain');
  useEffect(() => {
    if (runAgain && ready) void history.fillFrom(runAgain);
  }, [runAgain, ready, history]);
}
