import {
  BLOCK_SPACING,
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  COPY_TICK_MS,
  DEFAULT_ZOOM,
  GRID_SIZE,
  MAX_TOASTS,
  MOBILE_BREAKPOINT,
  NODE_HEIGHT,
  NODE_WIDTH,
  ONBOARDING_STEPS,
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD,
  UPVOTE_LOCK_MS,
  ZOOM_IN_FACTOR,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_OUT_FACTOR,
  clampZoom,
  screenToCanvas,
  zoomIn,
  zoomOut,
  zoomPercent,
} from './canvas';

describe('canvas constants', () => {
  it('match the spec', () => {
    expect([CANVAS_WIDTH, CANVAS_HEIGHT, GRID_SIZE]).toEqual([3000, 4000, 40]);
    expect([ZOOM_MIN, ZOOM_MAX, ZOOM_IN_FACTOR, ZOOM_OUT_FACTOR, DEFAULT_ZOOM]).toEqual([
      0.3, 3, 1.2, 0.8, 1,
    ]);
    expect([BLOCK_SPACING, NODE_WIDTH, NODE_HEIGHT]).toEqual([120, 224, 70]);
    expect([MOBILE_BREAKPOINT, ONBOARDING_STEPS, COPY_TICK_MS, UPVOTE_LOCK_MS]).toEqual([768, 7, 2000, 300]);
    expect([TOAST_DURATION_MS, MAX_TOASTS, TOAST_SWIPE_THRESHOLD, TOAST_HOTKEY]).toEqual([5000, 1, 50, 'F8']);
  });
});

describe('clampZoom', () => {
  it('keeps values in range and clamps the rest', () => {
    expect(clampZoom(1.5)).toBe(1.5);
    expect(clampZoom(0.1)).toBe(0.3);
    expect(clampZoom(10)).toBe(3);
    expect(clampZoom(Infinity)).toBe(3);
    expect(clampZoom(-Infinity)).toBe(0.3);
  });

  it('turns NaN into the default zoom', () => {
    expect(clampZoom(NaN)).toBe(1);
  });
});

describe('zoomIn / zoomOut', () => {
  it('multiply by 1.2 and 0.8', () => {
    expect(zoomIn(1)).toBeCloseTo(1.2);
    expect(zoomOut(1)).toBeCloseTo(0.8);
  });

  it('stop at the limits', () => {
    expect(zoomIn(2.9)).toBe(3);
    expect(zoomIn(3)).toBe(3);
    expect(zoomOut(0.35)).toBe(0.3);
    expect(zoomOut(0.3)).toBe(0.3);
  });
});

describe('zoomPercent', () => {
  it('rounds to a whole percentage', () => {
    expect(zoomPercent(1)).toBe('100%');
    expect(zoomPercent(zoomIn(1))).toBe('120%');
    expect(zoomPercent(1.44)).toBe('144%');
    expect(zoomPercent(0.3)).toBe('30%');
    expect(zoomPercent(0.8 * 0.8 * 0.8)).toBe('51%');
  });
});

describe('screenToCanvas', () => {
  it('is the identity without pan and zoom', () => {
    expect(screenToCanvas({ x: 50, y: 70 }, { x: 0, y: 0 }, 1)).toEqual({ x: 50, y: 70 });
  });

  it('undoes pan, then zoom', () => {
    expect(screenToCanvas({ x: 300, y: 200 }, { x: 100, y: -50 }, 2)).toEqual({ x: 100, y: 125 });
    expect(screenToCanvas({ x: 100, y: 100 }, { x: 40, y: 40 }, 0.5)).toEqual({ x: 120, y: 120 });
  });

  it('clamps an out-of-range zoom instead of dividing by zero', () => {
    expect(screenToCanvas({ x: 30, y: 60 }, { x: 0, y: 0 }, 0)).toEqual({ x: 100, y: 200 });
    expect(screenToCanvas({ x: 30, y: 60 }, { x: 0, y: 0 }, NaN)).toEqual({ x: 30, y: 60 });
  });
});
