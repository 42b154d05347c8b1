import { CONNECTION_PROBLEMS, ON_ERROR_LABELS } from '@blocksmith/schema';
import { FakeApi } from '../testing/fake-api';
import { CanvasFlow } from './canvas-flow';
import { CatalogueStore } from './catalogue-store';
import { DocumentStore } from './document-store';

async function documentStore() {
  const catalogue = new CatalogueStore(new FakeApi());
  await catalogue.load();
  return { doc: new DocumentStore(catalogue), catalogue };
}

describe('a block’s On error choice', () => {
  it('offers the three choices in the panel’s words', () => {
    expect(Object.values(ON_ERROR_LABELS)).toEqual([
      'Stop the run',
      'Continue with an error value',
      'Take the error route',
    ]);
  });

  it('is stored on the block, stop as nothing, one undo step each', async () => {
    const { doc } = await documentStore();
    const ai = doc.addBlock('textGeneration', { x: 0, y: 0 });
    doc.setOnError(ai, 'continue');
    expect(doc.pluginById.get(ai)!.onError).toBe('continue');
    doc.setOnError(ai, 'stop');
    expect('onError' in doc.pluginById.get(ai)!).toBe(false);
    doc.undo();
    expect(doc.pluginById.get(ai)!.onError).toBe('continue');
  });

  it('gives the block an error handle on the canvas that blocks connect from, and takes it away again', async () => {
    const { doc, catalogue } = await documentStore();
    const input = doc.addBlock('textInput', { x: 0, y: 0 });
    const ai = doc.addBlock('textGeneration', { x: 300, y: 0 });
    const fallback = doc.addBlock('textDisplay', { x: 600, y: 0 });
    const flow = new CanvasFlow({
      catalogue,
      get shownConfig() {
        return doc.config;
      },
      run: { nodes: new Map(), nodeState: () => undefined },
      view: { measured: new Map() },
    } as unknown as ConstructorParameters<typeof CanvasFlow>[0]);
    doc.connect(input, ai);
    expect(flow.handlesOf(ai)).toBeUndefined();
    expect(doc.connect(ai, fallback, 'error')).toBe(CONNECTION_PROBLEMS.route);

    doc.setOnError(ai, 'route');
    expect(flow.handlesOf(ai)).toEqual([
      { port: 'output', stale: false },
      { port: 'error', stale: false },
    ]);
    expect(doc.connect(ai, fallback, 'error')).toBeNull();

    doc.setOnError(ai, 'continue');
    expect(flow.handlesOf(ai)).toBeUndefined();
    expect(doc.config.connections.map((c) => [c.from, c.to])).toEqual([[input, ai]]);
  });
});
