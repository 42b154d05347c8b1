import { CatalogueStore, readTier } from './catalogue-store';
import { CATALOGUE, FakeApi } from './test-support';

describe('CatalogueStore', () => {
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
});
