import { STATUS_LABELS } from '../../canvas/block-visuals';
import { Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import type { CatalogueStore } from '../../stores/catalogue-store';
import type { DocumentStore } from '../../stores/document-store';
import { blockTitle } from '../../stores/run-errors';
import type { RunStore } from '../../stores/run-store';
import { RunNotices } from '../builder/RunNotices';

/**
 * Each block of a run under way (spinner while it runs; a loop item's streamed text, as the
 * results show only whole blocks'), in canvas order.
 */
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
              <span>{blockTitle(plugin, catalogue.byId.get(plugin.type))}</span>
              {state.status === 'skipped' ? (
                <span className="runner-step-text">{STATUS_LABELS.skipped}</span>
              ) : (
                // Streamed text fills the results; only an item inside a loop shows its text here.
                state.text &&
                state.position && <span className="runner-step-text">{state.text.slice(-160)}</span>
              )}
            </div>
          );
        })}
    </div>
  );
});

/** The run's notices: its connection while it runs, and its error once, naming the block. */
export function RunFailures({ run }: { run: RunStore }) {
  return <RunNotices run={run} />;
}
