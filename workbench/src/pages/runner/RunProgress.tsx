import { STATUS_LABELS } from '../../canvas/block-visuals';
import { Callout, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import type { CatalogueStore } from '../../stores/catalogue-store';
import type { DocumentStore } from '../../stores/document-store';
import type { RunStore } from '../../stores/run-store';

/** Each block of a run under way (spinner while it runs, its streamed text), in canvas order. */
export const RunProgress = observer(function RunProgress({
  run,
  document,
  catalogue,
}: {
  run: RunStore;
  document: DocumentStore;
  catalogue: CatalogueStore;
}) {
  if (!run.processing) return null;
  return (
    <div className="runner-progress" data-testid="runner-progress">
      {document.config.plugins
        .filter((plugin) => run.nodeState(plugin.id))
        .map((plugin) => {
          const state = run.nodeState(plugin.id)!;
          return (
            <div key={plugin.id} className={`runner-step is-${state.status}`}>
              {state.status === 'running' ? <Spinner size={14} /> : <span className="dot" />}
              <span>{catalogue.byId.get(plugin.type)?.name ?? plugin.type}</span>
              {state.status === 'skipped' ? (
                <span className="runner-step-text">{STATUS_LABELS.skipped}</span>
              ) : (
                state.text && <span className="runner-step-text">{state.text.slice(-160)}</span>
              )}
            </div>
          );
        })}
    </div>
  );
});

/** The run's error and each failed block's, as callouts. */
export const RunFailures = observer(function RunFailures({ run }: { run: RunStore }) {
  const failures = [...run.nodes.entries()].filter(([, state]) => state.status === 'failed');
  return (
    <>
      {run.phase === 'failed' && run.error && (
        <Callout intent="danger" role="alert">
          {run.error}
        </Callout>
      )}
      {failures.map(([id, state]) => (
        <Callout key={id} intent="warning">
          {state.error}
        </Callout>
      ))}
    </>
  );
});
