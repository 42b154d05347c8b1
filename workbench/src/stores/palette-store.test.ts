import { CatalogueStore } from './catalogue-store';
import { PaletteStore } from './palette-store';
import { FakeApi } from './test-support';

async function palette() {
  const catalogue = new CatalogueStore(new FakeApi());
  await catalogue.load();
  return new PaletteStore(catalogue);
}

describe('PaletteStore', () => {
  it('groups the catalogue into Input, AI Logic and Output', async () => {
    const store = await palette();
    expect(store.sections.map((s) => [s.category, s.entries.length, s.open])).toEqual([
      ['input', 3, true],
      ['ai', 2, true],
      ['output', 1, true],
    ]);
  });

  it('a search forces sections with matches open and leaves the others empty', async () => {
    const store = await palette();
    store.toggleSection('ai');
    expect(store.sections[1]!.open).toBe(false);
    store.setSearch('PROMPT');
    expect(store.sections.map((s) => [s.category, s.entries.map((e) => e.id), s.open])).toEqual([
      ['input', [], false],
      ['ai', ['textGeneration'], true],
      ['output', [], false],
    ]);
    expect(store.noMatches).toBe(false);
    store.setSearch('zzz');
    expect(store.noMatches).toBe(true);
    store.clearSearch();
    expect(store.sections[1]!.open).toBe(false);
  });

  it('the Add Node panel matches name, description and id, and offers only the six AI kinds', async () => {
    const store = await palette();
    store.setAddNodeSearch('textgen');
    expect(store.addNodeSections.map((s) => s.entries.map((e) => e.id))).toEqual([['textGeneration']]);
    store.setAddNodeSearch('draws');
    expect(store.addNodeSections.map((s) => s.entries.map((e) => e.id))).toEqual([['imageGenerator']]);
    store.setAddNodeSearch('nothing like this');
    expect(store.addNodeSections).toEqual([]);
  });
});
