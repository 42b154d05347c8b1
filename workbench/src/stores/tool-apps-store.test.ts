import { emptyConfig, type AppConfig } from '@blocksmith/schema';
import { CatalogueStore } from './catalogue-store';
import { FakeApi, ADA, memoryStorage, restoredSession } from '../testing/fake-api';
import { storeApp } from '../testing/public-setup';
import { TOOL_APP_LIST_LIMIT, ToolAppsStore } from './tool-apps-store';

/** An app with one Text AI block (1 credit a run in the fake catalogue). */
function oneAiBlock(): AppConfig {
  return {
    ...emptyConfig(),
    plugins: [
      {
        id: 'text',
        type: 'textGeneration',
        position: { x: 0, y: 0 },
        settings: {},
        connections: { inputs: [], outputs: [] },
      },
    ],
  };
}

async function setup(signedIn = true) {
  const api = new FakeApi();
  const session = await restoredSession(api, memoryStorage(), signedIn);
  const catalogue = new CatalogueStore(api);
  await catalogue.load();
  const own = await api.createApp({
    name: 'Weather lookup',
    description: 'Finds the weather of a city',
    category: 'Other',
    isPrivate: true,
    config: oneAiBlock(),
  } as never);
  api.storeList = [
    storeApp({ id: 's1', slug: 'city-facts', name: 'City Facts', creatorPrice: 4, config: oneAiBlock() }),
    storeApp({ id: 's2', slug: 'poems', name: 'Poem Writer', description: 'Short poems' }),
    // Ada's own published app shows once, as her own.
    storeApp({ id: own.id!, slug: 'weather', name: 'Weather lookup', owner_id: ADA.id }),
  ];
  await api.setSecret('MCP_TOKEN', 'secret value');
  await api.setSecret('API_KEY', 'another');
  return { api, own, tools: new ToolAppsStore(api, session, catalogue) };
}

describe('ToolAppsStore', () => {
  it('offers the person’s own apps by id and the store’s by slug, each with what a call costs', async () => {
    const { own, tools } = await setup();
    await tools.ensureLoaded();
    expect(tools.state).toBe('ready');
    expect(
      tools.choices.map(({ ref, own: mine, price, creatorPrice }) => ({ ref, mine, price, creatorPrice })),
    ).toEqual([
      { ref: own.id, mine: true, price: { min: 1, max: 1 }, creatorPrice: 0 },
      { ref: 'city-facts', mine: false, price: { min: 5, max: 5 }, creatorPrice: 4 },
      { ref: 'poems', mine: false, price: { min: 0, max: 0 }, creatorPrice: 0 },
    ]);
    expect(tools.secretNames).toEqual(['API_KEY', 'MCP_TOKEN']);
  });

  it('searches by name or description and leaves out the app being built', async () => {
    const { own, tools } = await setup();
    await tools.ensureLoaded();
    tools.setSearch('poem');
    expect(tools.found(own.id).map((c) => c.ref)).toEqual(['poems']);
    tools.setSearch('');
    expect(tools.found(own.id).map((c) => c.ref)).toEqual(['city-facts', 'poems']);
    expect(tools.found(null)).toHaveLength(3);
  });

  it('lists at most a page of choices', async () => {
    const { api, tools } = await setup();
    api.storeList = Array.from({ length: TOOL_APP_LIST_LIMIT + 5 }, (_, i) =>
      storeApp({ id: `s${i}`, name: `App ${i}` }),
    );
    await tools.ensureLoaded();
    expect(tools.found(null)).toHaveLength(TOOL_APP_LIST_LIMIT);
  });

  it('reads the chosen refs in order, keeping the ones it cannot see as unknown', async () => {
    const { tools } = await setup();
    await tools.ensureLoaded();
    expect(tools.chosen('city-facts, gone-app')).toEqual([
      expect.objectContaining({ ref: 'city-facts', name: 'City Facts' }),
      { ref: 'gone-app', unknown: true },
    ]);
  });

  it('reads once per person, and again after a failure', async () => {
    const { api, tools } = await setup();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.failNext.storeApps = new Error('down');
    await tools.ensureLoaded();
    expect(tools.state).toBe('failed');
    expect(tools.choices.map((c) => c.own)).toEqual([true]);
    expect(warn).toHaveBeenCalledWith('The store could not be read.', expect.any(Error));
    warn.mockRestore();
    await tools.ensureLoaded();
    expect(tools.state).toBe('ready');
    const reads = api.calls.filter((call) => call === 'storeApps').length;
    await tools.ensureLoaded();
    expect(api.calls.filter((call) => call === 'storeApps')).toHaveLength(reads);
  });

  it('keeps the store when only the person’s secrets cannot be read', async () => {
    const { api, tools } = await setup();
    api.failNext.secrets = new Error('down');
    await tools.ensureLoaded();
    expect(tools.state).toBe('ready');
    expect(tools.secretNames).toEqual([]);
    expect(tools.choices).toHaveLength(3);
  });

  it('reads nothing for a visitor', async () => {
    const { api, tools } = await setup(false);
    const before = api.calls.length;
    await tools.ensureLoaded();
    expect(api.calls.length).toBe(before);
    expect(tools.state).toBe('idle');
  });
});
