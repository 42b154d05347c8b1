import { NODE_HEIGHT, NODE_WIDTH, ZOOM_MAX, ZOOM_MIN } from '@blocksmith/schema';
import { fitViewport, ViewStore } from './view-store';

describe('ViewStore', () => {
  it('puts a dropped block under the pointer at 100% with no pan', () => {
    const view = new ViewStore();
    expect(view.dropPosition({ x: 300, y: 200 })).toEqual({
      x: 300 - NODE_WIDTH / 2,
      y: 200 - NODE_HEIGHT / 2,
    });
  });

  it('adjusts drop coordinates for pan and zoom', () => {
    const view = new ViewStore();
    view.setViewport({ zoom: 2, pan: { x: -400, y: 100 } });
    // screen = canvas * zoom + pan, so canvas = (screen - pan) / zoom
    expect(view.dropPosition({ x: 600, y: 300 })).toEqual({
      x: 500 - NODE_WIDTH / 2,
      y: 100 - NODE_HEIGHT / 2,
    });
    view.setViewport({ zoom: 0.5, pan: { x: 50, y: -20 } });
    expect(view.dropPosition({ x: 150, y: 80 })).toEqual({
      x: 200 - NODE_WIDTH / 2,
      y: 200 - NODE_HEIGHT / 2,
    });
  });

  it('zooms in by 1.2 and out by 0.8 around the middle, within 0.3 to 3, and resets to 1', () => {
    const view = new ViewStore();
    view.setCanvasSize({ width: 1000, height: 800 });
    view.zoomIn();
    expect(view.zoom).toBeCloseTo(1.2);
    // The canvas point in the middle (500, 400) stays in the middle.
    expect(view.pan.x + 500 * 1.2).toBeCloseTo(500);
    expect(view.pan.y + 400 * 1.2).toBeCloseTo(400);
    view.zoomOut();
    expect(view.zoom).toBeCloseTo(0.96);
    for (let i = 0; i < 30; i += 1) view.zoomIn();
    expect(view.zoom).toBe(ZOOM_MAX);
    for (let i = 0; i < 30; i += 1) view.zoomOut();
    expect(view.zoom).toBe(ZOOM_MIN);
    view.resetZoom();
    expect(view.zoom).toBe(1);
  });

  it('fits every block into view, never past 100%', () => {
    const plugins = [
      { id: 'a', type: 't', position: { x: 100, y: 100 }, settings: {} },
      { id: 'b', type: 't', position: { x: 2100, y: 1100 }, settings: {} },
    ];
    const view = fitViewport(plugins, { width: 1000, height: 800 });
    expect(view.zoom).toBeLessThan(1);
    const left = 100 * view.zoom + view.pan.x;
    const right = (2100 + NODE_WIDTH) * view.zoom + view.pan.x;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(1000);
    expect(fitViewport(plugins.slice(0, 1), { width: 1000, height: 800 }).zoom).toBe(1);
  });

  it('selecting the background clears the selection; the panel shows a single selected block', () => {
    const view = new ViewStore();
    view.setNodeSelected('a', true);
    expect(view.selectedNodeId).toBe('a');
    view.setNodeSelected('b', true);
    expect(view.selectedNodeId).toBeNull();
    view.clearSelection();
    expect(view.selectedNodeIds.size).toBe(0);
  });

  it('leaving the narrow layout closes the slide-over panels; leaving full screen closes Add Node', () => {
    const view = new ViewStore();
    view.setMobile(true);
    view.setPaletteOpen(true);
    view.setMobile(false);
    expect(view.paletteOpen).toBe(false);
    view.setFullScreen(true);
    view.setAddNodeOpen(true);
    view.setFullScreen(false);
    expect(view.addNodeOpen).toBe(false);
  });
});
