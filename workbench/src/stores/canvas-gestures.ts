import type { PluginInstance, Position } from '@blocksmith/schema';
import type { EdgeChange, NodeChange } from '@xyflow/react';
import { action, makeObservable } from 'mobx';
import type { BuilderAnalytics } from './builder-analytics';
import type { CatalogueStore } from './catalogue-store';
import { clampToCanvas, type DocumentStore } from './document-store';
import type { BlockFlowNode, FlowEdge } from './flow-model';
import type { TourTarget } from './onboarding-store';
import { COLUMN_STEP, DEFAULT_SIZE, findFreeSpot, type Rect } from './placement';
import type { ToastStore } from './toast-store';
import type { VersionHistoryStore } from './version-history-store';
import type { ViewStore } from './view-store';

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

/** Where each block sits on the canvas, at its measured size (or the default one). */
export function blockRects(plugins: readonly PluginInstance[], view: ViewStore): Rect[] {
  return plugins.map((plugin) => ({
    ...plugin.position,
    ...(view.measured.get(plugin.id) ?? DEFAULT_SIZE),
  }));
}

/** What the canvas gestures change and read of the builder. */
export interface GesturesHost {
  readonly document: DocumentStore;
  readonly view: ViewStore;
  readonly catalogue: CatalogueStore;
  readonly history: VersionHistoryStore;
  readonly toasts: ToastStore;
  readonly analytics: BuilderAnalytics;
  /** A saved version is shown: nothing on the canvas can be changed. */
  readonly readOnly: boolean;
}

/**
 * What the person does to the blocks on the canvas: moves and selection the canvas reports,
 * blocks dropped or added by click, connections, nudges, deletion, undo and redo, and what a tour
 * step needs to be seen. Nothing changes while a saved version is shown.
 */
export class CanvasGestures {
  constructor(private readonly builder: GesturesHost) {
    makeObservable(this, {
      applyNodeChanges: action,
      applyEdgeChanges: action,
      dropBlock: action,
      addBlockByClick: action,
      nudgeSelection: action,
      selectAll: action,
      revealForTour: action,
      deleteSelection: action,
      undo: action,
      redo: action,
    });
  }

  /** Applies what the canvas reports: moves, selection and measured sizes (removal goes through deleteSelection). */
  applyNodeChanges(changes: readonly NodeChange<BlockFlowNode>[]): void {
    const { view } = this.builder;
    const moves: Array<{ id: string; position: Position }> = [];
    for (const change of changes) {
      if (this.builder.readOnly) {
        if (change.type === 'dimensions' && change.dimensions) view.setMeasured(change.id, change.dimensions);
        continue;
      }
      if (change.type === 'position' && change.position)
        moves.push({ id: change.id, position: change.position });
      else if (change.type === 'select') view.setNodeSelected(change.id, change.selected);
      else if (change.type === 'dimensions' && change.dimensions)
        view.setMeasured(change.id, change.dimensions);
    }
    this.builder.document.moveBlocks(moves);
  }

  applyEdgeChanges(changes: readonly EdgeChange<FlowEdge>[]): void {
    if (this.builder.readOnly) return;
    for (const change of changes) {
      if (change.type === 'select') this.builder.view.setEdgeSelected(change.id, change.selected);
    }
  }

  /** Drops a block dragged from the palette; `point` is relative to the canvas element. */
  dropBlock(type: string, point: Position): string | null {
    const { document, view, catalogue } = this.builder;
    if (this.builder.readOnly || !catalogue.byId.has(type)) return null;
    const id = document.addBlock(type, view.dropPosition(point));
    view.selectNode(id);
    this.trackBlockAdded(type);
    return id;
  }

  private trackBlockAdded(type: string): void {
    this.builder.analytics.blockAdded(type, this.builder.catalogue.byId.get(type)?.name ?? type);
  }

