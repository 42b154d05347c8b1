import {
  DEFAULT_ZOOM,
  NODE_HEIGHT,
  NODE_WIDTH,
  clampZoom,
  screenToCanvas,
  zoomIn,
  zoomOut,
  type CanvasState,
  type PluginInstance,
  type Position,
} from '@blocksmith/schema';
import { action, computed, makeObservable, observable, observableRef } from 'mobx';

export interface Size {
  width: number;
  height: number;
}

/** Room left around the blocks when fitting them into view. */
export const FIT_PADDING = 48;

/** The viewport that shows every block, centred, within the zoom range (at most 100%). */
export function fitViewport(
  plugins: readonly PluginInstance[],
  viewportSize: Size,
  sizeOf: (id: string) => Size | undefined = () => undefined,
): CanvasState {
  if (plugins.length === 0 || viewportSize.width <= 0 || viewportSize.height <= 0) {
    return { zoom: DEFAULT_ZOOM, pan: { x: 0, y: 0 } };
  }
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const plugin of plugins) {
    const size = sizeOf(plugin.id) ?? { width: NODE_WIDTH, height: NODE_HEIGHT };
    minX = Math.min(minX, plugin.position.x);
    minY = Math.min(minY, plugin.position.y);
    maxX = Math.max(maxX, plugin.position.x + size.width);
    maxY = Math.max(maxY, plugin.position.y + size.height);
  }
  const zoom = clampZoom(
    Math.min(
      1,
      (viewportSize.width - 2 * FIT_PADDING) / (maxX - minX),
      (viewportSize.height - 2 * FIT_PADDING) / (maxY - minY),
    ),
  );
  return {
    zoom,
    pan: {
      x: viewportSize.width / 2 - ((minX + maxX) / 2) * zoom,
      y: viewportSize.height / 2 - ((minY + maxY) / 2) * zoom,
    },
  };
}

/** The new pan that keeps the canvas point under `anchor` (a screen point) still while zooming. */
export function zoomAround(view: CanvasState, nextZoom: number, anchor: Position): CanvasState {
  const point = screenToCanvas(anchor, view.pan, view.zoom);
  return { zoom: nextZoom, pan: { x: anchor.x - point.x * nextZoom, y: anchor.y - point.y * nextZoom } };
}

/**
 * How the builder is looked at: zoom and pan, the selection, which panels are open, full screen
 * and the narrow-screen layout. Nothing here is saved except zoom and pan, which go with the app.
 */
export class ViewStore {
  zoom = DEFAULT_ZOOM;
  pan: Position = { x: 0, y: 0 };
  /** Size of the canvas element on screen. */
  canvasSize: Size = { width: 0, height: 0 };
  selectedNodeIds: ReadonlySet<string> = new Set();
  selectedEdgeIds: ReadonlySet<string> = new Set();
  /** Measured block sizes, by block id. */
  readonly measured = observable.map<string, Size>({}, { deep: false });
  propertiesCollapsed = false;
  fullScreen = false;
  addNodeOpen = false;
  /** Narrower than the mobile breakpoint: the sidebars are slide-over panels. */
  isMobile = false;
  paletteOpen = false;
  propertiesOpen = false;
  /** The keyboard shortcut sheet ('?'). */
  shortcutsOpen = false;

  constructor() {
    makeObservable(this, {
      zoom: observable,
      pan: observableRef,
      canvasSize: observableRef,
      selectedNodeIds: observableRef,
      selectedEdgeIds: observableRef,
      propertiesCollapsed: observable,
      fullScreen: observable,
      addNodeOpen: observable,
      isMobile: observable,
      paletteOpen: observable,
      propertiesOpen: observable,
      selectedNodeId: computed,
      viewport: computed,
      setViewport: action,
      setCanvasSize: action,
      zoomIn: action,
      zoomOut: action,
      resetZoom: action,
      selectNode: action,
      selectNodes: action,
      reveal: action,
      setShortcutsOpen: action,
      shortcutsOpen: observable,
      setNodeSelected: action,
      setEdgeSelected: action,
      clearSelection: action,
      forget: action,
      setMeasured: action,
      togglePropertiesCollapsed: action,
      setFullScreen: action,
      setAddNodeOpen: action,
      setMobile: action,
      setPaletteOpen: action,
      setPropertiesOpen: action,
    });
  }

  get viewport(): CanvasState {
    return { zoom: this.zoom, pan: this.pan };
  }

  /** The block the properties panel shows: the selected one when exactly one is selected. */
  get selectedNodeId(): string | null {
    if (this.selectedNodeIds.size !== 1) return null;
    return [...this.selectedNodeIds][0] ?? null;
  }

  setViewport(view: CanvasState): void {
    const zoom = clampZoom(view.zoom);
    if (zoom !== this.zoom) this.zoom = zoom;
    if (view.pan.x !== this.pan.x || view.pan.y !== this.pan.y) this.pan = { x: view.pan.x, y: view.pan.y };
  }

  setCanvasSize(size: Size): void {
    if (size.width !== this.canvasSize.width || size.height !== this.canvasSize.height)
      this.canvasSize = size;
  }

  private get center(): Position {
    return { x: this.canvasSize.width / 2, y: this.canvasSize.height / 2 };
  }

