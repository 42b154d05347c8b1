import { Button, Drawer, Position } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { MOBILE_BREAKPOINT } from '@blocksmith/schema';
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/base.css';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStores } from '../../stores-context';
import { PROPERTIES } from '../../texts/builder-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { usePageTitle } from '../use-page-title';
import { AiBuildOverlay } from './AiBuildOverlay';
import { AssistantChat } from './AssistantChat';
import './assistants.css';
import { AddNodePanel } from './AddNodePanel';
import { BuilderHeader } from './BuilderHeader';
import { ConfirmDialog, LoadingOverlay, OpenAppsDialog, ShareDialog } from './BuilderDialogs';
import { CanvasArea } from './CanvasArea';
import { FullBlockDialog } from './FullBlockDialog';
import { HistoryPanel } from './HistoryPanel';
import { LocalDraftDialog } from './LocalDraftDialog';
import { PreviewDrawer } from './PreviewDrawer';
import { PromptAssistantDialog } from './PromptAssistantDialog';
import { PropertiesPanel } from './PropertiesPanel';
import { ShortcutSheet } from './ShortcutSheet';
import { Sidebar } from './Sidebar';
import { useBeforeUnload, useBuilderKeys, useNarrowScreen } from './use-builder-keys';

/** The app builder at /app. */
const BuilderPage = observer(function BuilderPage() {
  const { builder, aiBuild, onboarding, upgrade } = useStores();
  const { view } = builder;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePageTitle(PAGE_TITLES.builder(builder.document.meta.name));

  // "Run again with these inputs" from a kept run: start opens its app with the preview filled
  // in (declared before the effect that starts the builder, so start sees it).
  const runAgain = params.get('runAgain');
  useEffect(() => {
    if (!runAgain) return;
    builder.requestRunAgain(runAgain);
    navigate('/app', { replace: true });
  }, [runAgain, navigate, builder]);

  useEffect(() => {
    let live = true;
    void builder.start().then(async () => {
      if (!live) return;
      await aiBuild.startPending();
      if (!live) return;
      // An app kept in this browser is offered back, unless an AI build just replaced the canvas.
      if (aiBuild.active) builder.localDraft.skip();
      else builder.localDraft.check();
      if (!aiBuild.active) onboarding.show(() => !aiBuild.pending);
    });
    return () => {
      live = false;
      onboarding.cancelPending();
    };
  }, [builder, aiBuild, onboarding]);

  useEffect(() => {
    if (params.get('upgrade') === 'success') {
      upgrade.upgraded();
      navigate('/app', { replace: true });
    }
  }, [params, navigate, upgrade]);

  useBuilderKeys(builder);
  useBeforeUnload(builder);
  useNarrowScreen(
    MOBILE_BREAKPOINT,
    useCallback((narrow: boolean) => view.setMobile(narrow), [view]),
  );

  const mobile = view.isMobile;
  const full = view.fullScreen;
  // What stands at the right of the canvas (the assistant's button keeps clear of it).
  const rightPanel = mobile
    ? 'none'
    : !full && builder.history.open
      ? 'history'
      : view.propertiesCollapsed
        ? 'collapsed'
        : 'properties';
  return (
    <ReactFlowProvider>
      <div
        className={`builder${full ? ' is-full-screen' : ''}${mobile ? ' is-mobile' : ''} right-${rightPanel}`}
      >
        {!full && <BuilderHeader />}
        <div className="builder-body">
          {!full && !mobile && (
            <aside className="sidebar" aria-label="Blocks">
              <Sidebar />
            </aside>
          )}
          <CanvasArea />
          {!mobile && !full && <HistoryPanel />}
          {!mobile && (full || !builder.history.open) && (
            <aside
              className={`properties${view.propertiesCollapsed ? ' is-collapsed' : ''}${full ? ' is-docked' : ''}`}
              aria-label="Properties"
            >
              <Button
                className="properties-toggle"
                variant="minimal"
                size="small"
                icon={view.propertiesCollapsed ? <ChevronLeftIcon /> : <ChevronRightIcon />}
                aria-label={view.propertiesCollapsed ? PROPERTIES.expand : PROPERTIES.collapse}
                title={view.propertiesCollapsed ? PROPERTIES.expand : PROPERTIES.collapse}
                onClick={() => view.togglePropertiesCollapsed()}
              />
              {!view.propertiesCollapsed && <PropertiesPanel withActions={full} />}
            </aside>
          )}
          {full && <AddNodePanel />}
        </div>
        {mobile && (
          <>
            <Drawer
              isOpen={view.paletteOpen}
              onClose={() => view.setPaletteOpen(false)}
              position={Position.LEFT}
              size="86%"
              title="Blocks"
              className="mobile-drawer"
              canOutsideClickClose={!onboarding.open}
              enforceFocus={!onboarding.open}
            >
              <div className="drawer-scroll">
                <Sidebar />
              </div>
            </Drawer>
            <Drawer
              isOpen={view.propertiesOpen}
              onClose={() => view.setPropertiesOpen(false)}
              position={Position.RIGHT}
              size="86%"
              title="Properties"
              className="mobile-drawer"
              canOutsideClickClose={!onboarding.open}
              enforceFocus={!onboarding.open}
            >
              <div className="drawer-scroll">
                <PropertiesPanel withActions={full} />
              </div>
            </Drawer>
          </>
        )}
        <PreviewDrawer />
        {mobile && <HistoryPanel />}
        <LocalDraftDialog />
        <ShareDialog />
        <ConfirmDialog />
        <OpenAppsDialog />
        <FullBlockDialog />
        <LoadingOverlay />
        <aside className="assistant-landmark" aria-label="AI assistant">
          <AssistantChat />
        </aside>
        <PromptAssistantDialog />
        <AiBuildOverlay />
        <ShortcutSheet />
      </div>
    </ReactFlowProvider>
  );
});

export default BuilderPage;
