import { NODE_HEIGHT, NODE_WIDTH } from '@blocksmith/schema';
import { parseDraggedBlock } from './canvas-gestures';
import { testBuilder } from '../testing/fake-api';
import { buildThreeBlocks } from '../testing/builder-fixtures';

describe('CanvasGestures', () => {
  it('drops a block at the pointer under the current pan and zoom, and selects it', async () => {
    const { builder } = await testBuilder();
    builder.view.setViewport({ zoom: 1.5, pan: { x: -300, y: -150 } });
    const id = builder.gestures.dropBlock('textInput', { x: 450, y: 300 })!;
    expect(builder.document.pluginById.get(id)!.position).toEqual({
      x: Math.round((450 + 300) / 1.5 - NODE_WIDTH / 2),
      y: Math.round((300 + 150) / 1.5 - NODE_HEIGHT / 2),
    });
    expect(builder.view.selectedNodeId).toBe(id);
    expect(builder.gestures.dropBlock('noSuchBlock', { x: 0, y: 0 })).toBeNull();
  });

  it('reads dragged block data, ignoring (and logging) what it cannot parse', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseDraggedBlock(JSON.stringify({ type: 'textInput' }))).toBe('textInput');
    expect(parseDraggedBlock('{not json')).toBeNull();
    expect(parseDraggedBlock('{}')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('a refused connection says why in a toast', async () => {
    const { builder, toasts } = await testBuilder();
    const output = builder.gestures.dropBlock('textDisplay', { x: 0, y: 0 })!;
    const input = builder.gestures.dropBlock('textInput', { x: 300, y: 0 })!;
    expect(builder.gestures.connect(output, input)).toBe(false);
    expect(toasts.toasts[0]?.message).toBe('An output block cannot be the source of a connection.');
  });

  it('Delete removes the selected blocks and connections; undo brings them back', async () => {
    const { builder } = await testBuilder();
    const { ai } = buildThreeBlocks(builder);
    builder.view.selectNode(ai);
    builder.gestures.deleteSelection();
    expect(builder.document.config.plugins).toHaveLength(2);
    expect(builder.document.config.connections).toHaveLength(0);
    expect(builder.view.selectedNodeIds.size).toBe(0);
    builder.gestures.undo();
    expect(builder.document.config.connections).toHaveLength(2);
  });
});
