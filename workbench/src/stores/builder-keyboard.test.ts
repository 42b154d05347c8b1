import { NODE_HEIGHT, NODE_WIDTH } from '@blocksmith/schema';
import { BLOCK_CLIPBOARD_KEY } from './clipboard-store';
import { CLIP_KIND, parseClip } from './block-clipboard';
import { COLUMN_STEP } from './placement';
import { memoryStorage, testBuilder } from '../testing/fake-api';

type Builder = Awaited<ReturnType<typeof testBuilder>>['builder'];

/** Text input -> text generation (prompt uses the input) -> text display, all connected. */
function chain(builder: Builder) {
  const input = builder.gestures.dropBlock('textInput', { x: 200, y: 200 })!;
  const ai = builder.gestures.dropBlock('textGeneration', { x: 500, y: 200 })!;
  const output = builder.gestures.dropBlock('textDisplay', { x: 800, y: 200 })!;
  builder.gestures.connect(input, ai);
  builder.gestures.connect(ai, output);
  builder.document.updateSetting(ai, 'prompt_template', 'Write about {{input_text}}');
  return { input, ai, output };
}

function overlapping(builder: Builder): boolean {
  const plugins = builder.document.config.plugins;
  return plugins.some((a, i) =>
    plugins.some(
      (b, j) =>
        i < j &&
        Math.abs(a.position.x - b.position.x) < NODE_WIDTH &&
        Math.abs(a.position.y - b.position.y) < NODE_HEIGHT,
    ),
  );
}

describe('copy, paste and duplicate', () => {
  it('copies the selected blocks with their settings and only the connections among them', async () => {
    const { builder, storage } = await testBuilder();
    const { input, ai } = chain(builder);
    builder.view.selectNodes([input, ai]);
    const text = builder.clipboard.copySelection()!;
    const clip = parseClip(text)!;
    expect(clip.kind).toBe(CLIP_KIND);
    expect(clip.plugins.map((p) => p.type)).toEqual(['textInput', 'textGeneration']);
    expect(clip.plugins[1]!.settings.prompt_template).toBe('Write about {{input_text}}');
    expect(clip.connections).toEqual([expect.objectContaining({ from: input, to: ai })]);
    expect(storage.getItem(BLOCK_CLIPBOARD_KEY)).toBe(text);
    builder.view.clearSelection();
    expect(builder.clipboard.copySelection()).toBeNull();
  });

  it('pastes under new ids, connected among themselves, renamed where names are taken, never on top of a block', async () => {
    const { builder } = await testBuilder();
    const { input, ai } = chain(builder);
    builder.view.selectNodes([input, ai]);
    const text = builder.clipboard.copySelection()!;
    expect(builder.clipboard.paste(text)).toBe(2);
    const config = builder.document.config;
    expect(config.plugins).toHaveLength(5);
    const pasted = [...builder.view.selectedNodeIds];
    expect(pasted).toHaveLength(2);
    expect(pasted).not.toContain(input);
    const [newInput, newAi] = pasted.map((id) => builder.document.pluginById.get(id)!);
    expect(newInput!.outputs![0]!.name).toBe('input_text_2');
    expect(newAi!.settings.prompt_template).toBe('Write about {{input_text_2}}');
    expect(config.connections.filter((c) => pasted.includes(c.from) || pasted.includes(c.to))).toEqual([
      expect.objectContaining({ from: newInput!.id, to: newAi!.id }),
    ]);
    expect(newInput!.connections).toEqual({ inputs: [], outputs: [newAi!.id] });
    expect(overlapping(builder)).toBe(false);
    // One undo takes the whole paste back.
    builder.gestures.undo();
    expect(builder.document.config.plugins).toHaveLength(3);
  });

  it('pastes into another app (another builder on the same browser storage)', async () => {
    const storage = memoryStorage();
    const first = await testBuilder({ storage });
    const { input, ai, output } = chain(first.builder);
    first.builder.view.selectNodes([input, ai, output]);
    const text = first.builder.clipboard.copySelection()!;

    const second = await testBuilder({ storage });
    second.builder.drafts.newApp();
    // Through the clipboard's text, or (when the clipboard cannot be read) the copy kept in the browser.
    expect(second.builder.clipboard.paste(text)).toBe(3);
    expect(second.builder.clipboard.paste(null)).toBe(3);
    const config = second.builder.document.config;
    expect(config.plugins).toHaveLength(6);
    expect(config.connections).toHaveLength(4);
    expect(overlapping(second.builder)).toBe(false);
    // The first paste kept the names (free in the new app); the prompt follows them.
    const names = config.plugins.map((p) => p.outputs?.[0]?.name).filter(Boolean);
    expect(new Set(names).size).toBe(names.length);
  });

  it('keeps a pasted group whole when it is wider than the view (never piled up at the edge)', async () => {
    const { builder } = await testBuilder();
    builder.view.setCanvasSize({ width: 400, height: 300 });
    const ids = ['textInput', 'textGeneration', 'textDisplay', 'textGeneration'].map((type, i) =>
      builder.gestures.dropBlock(type, { x: 200 + i * 300, y: 150 })!,
    );
    builder.view.selectNodes(ids);
    const text = builder.clipboard.copySelection()!;
    builder.drafts.newApp();
    builder.dialogs.confirm?.onConfirm();
    expect(builder.document.config.plugins).toHaveLength(0);
    expect(builder.clipboard.paste(text)).toBe(4);
    const xs = builder.document.config.plugins.map((p) => p.position.x);
    expect(xs.slice(1).map((x, i) => x - xs[i]!)).toEqual([300, 300, 300]);
    expect(overlapping(builder)).toBe(false);
  });

  it('ignores clipboard text that is not blocks, and blocks this server does not have', async () => {
    const { builder } = await testBuilder();
    expect(builder.clipboard.paste('hello')).toBe(0);
    expect(builder.clipboard.paste(JSON.stringify({ kind: CLIP_KIND, plugins: [{ id: 'x' }] }))).toBe(0);
    const alien = {
      kind: CLIP_KIND,
      version: 1,
      plugins: [{ id: 'x', type: 'noSuchBlock', position: { x: 0, y: 0 }, settings: {} }],
      connections: [],
    };
    expect(builder.clipboard.paste(JSON.stringify(alien))).toBe(0);
    expect(builder.document.config.plugins).toHaveLength(0);
  });

  it('duplicates the selection beside itself without touching the clipboard', async () => {
    const { builder, storage } = await testBuilder();
    const { input, ai } = chain(builder);
    builder.view.selectNodes([input, ai]);
    expect(builder.clipboard.duplicateSelection()).toBe(2);
    expect(builder.document.config.plugins).toHaveLength(5);
    expect(builder.document.config.connections).toHaveLength(3);
    expect(storage.getItem(BLOCK_CLIPBOARD_KEY)).toBeNull();
    expect(overlapping(builder)).toBe(false);
  });

  it('cut copies then removes', async () => {
    const { builder } = await testBuilder();
    const { output } = chain(builder);
    builder.view.selectNodes([output]);
    expect(parseClip(builder.clipboard.cutSelection())?.plugins).toHaveLength(1);
    expect(builder.document.pluginById.has(output)).toBe(false);
  });

  it('nudges the selected blocks, and selects every block', async () => {
    const { builder } = await testBuilder();
    const { input, ai, output } = chain(builder);
    const before = builder.document.pluginById.get(input)!.position;
    builder.view.selectNodes([input, ai]);
    expect(builder.gestures.nudgeSelection(10, -40)).toBe(true);
    expect(builder.document.pluginById.get(input)!.position).toEqual({ x: before.x + 10, y: before.y - 40 });
    expect(builder.document.pluginById.get(output)!.position.x).toBe(800 - NODE_WIDTH / 2);
    builder.view.clearSelection();
    expect(builder.gestures.nudgeSelection(10, 0)).toBe(false);
    builder.gestures.selectAll();
    expect(builder.view.selectedNodeIds.size).toBe(3);
  });
});

