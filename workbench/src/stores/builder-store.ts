import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  duplicateApp,
  emptyConfig,
  formatCreditRange,
  isCategory,
  isPlainObject,
  messageText,
  newConnectionId,
  newPluginId,
  publishProblem,
  slugFromName,
  spaceTemplateBlocks,
  upstreamVariables,
  validateNodeList,
  type App,
  type AppConfig,
  type PluginInstance,
  type Position,
  type UserMessage,
} from '@blocksmith/schema';
import type { EdgeChange, NodeChange } from '@xyflow/react';
import {
  action,
  computed,
  computedStruct,
  makeObservable,
  observable,
  observableRef,
  runInAction,
  when,
} from 'mobx';
import type { Tracker } from '../analytics/tracker';
import {
  ApiError,
  errorMessage,
  type AppInput,
  type BlocksmithApi,
  type VersionedApp,
} from '../api/blocksmith-api';
import type { RunDetail } from '../api/run-history';
import type { AppTemplate } from '../api/templates';
import { CONFIRM, TOASTS } from '../texts/builder-texts';
import { RUNS } from '../texts/run-history-texts';
import { IMPORT_REFUSED, LOCAL_DRAFT } from '../texts/version-texts';
import { AutosaveStore } from './autosave-store';
import { clipOrigin, copyBlocks, parseClip, serializeClip, type BlockClip } from './block-clipboard';
import { CanvasFlow } from './canvas-flow';
import type { CatalogueStore } from './catalogue-store';
import type { CreditsStore } from './credits-store';
import { DocumentStore, clampToCanvas, newAppMeta, ownAppFields } from './document-store';
import type { GeneratedAppDraft } from './generated-app';
import { FlowModel, type BlockFlowNode, type FlowEdge } from './flow-model';
import { LocalDraftStore } from './local-draft-store';
import type { TourTarget } from './onboarding-store';
import { COLUMN_STEP, DEFAULT_SIZE, findFreeSpot, freeOffset, type Rect } from './placement';
import { realTimers } from './real-timers';
import type { KeyValueStorage } from './session-store';
import type { SessionStore } from './session-store';
import type { Timers, ToastStore } from './toast-store';
import { RunStore } from './run-store';
import { VersionHistoryStore } from './version-history-store';
import { ViewStore } from './view-store';

/** Local storage entry holding the blocks copied last, for a paste where the clipboard is unreadable. */
export const BLOCK_CLIPBOARD_KEY = 'blocksmith-block-clipboard';

/** Local storage entry naming the app the builder opens: the one last saved or chosen for editing. */
export const EDIT_EXISTING_APP_KEY = 'editExistingApp';

/** What the properties panel shows of the selected block: everything but its position. */
export interface SelectedBlock {
  id: string;
  type: string;
  settings: Record<string, unknown>;
  variable: string | undefined;
  /** Variables of upstream blocks, offered for insertion into the prompt. */
  available: string[];
}

export interface ConfirmRequest {
  title: string;
  description: string;
  confirmText: string;
  cancelText: string;
  destructive: boolean;
  onConfirm: () => void;
}

/** The publish error toast for a server message (spec, error catalogue). */
export function publishErrorMessage(serverMessage: string): UserMessage {
  if (
    serverMessage.includes('Publishing limit reached') ||
    serverMessage.includes('maximum number of published apps')
  ) {
    return {
      title: TOASTS.publishingLimit.title,
      description: serverMessage || TOASTS.publishingLimit.description,
    };
  }
  if (serverMessage.includes('Name and category are required')) return TOASTS.missingFields;
  return TOASTS.publishFailed;
}

/**
 * A save the server refused for a reason it words for the person (FORBIDDEN, e.g. a full block
 * added on a plan without full blocks): its message, shown instead of the generic failure; else
 * null.
 */
export function saveRefusal(error: unknown, title: string): UserMessage | null {
  if (!(error instanceof ApiError) || error.code !== 'FORBIDDEN' || error.message.trim() === '') return null;
  return { title, description: error.message };
}

/** An app file refused because its node list cannot be drawn; `problems` say why, node by node. */
export class InvalidAppFileError extends Error {
  constructor(readonly problems: string[]) {
    super(IMPORT_REFUSED.description);
    this.name = 'InvalidAppFileError';
  }
}

/**
 * Reads an exported app file; throws with a readable message when it is not one, and an
 * InvalidAppFileError when its node list fails the schema's node-list check (missing or
 * malformed nodes), so nothing on the canvas is replaced by it.
 */
