import { Button, Card, NonIdealState } from '@blueprintjs/core';
import { DataLineageIcon, ErrorIcon, GraphIcon } from '@blueprintjs/icons';
import {
  INVALID_NODE_LIST_HEADING,
  INVALID_NODE_LIST_NOTE,
  INVALID_NODE_LIST_TEXT,
} from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { FlowCanvas } from '../../canvas/FlowCanvas';
import { useStores } from '../../stores-context';
import { CANVAS, INVALID_SCREEN_HINT } from '../../texts/builder-texts';
import { CanvasToolbar } from './CanvasToolbar';
import { OnboardingTour } from './OnboardingTour';
import { VersionBanner } from './VersionViewing';

/** Shown instead of the canvas when the app's node list cannot be drawn. */
const InvalidNodeList = observer(function InvalidNodeList() {
  const { builder } = useStores();
  return (
    <div className="invalid-node-list" role="alert">
      <NonIdealState
        icon={<ErrorIcon size={48} className="danger-icon" />}
        title={INVALID_NODE_LIST_HEADING}
        description={
          <>
            <p>{INVALID_NODE_LIST_TEXT}</p>
            <p className="muted">{INVALID_NODE_LIST_NOTE}</p>
          </>
        }
        action={
          <Button intent="primary" text={INVALID_SCREEN_HINT} onClick={() => builder.drafts.newApp()} />
        }
      />
    </div>
  );
});

const CanvasOverlays = observer(function CanvasOverlays() {
  const { builder } = useStores();
  const blockCount = builder.shownConfig.plugins.length;
  const connectionCount = builder.shownConfig.connections.length;
  if (builder.readOnly) return null;
  if (blockCount === 0) {
    return (
      <div className="canvas-empty">
        <GraphIcon size={40} />
        <h3>{CANVAS.emptyHeading}</h3>
        <p>{CANVAS.emptyText}</p>
      </div>
    );
  }
  if (blockCount > 1 && connectionCount === 0) {
    return (
      <Card className="connect-hint" elevation={1}>
        <DataLineageIcon size={18} />
        <div>
          <strong>{CANVAS.hintHeading}</strong>
          <p>{CANVAS.hintText}</p>
        </div>
      </Card>
    );
  }
  return null;
});

/** The Playground: toolbar, canvas and its empty state and hint. */
export const CanvasArea = observer(function CanvasArea() {
  const { builder } = useStores();
  return (
    <main className="canvas-area" aria-label={CANVAS.title}>
      <CanvasToolbar />
      <VersionBanner />
      {builder.document.isValid || builder.readOnly ? (
        <div className={`canvas-stage${builder.readOnly ? ' is-read-only' : ''}`} data-tour="canvas">
          <FlowCanvas />
          <CanvasOverlays />
          <OnboardingTour />
        </div>
      ) : (
        <InvalidNodeList />
      )}
    </main>
  );
});
