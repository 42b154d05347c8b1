import { Callout, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import type { RunStore } from '../../stores/run-store';
import { Link } from 'react-router-dom';
import { APPROVAL } from '../../texts/approval-texts';
import { RUN_ERRORS, RUN_NOTES } from '../../texts/run-history-texts';
import './run-notices.css';

/**
 * A failed run's error, said once where its results would be: the spec's 'Failed to execute app'
 * and what went wrong, naming the block by its title. Scrolled into view, as on a phone the
 * results may sit below the Run button.
 */
export const RunErrorCallout = observer(function RunErrorCallout({ run }: { run: RunStore }) {
  const element = useRef<HTMLDivElement>(null);
  const shown = run.phase === 'failed' && run.error !== '';
  useEffect(() => {
    if (shown) element.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={element}>
      <Callout
        intent="danger"
        title={RUN_ERRORS.title}
        role="alert"
        className="run-error"
        data-testid="run-error"
      >
        {run.error}
      </Callout>
    </div>
  );
});

/** While the connection carrying a run's progress is lost (being made again), and once it is back. */
export const ConnectionNotice = observer(function ConnectionNotice({ run }: { run: RunStore }) {
  if (run.connection === 'ok') return null;
  const lost = run.connection === 'lost';
  return (
    <Callout
      intent={lost ? 'warning' : 'primary'}
      icon={lost ? <Spinner size={16} /> : undefined}
      role="status"
      className="run-connection"
      data-testid="run-connection"
      data-state={run.connection}
    >
      {lost ? RUN_ERRORS.connectionLost : RUN_ERRORS.connectionRestored}
    </Callout>
  );
});

/** A run stopped at an Approval block: it waits for a person and goes on once approved. */
export const WaitingNotice = observer(function WaitingNotice({ run }: { run: RunStore }) {
  if (run.phase !== 'waiting') return null;
  return (
    <Callout
      intent="warning"
      title={APPROVAL.title}
      role="status"
      className="run-waiting"
      data-testid="run-waiting"
    >
      {APPROVAL.runnerNote} {run.runId && <Link to={`/runs/${run.runId}`}>{APPROVAL.openRun}</Link>}
    </Callout>
  );
});

/**
 * What a run has to say beside its results: the connection while it runs, that it waits for
 * approval (`waiting`, unless the page shows the request itself), its error once it failed.
 */
export function RunNotices({ run, waiting = true }: { run: RunStore; waiting?: boolean }) {
  return (
    <>
      <ConnectionNotice run={run} />
      {waiting && <WaitingNotice run={run} />}
      <RunErrorCallout run={run} />
    </>
  );
}

/** What failed while a run went on (its blocks' On error), each note naming the block and the items. */
export const RunNotesCallout = observer(function RunNotesCallout({ run }: { run: RunStore }) {
  const notes = run.notes;
  if (notes.length === 0) return null;
  return (
    <Callout
      intent="warning"
      title={RUN_NOTES.title(notes.length)}
      className="run-notes"
      data-testid="run-notes"
    >
      <ul>
        {notes.map((note, index) => (
          <li key={`${note.nodeId}:${index}`}>{note.message}</li>
        ))}
      </ul>
    </Callout>
  );
});