export function parseAppFile(text: string): Partial<App> & { config: AppConfig } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('The file is not valid JSON.');
  }
  if (!isPlainObject(parsed)) throw new Error('The file does not hold an app.');
  const config = parsed.config;
  if (!isPlainObject(config)) throw new InvalidAppFileError(['The app configuration is missing.']);
  const check = validateNodeList(config.plugins);
  if (!check.valid) throw new InvalidAppFileError(check.problems);
  return parsed as Partial<App> & { config: AppConfig };
}

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

/** The drag-and-drop format of a block dragged from the palette. */
export const BLOCK_DRAG_TYPE = 'application/x-blocksmith-block';

/** The block kind in dragged data, or null (logged) when the data cannot be read. */
export function parseDraggedBlock(data: string): string | null {
  if (data === '') return null;
  try {
    const parsed = JSON.parse(data) as { type?: unknown };
    if (typeof parsed.type === 'string' && parsed.type !== '') return parsed.type;
    console.warn('Dropped block data has no type; ignored.', data);
  } catch (error) {
    console.warn('Dropped block data could not be parsed; ignored.', error);
  }
  return null;
}

/** A template's config with fresh block and connection ids, spaced as templates are. */
export function instantiateTemplate(template: AppTemplate, now: number = Date.now()): AppConfig {
  const ids = new Map(template.config.plugins.map((plugin) => [plugin.id, newPluginId(now)]));
  const plugins = spaceTemplateBlocks(
    template.config.plugins.map((plugin) => ({
      ...structuredClone(plugin),
      id: ids.get(plugin.id)!,
    })),
  );
  const connections = template.config.connections.flatMap((c) => {
    const from = ids.get(c.from);
    const to = ids.get(c.to);
    return from && to ? [{ ...c, id: newConnectionId(now), from, to }] : [];
  });
  return { plugins, connections, canvas: emptyConfig().canvas };
}

/**
 * The builder screen: the document, how it is viewed, the run, and the flows that cross them
 * (save, preview, publish, templates, import and export), with their toasts and dialogs.
 */
export class BuilderStore {
  readonly document: DocumentStore;
  readonly view: ViewStore;
  readonly run: RunStore;
  /** The app's versions: the history panel and a version opened read only. */
  readonly history: VersionHistoryStore;
  readonly autosave: AutosaveStore;
  /** An app without a server copy, kept in this browser and offered back. */
  readonly localDraft: LocalDraftStore;
  private readonly flow = new FlowModel();
  /** Routes and loops on the canvas: route handles, loop groups, connections a run did not take. */
  readonly canvasFlow: CanvasFlow;
  /** An explicit save (the Save button, preview, run) is under way. */
  saving = false;
  /** Saves under way or waiting their turn, explicit and automatic. */
  savesInFlight = 0;
  /** Saves run one after another, each with what the canvas holds when its turn comes. */
  private saveQueue: Promise<unknown> = Promise.resolve();
  /** The server's words for the last save it refused, for the quiet saves before a preview or run. */
  private lastRefusal: UserMessage | null = null;
  /** A kept run whose app and inputs the next start opens (see requestRunAgain). */
  private pendingRunAgain: string | null = null;
  publishing = false;
  loadingApp = false;
  previewOpen = false;
  shareOpen = false;
  openAppsOpen = false;
  confirm: ConfirmRequest | null = null;

  constructor(
    private readonly api: BlocksmithApi,
    readonly catalogue: CatalogueStore,
    readonly session: SessionStore,
    readonly credits: CreditsStore,
    readonly toasts: ToastStore,
    private readonly storage: KeyValueStorage,
    private readonly analytics: Tracker | null = null,
    timers: Timers = realTimers,
  ) {
    this.document = new DocumentStore(catalogue);
    this.view = new ViewStore();
    this.run = new RunStore(api, this.document, catalogue);
    makeObservable(this, {
      saving: observable,
      savesInFlight: observable,
      writing: computed,
      readOnly: computed,
      runsPath: computed,
      shownConfig: computed,
      publishing: observable,
      loadingApp: observable,
      previewOpen: observable,
      shareOpen: observable,
      openAppsOpen: observable,
      confirm: observableRef,
      hasBlocks: computed,
      cost: computed,
      costText: computed,
      shareUrl: computed,
      flowNodes: computed,
      selectedBlock: computedStruct,
      flowEdges: computed,
      applyNodeChanges: action,
      applyEdgeChanges: action,
      dropBlock: action,
      addBlockByClick: action,
      cutSelection: action,
      paste: action,
      duplicateSelection: action,
      nudgeSelection: action,
      selectAll: action,
      revealForTour: action,
      deleteSelection: action,
      undo: action,
      redo: action,
      askConfirm: action,
      closeConfirm: action,
      setShareOpen: action,
      setPreviewOpen: action,
      escape: action,
      setOpenAppsOpen: action,
      newApp: action,
      loadTemplate: action,
      loadGeneratedApp: action,
      duplicate: action,
      applyLoadedApp: action,
      loadLocalDraft: action,
    });
    // Made after this store is observable: they react to its state.
    this.history = new VersionHistoryStore(api, this, toasts);
    this.autosave = new AutosaveStore(this, session, timers);
    this.localDraft = new LocalDraftStore(this, storage, timers);
    this.canvasFlow = new CanvasFlow(this);
  }