  /**
   * Adds a block by click or Enter (the palette, the Add Node panel, touch). With one block
   * selected it goes a column to the right of it, connected from it when that connection is
   * allowed (or a column to its left, connected to it, when only that way is allowed); otherwise
   * in the middle of what is on screen. Either way it moves down (then right) until it has room,
   * so blocks never stack. The new block is selected, so clicks in a row build a chain.
   */
  addBlockByClick(type: string): string | null {
    const { document, view, catalogue } = this.builder;
    if (this.builder.readOnly || !catalogue.byId.has(type)) return null;
    const selected = view.selectedNodeId;
    const anchor = selected === null ? undefined : document.pluginById.get(selected);
    const category = catalogue.categoryOf(type);
    let start: Position;
    let link: { from: string } | { to: string } | undefined;
    if (anchor && catalogue.categoryOf(anchor.type) !== 'output' && category !== 'input') {
      start = { x: anchor.position.x + COLUMN_STEP, y: anchor.position.y };
      link = { from: anchor.id };
    } else if (anchor && category !== 'output' && catalogue.categoryOf(anchor.type) !== 'input') {
      start = { x: anchor.position.x - COLUMN_STEP, y: anchor.position.y };
      link = { to: anchor.id };
    } else {
      start = view.visibleCenterPosition();
    }
    const position = findFreeSpot(clampToCanvas(start), blockRects(document.config.plugins, view));
    const id = document.addBlock(type, position, link);
    view.selectNode(id);
    view.reveal({ ...position, ...DEFAULT_SIZE });
    this.trackBlockAdded(type);
    return id;
  }

  /** Moves the selected blocks by (dx, dy) canvas units, one undo step per move. */
  nudgeSelection(dx: number, dy: number): boolean {
    const { document, view } = this.builder;
    if (this.builder.readOnly || view.selectedNodeIds.size === 0) return false;
    const moves = [...view.selectedNodeIds].flatMap((id) => {
      const plugin = document.pluginById.get(id);
      return plugin ? [{ id, position: { x: plugin.position.x + dx, y: plugin.position.y + dy } }] : [];
    });
    document.moveBlocks(moves);
    return moves.length > 0;
  }

  /**
   * Makes what a tour step describes visible: out of full screen for the sidebar and header, the
   * slide-over panels opened on a phone (and closed when the step is elsewhere), the properties
   * panel expanded. `null` (the tour closed) closes the panels the tour opened.
   */
  revealForTour(target: TourTarget | null): void {
    const { view, history } = this.builder;
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
      if (history.open) history.setOpen(false);
    }
  }

  selectAll(): void {
    if (this.builder.readOnly) return;
    this.builder.view.selectNodes(this.builder.document.config.plugins.map((plugin) => plugin.id));
  }

  /**
   * Connects `from` (with `fromPort`, one of its routes) to `to` (with `toPort` `tools`, as one of
   * its tools), or says in a toast why not.
   */
  connect(from: string, to: string, fromPort?: string, toPort?: string): boolean {
    if (this.builder.readOnly) return false;
    const problem = this.builder.document.connect(from, to, fromPort, toPort);
    if (problem !== null) {
      this.builder.toasts.warning(problem);
      return false;
    }
    return true;
  }

  deleteSelection(): void {
    if (this.builder.readOnly) return;
    const { document, view } = this.builder;
    const nodes = [...view.selectedNodeIds];
    const edges = [...view.selectedEdgeIds];
    if (nodes.length === 0 && edges.length === 0) return;
    if (edges.length > 0) document.removeConnections(edges);
    if (nodes.length > 0) document.removeBlocks(nodes);
    this.syncView();
  }

  undo(): void {
    if (this.builder.readOnly) return;
    this.builder.document.undo();
    this.syncView();
  }

  redo(): void {
    if (this.builder.readOnly) return;
    this.builder.document.redo();
    this.syncView();
  }

  /** Forgets selection of blocks and connections that no longer exist. */
  syncView(): void {
    const { plugins, connections } = this.builder.document.config;
    this.builder.view.forget(new Set(plugins.map((p) => p.id)), new Set(connections.map((c) => c.id)));
  }
}
