import { Button, ButtonGroup, Tooltip } from '@blueprintjs/core';
import {
  FullscreenIcon,
  MinimizeIcon,
  PropertiesIcon,
  RedoIcon,
  UndoIcon,
  ZoomInIcon,
  ZoomOutIcon,
  ZoomToFitIcon,
  CubeAddIcon,
  KeyCommandIcon,
} from '@blueprintjs/icons';
import { zoomPercent } from '@blocksmith/schema';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../stores-context';
import { CANVAS, nodeCount } from '../../texts/builder-texts';
import { SHORTCUT_SHEET } from '../../texts/shortcut-texts';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/** Above the canvas: title, node count, undo/redo, zoom controls, Fit and Full Screen. */
export const CanvasToolbar = observer(function CanvasToolbar() {
  const { builder } = useStores();
  const { view, document } = builder;
  return (
    <div className="canvas-toolbar" role="toolbar" aria-label="Canvas">
      <div className="toolbar-left">
        {view.isMobile && !view.fullScreen && (
          <Button
            variant="minimal"
            icon={<CubeAddIcon />}
            aria-label="Show blocks"
            onClick={() => view.setPaletteOpen(true)}
          />
        )}
        <h2 className="canvas-title">{CANVAS.title}</h2>
        <span className="node-count" data-testid="node-count">
          {nodeCount(builder.shownConfig.plugins.length)}
        </span>
      </div>
      <div className="toolbar-right">
        <ButtonGroup variant="minimal">
          <Tooltip content={`Undo (${MOD}Z)`} placement="bottom">
            <Button
              icon={<UndoIcon />}
              aria-label="Undo"
              disabled={!document.canUndo || builder.readOnly}
              onClick={() => builder.gestures.undo()}
            />
          </Tooltip>
          <Tooltip content={`Redo (Shift+${MOD}Z)`} placement="bottom">
            <Button
              icon={<RedoIcon />}
              aria-label="Redo"
              disabled={!document.canRedo || builder.readOnly}
              onClick={() => builder.gestures.redo()}
            />
          </Tooltip>
        </ButtonGroup>
        {!view.isMobile && (
          <Tooltip content={`${SHORTCUT_SHEET.button} (?)`} placement="bottom">
            <Button
              variant="minimal"
              icon={<KeyCommandIcon />}
              aria-label={SHORTCUT_SHEET.button}
              onClick={() => view.setShortcutsOpen(true)}
            />
          </Tooltip>
        )}
        <span className="toolbar-divider hide-mobile" />
        <ButtonGroup variant="minimal">
          {!view.isMobile && (
            <Tooltip content={CANVAS.zoomOut} placement="bottom">
              <Button icon={<ZoomOutIcon />} aria-label={CANVAS.zoomOut} onClick={() => view.zoomOut()} />
            </Tooltip>
          )}
          <Tooltip content={CANVAS.resetZoom} placement="bottom">
            <Button
              className="zoom-percent"
              text={zoomPercent(view.zoom)}
              aria-label={`${zoomPercent(view.zoom)}: ${CANVAS.resetZoom}`}
              onClick={() => view.resetZoom()}
              data-testid="zoom-percent"
            />
          </Tooltip>
          {!view.isMobile && (
            <Tooltip content={CANVAS.zoomIn} placement="bottom">
              <Button icon={<ZoomInIcon />} aria-label={CANVAS.zoomIn} onClick={() => view.zoomIn()} />
            </Tooltip>
          )}
          <Button
            icon={<ZoomToFitIcon />}
            text={<span className="hide-narrow">{CANVAS.fit}</span>}
            aria-label={CANVAS.fit}
            onClick={() => view.fit(builder.shownConfig.plugins)}
          />
          <Button
            icon={view.fullScreen ? <MinimizeIcon /> : <FullscreenIcon />}
            text={
              <span className="hide-narrow">
                {view.fullScreen ? CANVAS.exitFullScreen : CANVAS.fullScreen}
              </span>
            }
            aria-label={view.fullScreen ? CANVAS.exitFullScreen : CANVAS.fullScreen}
            onClick={() => view.setFullScreen(!view.fullScreen)}
          />
        </ButtonGroup>
        {view.isMobile && !view.fullScreen && (
          <Button
            variant="minimal"
            icon={<PropertiesIcon />}
            aria-label="Show properties"
            onClick={() => view.setPropertiesOpen(true)}
          />
        )}
      </div>
    </div>
  );
});