describe('blocks added by click', () => {
  it('go a column right of the selected block, connected from it, and chain', async () => {
    const { builder } = await testBuilder();
    const input = builder.gestures.addBlockByClick('textInput')!;
    const ai = builder.gestures.addBlockByClick('textGeneration')!;
    const output = builder.gestures.addBlockByClick('textDisplay')!;
    const at = (id: string) => builder.document.pluginById.get(id)!.position;
    expect(at(ai)).toEqual({ x: at(input).x + COLUMN_STEP, y: at(input).y });
    expect(at(output)).toEqual({ x: at(ai).x + COLUMN_STEP, y: at(ai).y });
    expect(builder.document.config.connections.map((c) => [c.from, c.to])).toEqual([
      [input, ai],
      [ai, output],
    ]);
    expect(builder.view.selectedNodeId).toBe(output);
    // One undo takes back the block and its connection.
    builder.gestures.undo();
    expect(builder.document.config.plugins).toHaveLength(2);
    expect(builder.document.config.connections).toHaveLength(1);
  });

  it('are never stacked: a second block for the same place goes below', async () => {
    const { builder } = await testBuilder();
    const input = builder.gestures.addBlockByClick('textInput')!;
    builder.gestures.addBlockByClick('textGeneration');
    builder.view.selectNode(input);
    const second = builder.gestures.addBlockByClick('textGeneration')!;
    expect(builder.document.config.connections.filter((c) => c.from === input)).toHaveLength(2);
    expect(builder.document.pluginById.get(second)!.position.y).toBeGreaterThan(
      builder.document.pluginById.get(input)!.position.y,
    );
    builder.view.clearSelection();
    for (let i = 0; i < 6; i += 1) builder.gestures.addBlockByClick('textInput');
    expect(overlapping(builder)).toBe(false);
  });

  it('connect to the selected block when only that way is allowed, and stay unconnected when neither is', async () => {
    const { builder } = await testBuilder();
    const output = builder.gestures.addBlockByClick('textDisplay')!;
    const ai = builder.gestures.addBlockByClick('textGeneration')!;
    const at = (id: string) => builder.document.pluginById.get(id)!.position;
    expect(at(ai).x).toBe(at(output).x - COLUMN_STEP);
    expect(builder.document.config.connections.map((c) => [c.from, c.to])).toEqual([[ai, output]]);
    builder.view.selectNode(output);
    builder.gestures.addBlockByClick('textDisplay');
    expect(builder.document.config.connections).toHaveLength(1);
    expect(overlapping(builder)).toBe(false);
  });
});
