import { Button, Callout, Drawer } from '@blueprintjs/core';
import { PlayIcon } from '@blueprintjs/icons';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { useStores } from '../../stores-context';
import { HEADER, RUN_PANEL } from '../../texts/builder-texts';
import { RunResults } from './ResultView';
import { RunChecklist } from './RunChecklist';
import { RunInputControl } from './RunInputControl';
import { RunNotices } from './RunNotices';
import { RunToolCalls } from './RunToolCalls';

/** The live preview: one input per input block, Run, and the results as the run streams in. */
export const PreviewDrawer = observer(function PreviewDrawer() {
  const { builder, session } = useStores();
  const { run } = builder;
  return (
    <Drawer
      isOpen={builder.dialogs.previewOpen}
      onClose={() => builder.dialogs.setPreviewOpen(false)}
      title={RUN_PANEL.title}
      icon={<PlayIcon />}
      size={builder.view.isMobile ? '100%' : 440}
      hasBackdrop={false}
      enforceFocus={false}
      canOutsideClickClose={false}
      className="preview-drawer"
    >
      <div className="preview-body">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void builder.preview.runApp();
          }}
        >
          <h4 className="panel-heading">{RUN_PANEL.inputs}</h4>
          {run.inputFields.length === 0 && <p className="muted">{RUN_PANEL.noInputs}</p>}
          {run.inputFields.map((field) => (
            <RunInputControl key={field.plugin.id} run={run} field={field} />
          ))}
          {!session.signedIn && (
            <Callout intent="primary" className="preview-callout">
              {RUN_PANEL.signInToRun} <Link to="/signin?redirect=/app">{HEADER.signIn}</Link>
            </Callout>
          )}
          {session.signedIn && <RunChecklist checklist={builder.checklist} />}
          <div className="preview-run">
            <span className="muted small">
              {RUN_PANEL.cost} {builder.costText}
            </span>
            <Button
              type="submit"
              intent="success"
              icon={<PlayIcon />}
              text={run.processing ? HEADER.processing : HEADER.run}
              disabled={
                run.processing ||
                !session.signedIn ||
                !builder.hasBlocks ||
                builder.checklist.problems.length > 0
              }
              data-testid="preview-run"
            />
          </div>
        </form>
        <h4 className="panel-heading">{RUN_PANEL.results}</h4>
        <RunNotices run={run} />
        {!run.hasResults && run.phase === 'idle' && <p className="muted">{RUN_PANEL.noResults}</p>}
        <RunResults run={run} slug={builder.document.meta.slug} />
        <RunToolCalls run={run} />
      </div>
    </Drawer>
  );
});