  /** A save or a publish (which saves) is under way or waiting its turn. */
  get writing(): boolean {
    return this.savesInFlight > 0 || this.publishing;
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

  /** The public page of the app (shareable once published). */
  get shareUrl(): string {
    const origin = typeof window === 'undefined' ? '' : window.location.origin;
    return `${origin}/app/${this.document.meta.slug}`;
  }

  /** The selected block as the properties panel needs it; unchanged while the block is dragged. */
  get selectedBlock(): SelectedBlock | null {
    const id = this.view.selectedNodeId;
    const plugin = id === null ? undefined : this.document.pluginById.get(id);
    if (!plugin) return null;
    return {
      id: plugin.id,
      type: plugin.type,
      settings: plugin.settings,
      variable: plugin.outputs?.[0]?.name,
      available: upstreamVariables(this.document.config, plugin.id, this.catalogue.firstOutputOf).map(
        (v) => v.name,
      ),
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
    const runAgain = this.pendingRunAgain;
    this.pendingRunAgain = null;
    if (runAgain) await this.runAgain(runAgain);
    else await this.openStoredApp();
  }

  /** Asks the next start to open a kept run's app with its inputs ("Run again with these inputs"). */
  requestRunAgain(runId: string): void {
    this.pendingRunAgain = runId;
  }

  // ---- canvas edits -------------------------------------------------------------------------

  /** Applies what the canvas reports: moves, selection and measured sizes (removal goes through deleteSelection). */
  applyNodeChanges(changes: readonly NodeChange<BlockFlowNode>[]): void {
    const moves: Array<{ id: string; position: Position }> = [];
    for (const change of changes) {
      if (this.readOnly) {
        if (change.type === 'dimensions' && change.dimensions)
          this.view.setMeasured(change.id, change.dimensions);
        continue;
      }
      if (change.type === 'position' && change.position)
        moves.push({ id: change.id, position: change.position });
      else if (change.type === 'select') this.view.setNodeSelected(change.id, change.selected);
      else if (change.type === 'dimensions' && change.dimensions)
        this.view.setMeasured(change.id, change.dimensions);
    }
    this.document.moveBlocks(moves);
  }

  applyEdgeChanges(changes: readonly EdgeChange<FlowEdge>[]): void {
    if (this.readOnly) return;
    for (const change of changes) {
      if (change.type === 'select') this.view.setEdgeSelected(change.id, change.selected);
    }
  }

  /** Drops a block dragged from the palette; `point` is relative to the canvas element. */
  dropBlock(type: string, point: Position): string | null {
    if (this.readOnly || !this.catalogue.byId.has(type)) return null;
    const id = this.document.addBlock(type, this.view.dropPosition(point));
    this.view.selectNode(id);
    this.trackBlockAdded(type);
    return id;
  }

  private trackBlockAdded(type: string): void {
    this.analytics?.track('plugin_used', {
      plugin_type: type,
      plugin_name: this.catalogue.byId.get(type)?.name ?? type,
    });
  }

  /** Where each block sits on the canvas, at its measured size (or the default one). */
  private blockRects(plugins: readonly PluginInstance[] = this.document.config.plugins): Rect[] {
    return plugins.map((plugin) => ({
      ...plugin.position,
      ...(this.view.measured.get(plugin.id) ?? DEFAULT_SIZE),
    }));
  }

  /**
   * Adds a block by click or Enter (the palette, the Add Node panel, touch). With one block
   * selected it goes a column to the right of it, connected from it when that connection is
   * allowed (or a column to its left, connected to it, when only that way is allowed); otherwise
   * in the middle of what is on screen. Either way it moves down (then right) until it has room,
   * so blocks never stack. The new block is selected, so clicks in a row build a chain.
   */
  addBlockByClick(type: string): string | null {
    if (this.readOnly || !this.catalogue.byId.has(type)) return null;
    const selected = this.view.selectedNodeId;
    const anchor = selected === null ? undefined : this.document.pluginById.get(selected);
    const category = this.catalogue.categoryOf(type);
    let start: Position;
    let link: { from: string } | { to: string } | undefined;
    if (anchor && this.catalogue.categoryOf(anchor.type) !== 'output' && category !== 'input') {
      start = { x: anchor.position.x + COLUMN_STEP, y: anchor.position.y };
      link = { from: anchor.id };
    } else if (anchor && category !== 'output' && this.catalogue.categoryOf(anchor.type) !== 'input') {
      start = { x: anchor.position.x - COLUMN_STEP, y: anchor.position.y };
      link = { to: anchor.id };
    } else {
      start = this.view.visibleCenterPosition();
    }
    const position = findFreeSpot(clampToCanvas(start), this.blockRects());
    const id = this.document.addBlock(type, position, link);
    this.view.selectNode(id);
    this.view.reveal({ ...position, ...DEFAULT_SIZE });
    this.trackBlockAdded(type);
    return id;
  }

  // ---- keyboard: copy, paste, duplicate, nudge ------------------------------------------------

  /**
   * The selected blocks with their settings and the connections among them, as clipboard text
   * (also kept in this browser, for a paste where the clipboard cannot be read); null when none.
   */
  copySelection(): string | null {
    if (this.readOnly) return null;
    const clip = copyBlocks(this.document.config, this.view.selectedNodeIds);
    if (!clip) return null;
    const text = serializeClip(clip);
    this.storage.setItem(BLOCK_CLIPBOARD_KEY, text);
    return text;
  }

  /** Copies the selected blocks, then removes them. */
  cutSelection(): string | null {
    const text = this.copySelection();
    if (text !== null) this.deleteSelection();
    return text;
  }

  /**
   * Pastes copied blocks (from this app or another): `text` is the clipboard's, or null when it
   * could not be read (the copy kept in this browser is used then). They land where they were,
   * moved on until none covers a block, or in view when they would be off screen, and are
   * selected. Answers how many were added; other text adds nothing.
   */
  paste(text: string | null): number {
    if (this.readOnly) return 0;
    const clip = parseClip(text) ?? (text ? null : parseClip(this.storage.getItem(BLOCK_CLIPBOARD_KEY)));
    if (!clip) return 0;
    return this.place(clip);
  }

  /** Copies and pastes the selected blocks at once, leaving the clipboard alone. */
  duplicateSelection(): number {
    if (this.readOnly) return 0;
    const clip = copyBlocks(this.document.config, this.view.selectedNodeIds);
    return clip ? this.place(clip) : 0;
  }

  private place(clip: BlockClip): number {
    const group = clip.plugins.map((plugin) => ({
      ...plugin.position,
      ...(this.view.measured.get(plugin.id) ?? DEFAULT_SIZE),
    }));
    const origin = clipOrigin(clip);
    const visible = this.view.visibleRect();
    const right = Math.max(...group.map((rect) => rect.x + rect.width));
    const bottom = Math.max(...group.map((rect) => rect.y + rect.height));
    let shift = { x: 0, y: 0 };
    const inView =
      visible.width <= 0 ||
      (origin.x >= visible.x &&
        origin.y >= visible.y &&
        right <= visible.x + visible.width &&
        bottom <= visible.y + visible.height);
    if (!inView) {
      // Centred in view instead (a paste from another app, or after panning away).
      shift = {
        x: visible.x + (visible.width - (right - origin.x)) / 2 - origin.x,
        y: visible.y + (visible.height - (bottom - origin.y)) / 2 - origin.y,
      };
    }
    // The group stays whole on the canvas: clamping blocks one by one would pile them up.
    shift = {
      x: Math.max(-origin.x, Math.min(shift.x, CANVAS_WIDTH - right)),
      y: Math.max(-origin.y, Math.min(shift.y, CANVAS_HEIGHT - bottom)),
    };
    const moved = group.map((rect) => ({ ...rect, x: rect.x + shift.x, y: rect.y + shift.y }));
    const extra = freeOffset(moved, this.blockRects());
    const ids = this.document.pasteBlocks(clip, { x: shift.x + extra.x, y: shift.y + extra.y });
    if (ids.length > 0) {
      this.view.selectNodes(ids);
      const pasted = ids.flatMap((id) => this.document.pluginById.get(id)?.position ?? []);
      const left = Math.min(...pasted.map((p) => p.x));
      const top = Math.min(...pasted.map((p) => p.y));
      this.view.reveal({
        x: left,
        y: top,
        width: Math.max(...pasted.map((p) => p.x)) - left + DEFAULT_SIZE.width,
        height: Math.max(...pasted.map((p) => p.y)) - top + DEFAULT_SIZE.height,
      });
    }
    return ids.length;
  }

  /** Moves the selected blocks by (dx, dy) canvas units, one undo step per move. */
  nudgeSelection(dx: number, dy: number): boolean {
    if (this.readOnly || this.view.selectedNodeIds.size === 0) return false;
    const moves = [...this.view.selectedNodeIds].flatMap((id) => {
      const plugin = this.document.pluginById.get(id);
      return plugin ? [{ id, position: { x: plugin.position.x + dx, y: plugin.position.y + dy } }] : [];
    });
    this.document.moveBlocks(moves);
    return moves.length > 0;
  }

  /**
   * Makes what a tour step describes visible: out of full screen for the sidebar and header, the
   * slide-over panels opened on a phone (and closed when the step is elsewhere), the properties
   * panel expanded. `null` (the tour closed) closes the panels the tour opened.
   */
  revealForTour(target: TourTarget | null): void {
    const { view } = this;
    if (target === null) {
      view.setPaletteOpen(false);
      view.setPropertiesOpen(false);
      return;
    }
    const inSidebar = target === 'palette' || target === 'templates';
    if (view.fullScreen && target !== 'canvas' && target !== 'connect') view.setFullScreen(false);
    if (view.isMobile) {
      view.setPaletteOpen(inSidebar);
      view.setPropertiesOpen(target === 'properties');
    } else if (target === 'properties') {
      if (view.propertiesCollapsed) view.togglePropertiesCollapsed();
      if (this.history.open) this.history.setOpen(false);
    }
  }

  selectAll(): void {
    if (this.readOnly) return;
    this.view.selectNodes(this.document.config.plugins.map((plugin) => plugin.id));
  }

  /** Connects `from` (with `fromPort`, one of its routes) to `to`, or says in a toast why not. */
  connect(from: string, to: string, fromPort?: string): boolean {
    if (this.readOnly) return false;
    const problem = this.document.connect(from, to, fromPort);
    if (problem !== null) {
      this.toasts.warning(problem);
      return false;
    }
    return true;
  }

  deleteSelection(): void {
    if (this.readOnly) return;
    const nodes = [...this.view.selectedNodeIds];
    const edges = [...this.view.selectedEdgeIds];
    if (nodes.length === 0 && edges.length === 0) return;
    if (edges.length > 0) this.document.removeConnections(edges);
    if (nodes.length > 0) this.document.removeBlocks(nodes);
    this.syncView();
  }

  undo(): void {
    if (this.readOnly) return;
    this.document.undo();
    this.syncView();
  }

  redo(): void {
    if (this.readOnly) return;
    this.document.redo();
    this.syncView();
  }

  /** Forgets selection of blocks and connections that no longer exist. */
  syncView(): void {
    const { plugins, connections } = this.document.config;
    this.view.forget(new Set(plugins.map((p) => p.id)), new Set(connections.map((c) => c.id)));
  }

  // ---- dialogs ------------------------------------------------------------------------------

  askConfirm(request: Omit<ConfirmRequest, 'cancelText' | 'destructive'> & Partial<ConfirmRequest>): void {
    this.confirm = { cancelText: CONFIRM.cancel, destructive: false, ...request };
  }

  closeConfirm(): void {
    this.confirm = null;
  }

  setShareOpen(open: boolean): void {
    this.shareOpen = open;
  }

  setPreviewOpen(open: boolean): void {
    this.previewOpen = open;
  }

  /**
   * Escape on the builder (when no focused overlay took it): closes the live preview, else leaves
   * full screen. A dialog of the builder's own stays for its own Escape handling. Answers whether
   * anything closed.
   */
  escape(): boolean {
    if (this.confirm !== null || this.shareOpen || this.openAppsOpen) return false;
    if (this.previewOpen) {
      this.previewOpen = false;
      return true;
    }
    if (this.readOnly) {
      this.history.backToDraft();
      return true;
    }
    if (this.view.fullScreen) {
      this.view.setFullScreen(false);
      return true;
    }
    return false;
  }

  setOpenAppsOpen(open: boolean): void {
    this.openAppsOpen = open;
    if (open && this.session.signedIn) void this.credits.refresh();
  }

  /** Runs `action` at once when nothing unsaved would be lost, else after the person confirms. */
  private confirmDiscard(
    texts: { title: string; description: string; confirm: string },
    run: () => void,
  ): void {
    if (!this.document.dirty || !this.hasBlocks) {
      run();
      return;
    }
    this.askConfirm({
      title: texts.title,
      description: texts.description,
      confirmText: texts.confirm,
      destructive: true,
      onConfirm: run,
    });
  }

  // ---- documents ----------------------------------------------------------------------------

  newApp(): void {
    this.confirmDiscard(CONFIRM.newApp, () => {
      this.storage.removeItem(EDIT_EXISTING_APP_KEY);
      this.run.reset();
      this.document.reset();
      this.view.clearSelection();
      this.view.setViewport(this.document.config.canvas);
    });
  }

  loadTemplate(template: AppTemplate): void {
    this.confirmDiscard(CONFIRM.loadTemplate, () => {
      const now = Date.now();
      const config = instantiateTemplate(template, now);
      const plugins = config.plugins.map((plugin) => ({
        ...plugin,
        settings: { ...this.catalogue.defaultsFor(plugin.type), ...plugin.settings },
      }));
      this.storage.removeItem(EDIT_EXISTING_APP_KEY);
      this.run.reset();
      this.document.load(
        {
          name: template.name,
          description: template.description,
          category: template.category,
          slug: slugFromName(template.name, now),
          isPrivate: false,
          isPublished: false,
          config: { ...config, plugins },
        },
        { saved: false },
      );
      this.view.clearSelection();
      this.view.fit(this.document.config.plugins);
      this.toasts.success(TOASTS.templateLoaded);
      this.analytics?.track('template_loaded', {
        template_name: template.name,
        template_category: template.category,
      });
    });
  }

  /**
   * Loads an app the assistant generated as a new, unsaved app, after confirming when unsaved
   * blocks would be lost (`confirm: false` skips that, for the AI build on arrival). `onLoaded`
   * runs once it is on the canvas.
   */
  loadGeneratedApp(
    draft: GeneratedAppDraft,
    options: { confirm?: boolean; onLoaded?: () => void } = {},
    texts: { title: string; description: string; confirm: string } = CONFIRM.loadTemplate,
  ): void {
    const load = () => {
      const plugins = draft.config.plugins.map((plugin) => ({
        ...plugin,
        settings: { ...this.catalogue.defaultsFor(plugin.type), ...plugin.settings },
      }));
      this.storage.removeItem(EDIT_EXISTING_APP_KEY);
      this.run.reset();
      this.document.load({ ...draft, config: { ...draft.config, plugins } }, { saved: false });
      this.view.clearSelection();
      this.view.fit(this.document.config.plugins);
      options.onLoaded?.();
    };
    if (options.confirm === false) load();
    else this.confirmDiscard(texts, load);
  }

  duplicate(): void {
    const copy = duplicateApp({ ...newAppMeta(), ...this.document.toOwnApp(this.view.viewport) });
    this.storage.removeItem(EDIT_EXISTING_APP_KEY);
    this.document.load(copy, { saved: false });
    this.toasts.success(TOASTS.duplicated);
    this.analytics?.track('app_duplicated', { app_name: copy.name });
  }

  /**
   * The export file: named after the slug, holding the app's own fields (name, description, slug,
   * category, privacy and config) as JSON; nothing the server keeps about it (its id, owner,
   * counters, review state, versions or the API's type names).
   */
  exportFile(): { filename: string; text: string } {
    const app = this.document.toOwnApp(this.view.viewport);
    return { filename: `${app.slug}.json`, text: JSON.stringify(app, null, 2) };
  }

  /**
   * Loads an exported file as a new, unsaved app. A file whose node list cannot be drawn is refused
   * with the spec's invalid-configuration text before anything is asked or replaced.
   */
  importFile(text: string): void {
    let app: ReturnType<typeof parseAppFile>;
    try {
      app = parseAppFile(text);
    } catch (error) {
      if (error instanceof InvalidAppFileError) {
        console.warn('The imported app was refused:', error.problems.join(' '));
        this.toasts.error(IMPORT_REFUSED);
        return;
      }
      this.toasts.error({
        title: TOASTS.importFailed,
        description: errorMessage(error, 'The file could not be read.'),
      });
      return;
    }
    this.confirmDiscard(CONFIRM.importApp, () => {
      this.storage.removeItem(EDIT_EXISTING_APP_KEY);
      this.run.reset();
      // Only the app's own fields: a file exported elsewhere may carry what a server kept about it.
      this.document.load({ ...ownAppFields(app), isPublished: false }, { saved: false });
      this.view.clearSelection();
      this.view.setViewport(this.document.config.canvas);
      if (this.document.isValid) this.toasts.success(TOASTS.imported);
    });
  }

  applyLoadedApp(app: VersionedApp): void {
    this.run.reset();
    this.document.load(app);
    this.view.clearSelection();
    this.view.setViewport(this.document.config.canvas);
    this.storage.setItem(EDIT_EXISTING_APP_KEY, JSON.stringify({ id: app.id, owner_id: app.owner_id }));
  }

  /** Puts an app kept in this browser back on the canvas, as a new, unsaved app. */
  loadLocalDraft(app: AppInput): void {
    this.storage.removeItem(EDIT_EXISTING_APP_KEY);
    this.run.reset();
    const category = isCategory(app.category) ? app.category : '';
    this.document.load({ ...app, category, isPublished: false }, { saved: false });
    this.view.clearSelection();
    this.view.setViewport(this.document.config.canvas);
    this.toasts.success(LOCAL_DRAFT.restored);
  }

  /**
   * The page is going away: keeps an app without a server copy in this browser, and answers
   * whether leaving would lose changes the server does not have (the browser then asks).
   */
  beforeUnload(): boolean {
    this.localDraft.flush();
    return this.autosave.warnBeforeUnload;
  }

  /**
   * Opens the app stored for editing, if any: only the owner may, else 'Access Denied'. Call once
   * the session is known.
   */
  async openStoredApp(): Promise<void> {
    const raw = this.storage.getItem(EDIT_EXISTING_APP_KEY);
    if (!raw) return;
    let stored: { id?: unknown; owner_id?: unknown };
    try {
      stored = JSON.parse(raw) as typeof stored;
    } catch {
      this.storage.removeItem(EDIT_EXISTING_APP_KEY);
      return;
    }
    const user = this.session.user;
    if (typeof stored.id !== 'string' || !user) return;
    if (stored.owner_id !== user.id) {
      this.storage.removeItem(EDIT_EXISTING_APP_KEY);
      this.toasts.error(TOASTS.accessDenied);
      return;
    }
    // Back on the builder within the page: changes not saved yet stay (autosave takes them).
    if (this.document.meta.id === stored.id && this.document.dirty) return;
    await this.openApp(stored.id);
  }

  /** Loads one of the person's own apps onto the canvas. */
  async openApp(id: string): Promise<void> {
    runInAction(() => {
      this.loadingApp = true;
      this.openAppsOpen = false;
    });
    try {
      const app = await this.api.app(id);
      if (app.owner_id !== this.session.user?.id) {
        this.toasts.error(TOASTS.accessDenied);
        return;
      }
      this.applyLoadedApp(app);
    } catch (error) {
      console.warn('The app could not be loaded.', error);
      this.toasts.error(TOASTS.loadFailed);
    } finally {
      runInAction(() => {
        this.loadingApp = false;
      });
    }
  }

  /**
   * "Run again with these inputs" from a kept run: opens its app (the owner's only), fills the
   * preview with the run's inputs and opens it, without running.
   */
  async runAgain(runId: string): Promise<void> {
    let detail: RunDetail;
    try {
      detail = await this.api.runDetail(runId);
    } catch (error) {
      this.toasts.error(errorMessage(error, RUNS.runAgainFailed));
      return;
    }
    if (!detail.inputs) {
      this.toasts.error(RUNS.runAgainFailed);
      return;
    }
    if (this.document.meta.id !== detail.appId) await this.openApp(detail.appId);
    if (this.document.meta.id !== detail.appId) return;
    this.run.fillInputs(detail.inputs);
    await this.openPreview();
  }

  // ---- server flows -------------------------------------------------------------------------

  /**
   * Saves: creates the app the first time, updates it afterwards. `autosave` marks an automatic
   * save of the draft (the server folds a burst of them into one version); an explicit save is a
   * version of its own. Saves wait for the one before them, so two never cross. Returns the saved
   * app or null.
   */
  async save(options: { quiet?: boolean; autosave?: boolean } = {}): Promise<App | null> {
    if (!this.session.signedIn) {
      if (!options.quiet)
        this.toasts.error({
          title: 'Authentication Required',
          description: 'Please sign in to save your app',
        });
      return null;
    }
    const explicit = !options.autosave;
    runInAction(() => {
      this.savesInFlight += 1;
      if (explicit) this.saving = true;
    });
    const turn = this.saveQueue.then(() => this.saveNow(options));
    this.saveQueue = turn;
    try {
      return await turn;
    } finally {
      runInAction(() => {
        this.savesInFlight -= 1;
        if (explicit) this.saving = false;
      });
    }
  }

  private async saveNow(options: { quiet?: boolean; autosave?: boolean }): Promise<App | null> {
    const id = this.document.meta.id;
    if (options.autosave && (!id || !this.document.dirty)) return id ? this.savedApp() : null;
    const revision = this.document.revision;
    this.document.setCanvas(this.view.viewport);
    const input = this.document.toInput();
    try {
      const app = id
        ? await this.api.updateApp(id, input, options.autosave ? { autosave: true } : {})
        : await this.api.createApp(input);
      this.lastRefusal = null;
      runInAction(() => {
        this.document.markSaved(app, revision);
        this.storage.setItem(EDIT_EXISTING_APP_KEY, JSON.stringify({ id: app.id, owner_id: app.owner_id }));
      });
      if (!id) this.localDraft.forget();
      if (!options.quiet) this.toasts.success(TOASTS.saved);
      return app;
    } catch (error) {
      console.warn('Saving failed.', error);
      this.lastRefusal = saveRefusal(error, TOASTS.saveFailed.title);
      if (!options.quiet) this.toasts.error(this.lastRefusal ?? TOASTS.saveFailed);
      return null;
    }
  }

  /** The app as saved, for a save that found nothing left to do. */
  private savedApp(): App {
    return this.document.toApp();
  }

  /** Opens the live preview, saving first so the run has an app id. */
  async openPreview(): Promise<void> {
    if (this.view.fullScreen) this.view.setFullScreen(false);
    this.history.backToDraft();
    if (this.session.signedIn && (this.document.dirty || !this.document.meta.id)) {
      const saved = await this.save({ quiet: true });
      if (!saved) {
        this.toasts.error(this.lastRefusal ?? TOASTS.previewSaveFailed);
        return;
      }
    }
    this.setPreviewOpen(true);
  }

  /** Runs the app from the live preview, following its progress on the canvas. */
  async runApp(): Promise<void> {
    if (this.run.processing) return;
    if (!this.session.signedIn) {
      this.toasts.error(TOASTS.authRequiredToRun);
      return;
    }
    const problem = this.run.inputProblemMessage();
    if (problem) {
      this.toasts.error(problem);
      return;
    }
    if (this.document.dirty || !this.document.meta.id) {
      const saved = await this.save({ quiet: true });
      if (!saved) {
        this.toasts.error(this.lastRefusal ?? TOASTS.previewSaveFailed);
        return;
      }
    }
    const appId = this.document.meta.id;
    if (!appId) {
      this.toasts.error(TOASTS.noAppId);
      return;
    }
    const outcome = await this.run.run(appId);
    // A failed run says so once, in the preview's results (naming the block), not in a toast too.
    if (outcome.ok) this.toasts.success(TOASTS.executed);
    else {
      this.analytics?.track('app_execution_error', {
        app_name: this.document.meta.name,
        app_id: appId,
        error: outcome.error || TOASTS.runFailed,
      });
    }
    void this.credits.refresh();
  }

  /** The publish flow: checks in the spec's order, save and publish in one call, then the share dialog. */
  async publish(): Promise<void> {
    if (this.view.fullScreen) this.view.setFullScreen(false);
    this.history.backToDraft();
    const problem = publishProblem({
      authChecked: this.session.checked,
      signedIn: this.session.signedIn,
      category: this.document.meta.category,
      name: this.document.meta.name,
    });
    if (problem) {
      this.toasts.error(problem);
      return;
    }
    runInAction(() => {
      this.publishing = true;
    });
    try {
      // A save under way lands first, so the published draft is the newest one.
      await this.saveQueue;
      const revision = this.document.revision;
      const created = !this.document.meta.id;
      this.document.setCanvas(this.view.viewport);
      const { app, publishingInfo } = await this.api.publishAppWithData(
        this.document.meta.id,
        this.document.toInput(),
      );
      runInAction(() => {
        this.document.markSaved(app, revision);
        this.credits.setPublishing(publishingInfo);
        this.storage.setItem(EDIT_EXISTING_APP_KEY, JSON.stringify({ id: app.id, owner_id: app.owner_id }));
        this.shareOpen = true;
      });
      if (created) this.localDraft.forget();
      void this.credits.refresh();
    } catch (error) {
      // The spec's publish errors first; another refusal the server words (a full block) as it says it.
      const message = publishErrorMessage(errorMessage(error, ''));
      this.toasts.error(
        message === TOASTS.publishFailed ? (saveRefusal(error, message.title) ?? message) : message,
      );
      this.analytics?.track('publishing_error', {
        app_name: this.document.meta.name,
        error: errorMessage(error, 'Publishing failed'),
      });
    } finally {
      runInAction(() => {
        this.publishing = false;
      });
    }
  }

  /** Copies the public link, for published apps only. */
  async copyShareLink(clipboard: Pick<Clipboard, 'writeText'>): Promise<void> {
    if (!this.document.meta.isPublished) {
      this.toasts.error(TOASTS.notPublished);
      return;
    }
    try {
      await clipboard.writeText(this.shareUrl);
      this.toasts.success(TOASTS.linkCopied);
      this.analytics?.track('app_shared', {
        app_name: this.document.meta.name,
        app_id: this.document.meta.id ?? null,
      });
    } catch {
      this.toasts.error(messageText({ title: 'Error', description: 'The link could not be copied' }));
    }
  }
}
