import { Button, Card, Overlay2, ProgressBar } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { AI_BUILD } from '../../texts/runner-texts';

/** The progress overlay of an AI build started from the landing page. */
export const AiBuildOverlay = observer(function AiBuildOverlay() {
  const { aiBuild } = useStores();
  const loading = aiBuild.phase === 'loading';
  return (
    <Overlay2 isOpen={aiBuild.active} canEscapeKeyClose={false} canOutsideClickClose={false} hasBackdrop>
      <div className="ai-build-overlay">
        <Card elevation={4} className="ai-build-card" data-testid="ai-build">
          <h3>{loading ? AI_BUILD.loadingTitle : AI_BUILD.title}</h3>
          <p className="ai-build-prompt">“{aiBuild.prompt}”</p>
          <ProgressBar value={aiBuild.progress / 100} intent="primary" />
          <p className="muted small">
            {aiBuild.progress}% · {loading ? AI_BUILD.loadingTitle : (AI_BUILD.steps[aiBuild.progress] ?? '')}
          </p>
          <p className="muted small">{AI_BUILD.takes}</p>
          <Button text={AI_BUILD.cancel} onClick={() => aiBuild.cancel()} />
        </Card>
      </div>
    </Overlay2>
  );
});
