import { CatalogueStore, readTier } from './catalogue-store';
import { CATALOGUE, FakeApi } from '../testing/fake-api';

describe('CatalogueStore', () => {
  it('makes a second caller wait for the read already under way (the builder opens an app only once the blocks are known)', async () => {
    const catalogue = new CatalogueStore(new FakeApi());
    const first = catalogue.load();
    const second = catalogue.load();
    await second;
    expect(catalogue.state).toBe('ready');
    expect(catalogue.firstOutputOf('textGeneration')).toBe('generated_text');
    await first;
    await catalogue.load();
    expect(catalogue.state).toBe('ready');
  });

  it('carries each block kind’s tier from the gateway', async () => {
    const api = new FakeApi();
    const scorer = {
      ...CATALOGUE[3]!,
      id: 'ycPitchScorer',
      name: 'YC Application Scorer',
      tier: 'full' as const,
    };
    api.blockCatalogue = async () => [
      ...CATALOGUE.map((entry) => ({ ...entry, tier: 'core' as const })),
      scorer,
    ];
    const catalogue = new CatalogueStore(api);
    await catalogue.load();
    expect(catalogue.state).toBe('ready');
    expect(catalogue.byId.get('ycPitchScorer')?.tier).toBe('full');
    expect(catalogue.byId.get('textGeneration')?.tier).toBe('core');
  });

  it('reads a tier as the schema does: absent is core, anything but core is full', () => {
    expect([
      readTier('core'),
      readTier('full'),
      readTier(undefined),
      readTier(null),
      readTier('premium'),
    ]).toEqual(['core', 'full', 'core', 'core', 'full']);
  });

  it('quotes a run of an app with a loop as the least and the most it can cost', async () => {
    const api = new FakeApi();
    const loop = {
      ...CATALOGUE[3]!,
      id: 'forEach',
      cost: 0,
      settings: {
        max_items: { type: 'number' as const, label: 'Most items', default: 10 },
        concurrency: { type: 'number' as const, label: 'Items at once', default: 2 },
      },
      flow: { loop: { items: 'items', maxItems: 'max_items', concurrency: 'concurrency' } },
    };
    const end = { ...CATALOGUE[3]!, id: 'collect', cost: 0, settings: {}, flow: { endsLoop: true } };
    api.blockCatalogue = async () => [...CATALOGUE, loop, end];
    api.creditCosts = async () => ({
      textGeneration: 2,
      imageGenerator: 3,
      default: 1,
      forEach: 0,
      collect: 0,
    });
    const catalogue = new CatalogueStore(api);
    await catalogue.load();
    const block = (id: string, type: string) => ({ id, type, position: { x: 0, y: 0 }, settings: {} });
    const link = (from: string, to: string) => ({
      id: `${from}-${to}`,
      from,
      to,
      fromPort: 'output',
      toPort: 'input',
    });
    const config = {
      plugins: [
        block('in', 'textInput'),
        block('each', 'forEach'),
        block('gen', 'textGeneration'),
        block('all', 'collect'),
      ],
      connections: [link('in', 'each'), link('each', 'gen'), link('gen', 'all')],
      canvas: { zoom: 1, pan: { x: 0, y: 0 } },
    };
    // Two credits per item, from none (an empty list) to ten items.
    expect(catalogue.costRange(config)).toEqual({ min: 0, max: 20 });
    const straight = {
      ...config,
      plugins: config.plugins.slice(0, 1).concat(block('gen', 'textGeneration')),
      connections: [link('in', 'gen')],
    };
    expect(catalogue.costRange(straight)).toEqual({ min: 2, max: 2 });
  });
});
