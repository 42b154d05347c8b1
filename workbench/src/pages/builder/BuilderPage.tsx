import { Button, Drawer, Position, Spinner } from '@blueprintjs/core';
import { ChevronLeftIcon, ChevronRightIcon } from '@blueprintjs/icons';
import { MOBILE_BREAKPOINT } from '@blocksmith/schema';
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/base.css';
import { observer } from 'mobx-react-lite';
import { lazy, useCallback, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { OnceOpened } from '../../components/OnceOpened';
import { useStores } from '../../stores-context';
import { PROPERTIES } from '../../texts/builder-texts';
import { PAGE_TITLES } from '../../texts/page-titles';
import { HISTORY } from '../../texts/version-texts';
import { usePageTitle } from '../../components/use-page-title';
import { AssistantChat } from './AssistantChat';
import './assistants.css';
import { AddNodePanel } from './AddNodePanel';
import { BuilderHeader } from './BuilderHeader';
import { ConfirmDialog, LoadingOverlay, OpenAppsDialog, ShareDialog } from './BuilderDialogs';
import { CanvasArea } from './CanvasArea';
import { PromptAssistantDialog } from './PromptAssistantDialog';
import { PropertiesPanel } from './PropertiesPanel';
import { Sidebar } from './Sidebar';
import { useBeforeUnload, useBuilderKeys, useNarrowScreen } from './use-builder-keys';

// What the builder shows only on demand is loaded the first time it is shown.
const AiBuildOverlay = lazy(() => import('./AiBuildOverlay').then((m) => ({ default: m.AiBuildOverlay })));
const FullBlockDialog = lazy(() => import('./FullBlockDialog').then((m) => ({ default: m.FullBlockDialog })));
const HistoryPanel = lazy(() => import('./HistoryPanel').then((m) => ({ default: m.HistoryPanel })));
const LocalDraftDialog = lazy(() =>
  import('./LocalDraftDialog').then((m) => ({ default: m.LocalDraftDialog })),
);
const PreviewDrawer = lazy(() => import('./PreviewDrawer').then((m) => ({ default: m.PreviewDrawer })));
const ShortcutSheet = lazy(() => import('./ShortcutSheet').then((m) => ({ default: m.ShortcutSheet })));

/** The app builder at /app. */
const BuilderPage = observer(function BuilderPage() {
  const { builder, aiBuild, onboarding, upgrade, palette } = useStores();
  const { view, history } = builder;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  usePageTitle(PAGE_TITLES.builder(builder.document.meta.name));

  // "Run again with these inputs" from a kept run: start opens its app with the preview filled
  // in (declared before the effect that starts the builder, so start sees it).
  const runAgain = params.get('runAgain');
  useEffect(() => {
    if (!runAgain) return;
    builder.preview.requestRunAgain(runAgain);
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
          {!mobile && !full && (
            <OnceOpened
              open={history.open}
              fallback={
                <aside className="history-aside" aria-label={HISTORY.title}>
                  <div className="page-loading">
                    <Spinner aria-label="Loading" />
                  </div>
                </aside>
              }
            >
              <HistoryPanel />
            </OnceOpened>
          )}
          {!mobile && (full || !history.open) && (
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
        <OnceOpened open={builder.dialogs.previewOpen}>
          <PreviewDrawer />
        </OnceOpened>
        {mobile && (
          <OnceOpened open={history.open}>
            <HistoryPanel />
          </OnceOpened>
        )}
        <OnceOpened open={builder.localDraft.offer !== null}>
          <LocalDraftDialog />
        </OnceOpened>
        <ShareDialog />
        <ConfirmDialog />
        <OpenAppsDialog />
        <OnceOpened open={palette.upgradeOpen}>
          <FullBlockDialog />
        </OnceOpened>
        <LoadingOverlay />
        <aside className="assistant-landmark" aria-label="AI assistant">
          <AssistantChat />
        </aside>
        <PromptAssistantDialog />
        <OnceOpened open={aiBuild.active}>
          <AiBuildOverlay />
        </OnceOpened>
        <OnceOpened open={view.shortcutsOpen}>
          <ShortcutSheet />
        </OnceOpened>
      </div>
    </ReactFlowProvider>
  );
});

export default BuilderPage;
