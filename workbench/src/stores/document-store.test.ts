import { CONNECTION_PROBLEMS, INVALID_NODE_LIST_TEXT } from '@blocksmith/schema';
import { FakeApi } from '../testing/fake-api';
import { CatalogueStore } from './catalogue-store';
import { DocumentStore } from './document-store';

async function documentStore() {
  const catalogue = new CatalogueStore(new FakeApi());
  await catalogue.load();
  return new DocumentStore(catalogue);
}

describe('DocumentStore', () => {
  it('adds a block with its declared defaults, version and a unique variable name', async () => {
    const doc = await documentStore();
    const first = doc.addBlock('textInput', { x: 100, y: 100 });
    const second = doc.addBlock('textInput', { x: 100, y: 300 });
    const plugin = doc.pluginById.get(first)!;
    expect(plugin.id).toMatch(/^plugin_\d+_[a-z0-9]{9}$/);
    expect(plugin.settings).toEqual({ label: 'Your text', placeholder: 'Type here...', multiline: false });
    expect(plugin.version).toBe(1);
    expect(plugin.outputs?.[0]?.name).toBe('input_text');
    expect(doc.pluginById.get(second)!.outputs?.[0]?.name).toBe('input_text_2');
  });

  it('keeps blocks on the 3000 x 4000 canvas', async () => {
    const doc = await documentStore();
    const id = doc.addBlock('textInput', { x: -50, y: 5000 });
    expect(doc.pluginById.get(id)!.position).toEqual({ x: 0, y: 4000 - 70 });
  });

  it('connects output to input under the schema rules', async () => {
    const doc = await documentStore();
    const input = doc.addBlock('textInput', { x: 0, y: 0 });
    const ai = doc.addBlock('textGeneration', { x: 300, y: 0 });
    const output = doc.addBlock('textDisplay', { x: 600, y: 0 });
    expect(doc.connect(input, input)).toBe(CONNECTION_PROBLEMS.selfConnection);
    expect(doc.connect(output, ai)).toBe(CONNECTION_PROBLEMS.outputAsSource);
    expect(doc.connect(ai, input)).toBe(CONNECTION_PROBLEMS.inputAsTarget);
    expect(doc.connect(input, ai)).toBeNull();
    expect(doc.connect(input, ai)).toBe(CONNECTION_PROBLEMS.duplicate);
    expect(doc.connect(ai, output)).toBeNull();
    expect(doc.config.connections).toHaveLength(2);
    expect(doc.pluginById.get(ai)!.connections).toEqual({ inputs: [input], outputs: [output] });
  });

  it('removing a block removes its connections', async () => {
    const doc = await documentStore();
    const input = doc.addBlock('textInput', { x: 0, y: 0 });
    const ai = doc.addBlock('textGeneration', { x: 300, y: 0 });
    const output = doc.addBlock('textDisplay', { x: 600, y: 0 });
    doc.connect(input, ai);
    doc.connect(ai, output);
    doc.removeBlocks([ai]);
    expect(doc.config.plugins.map((p) => p.id)).toEqual([input, output]);
    expect(doc.config.connections).toEqual([]);
  });

  it('undoes and redoes every canvas edit, a drag being one step', async () => {
    const doc = await documentStore();
    const a = doc.addBlock('textInput', { x: 0, y: 0 });
    const b = doc.addBlock('textGeneration', { x: 300, y: 0 });
    doc.connect(a, b);
    doc.beginGesture();
    doc.moveBlocks([{ id: b, position: { x: 310, y: 10 } }]);
    doc.moveBlocks([{ id: b, position: { x: 320, y: 20 } }]);
    doc.moveBlocks([{ id: b, position: { x: 330, y: 30 } }]);
    doc.endGesture();
    expect(doc.pluginById.get(b)!.position).toEqual({ x: 330, y: 30 });

    doc.undo();
    expect(doc.pluginById.get(b)!.position).toEqual({ x: 300, y: 0 });
    expect(doc.config.connections).toHaveLength(1);
    doc.undo();
    expect(doc.config.connections).toHaveLength(0);
    doc.undo();
    doc.undo();
    expect(doc.config.plugins).toHaveLength(0);
    expect(doc.canUndo).toBe(false);

    doc.redo();
    doc.redo();
    doc.redo();
    doc.redo();
    expect(doc.pluginById.get(b)!.position).toEqual({ x: 330, y: 30 });
    expect(doc.canRedo).toBe(false);
  });

  it('a new edit after undo drops the redo steps', async () => {
    const doc = await documentStore();
    doc.addBlock('textInput', { x: 0, y: 0 });
    doc.undo();
    expect(doc.canRedo).toBe(true);
    doc.addBlock('textDisplay', { x: 0, y: 0 });
    expect(doc.canRedo).toBe(false);
  });

  it('typing into one setting is one undo step; numbers stay within their range', async () => {
    const doc = await documentStore();
    const id = doc.addBlock('fileUpload', { x: 0, y: 0 });
    doc.updateSetting(id, 'label', 'U');
    doc.updateSetting(id, 'label', 'Up');
    doc.updateSetting(id, 'label', 'Upload your CV');
    doc.sealHistory();
    doc.updateSetting(id, 'maxSize', 80);
    expect(doc.pluginById.get(id)!.settings.maxSize).toBe(50);
    doc.updateSetting(id, 'maxSize', 0);
    expect(doc.pluginById.get(id)!.settings.maxSize).toBe(1);
    doc.sealHistory();
    doc.undo();
    expect(doc.pluginById.get(id)!.settings).toMatchObject({ label: 'Upload your CV', maxSize: 10 });
    doc.undo();
    expect(doc.pluginById.get(id)!.settings.label).toBe('Upload a file');
  });

  it('an unchanged block keeps its object across edits of other blocks', async () => {
    const doc = await documentStore();
    const a = doc.addBlock('textInput', { x: 0, y: 0 });
    const b = doc.addBlock('textGeneration', { x: 300, y: 0 });
    const before = doc.pluginById.get(a);
    doc.moveBlocks([{ id: b, position: { x: 400, y: 40 } }]);
    doc.updateSetting(b, 'model', 'gpt-3.5-turbo');
    expect(doc.pluginById.get(a)).toBe(before);
  });

  it('tells unsaved changes apart from saved ones', async () => {
    const doc = await documentStore();
    expect(doc.dirty).toBe(false);
    doc.addBlock('textInput', { x: 0, y: 0 });
    expect(doc.dirty).toBe(true);
  });

  it('a node list that cannot be drawn is reported instead of loaded', async () => {
    const doc = await documentStore();
    doc.load({
      name: 'Broken',
      config: { plugins: [{ id: 'a', type: 'textInput', position: { x: 'left' } }] },
    });
    expect(doc.isValid).toBe(false);
    expect(doc.invalidProblems.join(' ')).toContain('position.x');
    expect(doc.config.plugins).toEqual([]);
    expect(INVALID_NODE_LIST_TEXT).toContain('invalid or incomplete');
    doc.load({ name: 'Fine', config: { plugins: [] } });
    expect(doc.isValid).toBe(true);
  });

  it('loading stores select settings written as option labels with the options values', async () => {
    const doc = await documentStore();
    doc.load({
      name: 'From the block table',
      config: {
        plugins: [
          { id: 'a', type: 'textGeneration', position: { x: 0, y: 0 }, settings: { model: 'GPT-3.5 Turbo' } },
          { id: 'b', type: 'textDisplay', position: { x: 300, y: 0 }, settings: { style: 'Plain text' } },
          { id: 'c', type: 'textDisplay', position: { x: 600, y: 0 }, settings: { style: 'card' } },
        ],
      },
    });
    expect(doc.config.plugins.map((p) => p.settings)).toEqual([
      { model: 'gpt-3.5-turbo' },
      { style: 'plain' },
      { style: 'card' },
    ]);
    const id = doc.addBlock('textDisplay', { x: 0, y: 300 });
    doc.updateSetting(id, 'style', 'Card view');
    expect(doc.pluginById.get(id)!.settings.style).toBe('card');
  });

  it('loading pins variable names and fills a missing canvas', async () => {
    const doc = await documentStore();
    doc.load({
      name: 'Two inputs',
      config: {
        plugins: [
          { id: 'a', type: 'textInput', position: { x: 0, y: 0 }, settings: {} },
          { id: 'b', type: 'textInput', position: { x: 0, y: 200 }, settings: {} },
        ],
      },
    });
    expect(doc.config.plugins.map((p) => p.outputs?.[0]?.name)).toEqual(['input_text', 'input_text_2']);
    expect(doc.config.canvas).toEqual({ zoom: 1, pan: { x: 0, y: 0 } });
    expect(doc.config.connections).toEqual([]);
  });
});
