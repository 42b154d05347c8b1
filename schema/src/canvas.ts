import type { Position } from './app';

/** Canvas and builder constants (spec, builder section 9). */
export const CANVAS_WIDTH = 3000;
export const CANVAS_HEIGHT = 4000;
export const GRID_SIZE = 40;
export const ZOOM_MIN = 0.3;
export const ZOOM_MAX = 3;
export const ZOOM_IN_FACTOR = 1.2;
export const ZOOM_OUT_FACTOR = 0.8;
export const DEFAULT_ZOOM = 1;
export const BLOCK_SPACING = 120;
/** Assumed size of a block that has not been measured yet. */
export const NODE_WIDTH = 224;
export const NODE_HEIGHT = 70;
export const MOBILE_BREAKPOINT = 768;
export const ONBOARDING_STEPS = 7;
export const COPY_TICK_MS = 2000;
export const UPVOTE_LOCK_MS = 300;
export const TOAST_DURATION_MS = 5000;
export const MAX_TOASTS = 1;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = 'F8';

/** Keeps a zoom level within [ZOOM_MIN, ZOOM_MAX]; NaN becomes DEFAULT_ZOOM. */
export function clampZoom(zoom: number): number {
  if (Number.isNaN(zoom)) return DEFAULT_ZOOM;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
}

export function zoomIn(zoom: number): number {
  return clampZoom(zoom * ZOOM_IN_FACTOR);
}

export function zoomOut(zoom: number): number {
  return clampZoom(zoom * ZOOM_OUT_FACTOR);
}

/** The toolbar's percentage display, e.g. `120%`. */
export function zoomPercent(zoom: number): string {
  return `${Math.round(zoom * 100)}%`;
}

/**
 * Converts a drop point, relative to the canvas element's top-left corner, into canvas coordinates.
 * The canvas is drawn as `translate(pan) scale(zoom)`, so screen = canvas * zoom + pan. The zoom is
 * clamped first, which also keeps a zero or NaN zoom from dividing by zero.
 */
export function screenToCanvas(point: Position, pan: Position, zoom: number): Position {
  const scale = clampZoom(zoom);
  return { x: (point.x - pan.x) / scale, y: (point.y - pan.y) / scale };
}
