import { formatCreditRange, type AppConfig, type PluginInstance } from '@blocksmith/schema';
import { computed, computedStruct, makeObservable, when } from 'mobx';
import type { Tracker } from '../analytics/tracker';
import type { BlocksmithApi } from '../api/blocksmith-api';
import { AppOpener } from './app-opener';
import { AutosaveStore } from './autosave-store';
import { BuilderAnalytics } from './builder-analytics';
import { BuilderDialogs } from './builder-dialogs';
import { CanvasFlow } from './canvas-flow';
import { CanvasGestures } from './canvas-gestures';
import type { CatalogueStore } from './catalogue-store';
import { ClipboardStore } from './clipboard-store';
import type { CreditsStore } from './credits-store';
import { DocumentStore } from './document-store';
import { DraftLoader } from './draft-loader';
import { FlowModel, type BlockFlowNode, type FlowEdge } from './flow-model';
import { LocalDraftStore } from './local-draft-store';
import { PreRunChecklist } from './pre-run-checklist';
import { PreviewStore } from './preview-store';
import { blockVariables } from './tool-settings';
import { upstreamFields } from './variable-fields';
import { PublishStore } from './publish-store';
import { realTimers } from './real-timers';
import { RunStore } from './run-store';
import { SaveStore } from './save-store';
import type { KeyValueStorage, SessionStore } from './session-store';
import type { Timers, ToastStore } from './toast-store';
import { VersionHistoryStore } from './version-history-store';
import { ViewStore } from './view-store';

/** What the properties panel shows of the selected block: everything but its position. */
export interface SelectedBlock {
  id: string;
  type: string;
  settings: Record<string, unknown>;
  /** What the run does when it fails (absent: stop). */
  onError?: PluginInstance['onError'];
  variable: string | undefined;
  /** Variables of upstream blocks, offered for insertion into the prompt. */
  available: string[];
  /** Fields inside them that the last run showed (`item.name`), offered the same way. */
  fields: string[];
}

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

/**
 * The builder screen, composed of one store per concern: the document, how it is viewed, the run,
 * the canvas gestures, the clipboard, the dialogs, new drafts (templates, import and export),
 * opening an app, saves, the live preview and publishing. It owns what they share (what the canvas
 * shows, whether it is read only, what a run costs) and hands each the parts it needs.
 */
export class BuilderStore {
  readonly document: DocumentStore;
  readonly view: ViewStore;
  readonly run: RunStore;
  /** What stands in the way of a preview run, listed by its Run button. */
  readonly checklist: PreRunChecklist;
  readonly analytics: BuilderAnalytics;
  /** The confirmation, the live preview, the share dialog and the list of apps; Escape. */
  readonly dialogs: BuilderDialogs;
  /** Moves, selection, adding, connecting, nudging and deleting blocks; undo and redo. */
  readonly gestures: CanvasGestures;
  /** Copy, cut, paste and duplicate of the selected blocks. */
  readonly clipboard: ClipboardStore;
  /** One of the person's own apps opened on the canvas. */
  readonly opener: AppOpener;
  /** New, unsaved apps: blank, template, generated, duplicate, imported, kept locally; the export file. */
  readonly drafts: DraftLoader;
  readonly saves: SaveStore;
  /** Opening the live preview, running from it, running a kept run again. */
  readonly preview: PreviewStore;
  readonly publisher: PublishStore;
  /** The app's versions: the history panel and a version opened read only. */
  readonly history: VersionHistoryStore;
  readonly autosave: AutosaveStore;
  /** An app without a server copy, kept in this browser and offered back. */
  readonly localDraft: LocalDraftStore;
  private readonly flow = new FlowModel();
  /** Routes and loops on the canvas: route handles, loop groups, connections a run did not take. */
  readonly canvasFlow: CanvasFlow;