  zoomIn(): void {
    this.setViewport(zoomAround(this.viewport, zoomIn(this.zoom), this.center));
  }

  zoomOut(): void {
    this.setViewport(zoomAround(this.viewport, zoomOut(this.zoom), this.center));
  }

  resetZoom(): void {
    this.setViewport(zoomAround(this.viewport, DEFAULT_ZOOM, this.center));
  }

  fit(plugins: readonly PluginInstance[]): void {
    this.setViewport(fitViewport(plugins, this.canvasSize, (id) => this.measured.get(id)));
  }

  /**
   * Where a block dropped at `point` (relative to the canvas element's top-left corner) goes: the
   * point in canvas units under the current pan and zoom, with the block centred on it.
   */
  dropPosition(point: Position, size: Size = { width: NODE_WIDTH, height: NODE_HEIGHT }): Position {
    const at = screenToCanvas(point, this.pan, this.zoom);
    return { x: at.x - size.width / 2, y: at.y - size.height / 2 };
  }

  /** Where a block added without dropping goes: the middle of what is on screen. */
  visibleCenterPosition(): Position {
    return this.dropPosition(this.center);
  }

  /** The part of the canvas on screen, in canvas units. */
  visibleRect(): { x: number; y: number; width: number; height: number } {
    return {
      x: -this.pan.x / this.zoom,
      y: -this.pan.y / this.zoom,
      width: this.canvasSize.width / this.zoom,
      height: this.canvasSize.height / this.zoom,
    };
  }

  /**
   * Pans (at the same zoom) just enough that `rect`, in canvas units, is on screen with a margin;
   * nothing when it is already.
   */
  reveal(rect: { x: number; y: number; width: number; height: number }, margin: number = 32): void {
    const visible = this.visibleRect();
    if (visible.width <= 0 || visible.height <= 0) return;
    const shift = (start: number, size: number, viewStart: number, viewSize: number) => {
      if (size + 2 * margin > viewSize) return viewStart - (start - margin);
      if (start - margin < viewStart) return viewStart - (start - margin);
      if (start + size + margin > viewStart + viewSize) return viewStart + viewSize - (start + size + margin);
      return 0;
    };
    const dx = shift(rect.x, rect.width, visible.x, visible.width);
    const dy = shift(rect.y, rect.height, visible.y, visible.height);
    if (dx !== 0 || dy !== 0)
      this.setViewport({
        zoom: this.zoom,
        pan: { x: this.pan.x + dx * this.zoom, y: this.pan.y + dy * this.zoom },
      });
  }

  /** Selects exactly the blocks `ids` (and no connection). */
  selectNodes(ids: readonly string[]): void {
    this.selectedNodeIds = new Set(ids);
    this.selectedEdgeIds = new Set();
  }

  selectNode(id: string): void {
    this.selectedNodeIds = new Set([id]);
    this.selectedEdgeIds = new Set();
  }

  setNodeSelected(id: string, selected: boolean): void {
    if (this.selectedNodeIds.has(id) === selected) return;
    const next = new Set(this.selectedNodeIds);
    if (selected) next.add(id);
    else next.delete(id);
    this.selectedNodeIds = next;
  }

  setEdgeSelected(id: string, selected: boolean): void {
    if (this.selectedEdgeIds.has(id) === selected) return;
    const next = new Set(this.selectedEdgeIds);
    if (selected) next.add(id);
    else next.delete(id);
    this.selectedEdgeIds = next;
  }

  clearSelection(): void {
    if (this.selectedNodeIds.size > 0) this.selectedNodeIds = new Set();
    if (this.selectedEdgeIds.size > 0) this.selectedEdgeIds = new Set();
  }

  /** Drops selection and sizes of blocks and connections that are gone. */
  forget(nodeIds: ReadonlySet<string>, edgeIds: ReadonlySet<string>): void {
    if ([...this.selectedNodeIds].some((id) => !nodeIds.has(id))) {
      this.selectedNodeIds = new Set([...this.selectedNodeIds].filter((id) => nodeIds.has(id)));
    }
    if ([...this.selectedEdgeIds].some((id) => !edgeIds.has(id))) {
      this.selectedEdgeIds = new Set([...this.selectedEdgeIds].filter((id) => edgeIds.has(id)));
    }
    for (const id of [...this.measured.keys()]) if (!nodeIds.has(id)) this.measured.delete(id);
  }

  setMeasured(id: string, size: Size): void {
    const known = this.measured.get(id);
    if (!known || known.width !== size.width || known.height !== size.height) this.measured.set(id, size);
  }

  togglePropertiesCollapsed(): void {
    this.propertiesCollapsed = !this.propertiesCollapsed;
  }

  setFullScreen(on: boolean): void {
    this.fullScreen = on;
    if (!on) this.addNodeOpen = false;
  }

  setAddNodeOpen(open: boolean): void {
    this.addNodeOpen = open;
  }

  setMobile(mobile: boolean): void {
    this.isMobile = mobile;
    if (!mobile) {
      this.paletteOpen = false;
      this.propertiesOpen = false;
    }
  }

  setPaletteOpen(open: boolean): void {
    this.paletteOpen = open;
  }

  setShortcutsOpen(open: boolean): void {
    this.shortcutsOpen = open;
  }

  setPropertiesOpen(open: boolean): void {
    this.propertiesOpen = open;
  }
}