  constructor(
    readonly api: BlocksmithApi,
    readonly catalogue: CatalogueStore,
    readonly session: SessionStore,
    readonly credits: CreditsStore,
    readonly toasts: ToastStore,
    readonly storage: KeyValueStorage,
    tracker: Tracker | null = null,
    timers: Timers = realTimers,
  ) {
    this.document = new DocumentStore(catalogue);
    this.view = new ViewStore();
    this.run = new RunStore(api, this.document, catalogue);
    this.checklist = new PreRunChecklist(this.document, catalogue, this.run.inputs, this.view);
    this.analytics = new BuilderAnalytics(tracker);
    this.dialogs = new BuilderDialogs(this);
    this.gestures = new CanvasGestures(this);
    this.clipboard = new ClipboardStore(this);
    this.opener = new AppOpener(this);
    this.drafts = new DraftLoader(this);
    this.saves = new SaveStore(this);
    this.preview = new PreviewStore(this);
    this.publisher = new PublishStore(this);
    makeObservable(this, {
      writing: computed,
      readOnly: computed,
      runsPath: computed,
      triggersPath: computed,
      shownConfig: computed,
      hasBlocks: computed,
      cost: computed,
      costText: computed,
      flowNodes: computed,
      selectedBlock: computedStruct,
      flowEdges: computed,
    });
    // Made after this store is observable: they react to its state.
    const save = (options: { quiet?: boolean; autosave?: boolean }) => this.saves.save(options);
    this.history = new VersionHistoryStore(
      api,
      {
        document: this.document,
        view: this.view,
        save,
        applyLoadedApp: (app) => this.opener.applyLoadedApp(app),
        askConfirm: (request) => this.dialogs.askConfirm(request),
      },
      toasts,
    );
    const writing = () => this.writing;
    this.autosave = new AutosaveStore(
      {
        document: this.document,
        get writing() {
          return writing();
        },
        save,
      },
      session,
      timers,
    );
    this.localDraft = new LocalDraftStore(
      { document: this.document, loadLocalDraft: (app) => this.drafts.loadLocalDraft(app) },
      storage,
      timers,
    );
    this.canvasFlow = new CanvasFlow(this);
  }

  /** A save or a publish (which saves) is under way or waiting its turn. */
  get writing(): boolean {
    return this.saves.savesInFlight > 0 || this.publisher.publishing;
  }

  /** A saved version is shown instead of the draft: nothing on the canvas can be changed. */
  get readOnly(): boolean {
    return this.history.readOnly;
  }

  /** The runs page of the app on the canvas, once it is saved (its owner's). */
  get runsPath(): string | null {
    const id = this.document.meta.id;
    return this.session.signedIn && id ? `/my-apps/${encodeURIComponent(id)}/runs` : null;
  }

  /** The schedules and webhooks page of the app on the canvas, once it is saved (its owner's). */
  get triggersPath(): string | null {
    const id = this.document.meta.id;
    return this.session.signedIn && id ? `/my-apps/${encodeURIComponent(id)}/triggers` : null;
  }

  /** What the canvas shows: the version opened from the history, else the draft. */
  get shownConfig(): AppConfig {
    return this.history.viewing?.config ?? this.document.config;
  }

  get hasBlocks(): boolean {
    return this.document.blockCount > 0;
  }

  /** Credits one run of the app costs at the least (what the server takes before it starts). */
  get cost(): number {
    return this.catalogue.costRange(this.document.config).min;
  }

  /** 'N credit(s)', or 'N–M credit(s)' when routes and loops make runs differ. */
  get costText(): string {
    return formatCreditRange(this.catalogue.costRange(this.document.config));
  }

  /** The selected block as the properties panel needs it; unchanged while the block is dragged. */
  get selectedBlock(): SelectedBlock | null {
    const id = this.view.selectedNodeId;
    const plugin = id === null ? undefined : this.document.pluginById.get(id);
    if (!plugin) return null;
    const { upstream, arguments: args } = blockVariables(
      this.document.config,
      plugin.id,
      this.catalogue.firstOutputOf,
      (type) => this.catalogue.byId.get(type),
    );
    return {
      id: plugin.id,
      type: plugin.type,
      settings: plugin.settings,
      ...(plugin.onError !== undefined && { onError: plugin.onError }),
      variable: plugin.outputs?.[0]?.name,
      available: [...args, ...upstream.map((v) => v.name)],
      fields: upstreamFields(upstream, (nodeId) => ({
        entry: this.catalogue.byId.get(this.document.pluginById.get(nodeId)?.type ?? ''),
        outputs: this.run.outputs[nodeId],
      })),
    };
  }

  /** What the canvas draws; an unchanged block keeps its node object. */
  get flowNodes(): BlockFlowNode[] {
    const selected = this.readOnly ? NOTHING_SELECTED : this.view.selectedNodeIds;
    return this.flow.nodes(this.shownConfig.plugins, selected, this.view.measured);
  }

  get flowEdges(): FlowEdge[] {
    const selected = this.readOnly ? NOTHING_SELECTED : this.view.selectedEdgeIds;
    return this.flow.edges(
      this.shownConfig.connections,
      selected,
      this.canvasFlow.sourceHandleOf,
      this.canvasFlow.idleConnections,
    );
  }

  /** Loads the blocks, then (once the session is known) the person's credits and the app stored for editing. */
  async start(): Promise<void> {
    await this.catalogue.load();
    await when(() => this.session.checked);
    if (!this.session.signedIn) return;
    void this.credits.refresh();
    const runAgain = this.preview.takeRunAgain();
    if (runAgain) await this.preview.runAgain(runAgain);
    else await this.opener.openStoredApp();
  }

  /**
   * The page is going away: keeps an app without a server copy in this browser, and answers
   * whether leaving would lose changes the server does not have (the browser then asks).
   */
  beforeUnload(): boolean {
    this.localDraft.flush();
    return this.autosave.warnBeforeUnload;
  }
}
