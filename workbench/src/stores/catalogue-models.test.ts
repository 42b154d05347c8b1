import type { BlockCatalogueEntry } from '@blocksmith/schema';
import { CATALOGUE, FakeApi } from '../testing/fake-api';
import { CatalogueStore } from './catalogue-store';
import { PaletteStore } from './palette-store';

/** The fixture's Text AI with a model setting, as the AI blocks declare it. */
const TEXT_AI: BlockCatalogueEntry = {
  ...CATALOGUE.find((entry) => entry.id === 'textGeneration')!,
  settings: {
    prompt_template: { type: 'prompt', label: 'Prompt template', default: 'Write about {{input_text}}' },
    model: { type: 'model', label: 'Model', capability: 'text', fallback: 'gpt-4', default: 'gpt-4' },
  },
};

async function loaded(api = new FakeApi()): Promise<CatalogueStore> {
  api.blockCatalogue = async () => CATALOGUE.map((entry) => (entry.id === TEXT_AI.id ? TEXT_AI : entry));
  const catalogue = new CatalogueStore(api);
  await catalogue.load();
  return catalogue;
}

const block = (id: string, type: string, settings: Record<string, unknown> = {}) => ({
  id,
  type,
  position: { x: 0, y: 0 },
  settings,
});

function app(model?: string) {
  return {
    plugins: [
      block('in', 'textInput'),
      block('gen', 'textGeneration', model === undefined ? {} : { model }),
      block('img', 'imageGenerator', { model: 'dalle' }),
    ],
    connections: [
      { id: 'a', from: 'in', to: 'gen', fromPort: 'output', toPort: 'input' },
      { id: 'b', from: 'gen', to: 'img', fromPort: 'output', toPort: 'input' },
    ],
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  };
}

describe('CatalogueStore models', () => {
  it('reads the server’s models once, with the blocks', async () => {
    const api = new FakeApi();
    const catalogue = await loaded(api);
    await catalogue.load();
    expect(api.calls.filter((call) => call === 'modelCatalogue')).toHaveLength(1);
    expect(catalogue.modelCatalogue.models.map((model) => model.id)).toContain('claude-opus-4-1');
  });

  it('keeps the blocks when the models cannot be read, and offers the fields’ own names', async () => {
    const api = new FakeApi();
    api.failNext.modelCatalogue = new Error('down');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const catalogue = await loaded(api);
    warn.mockRestore();
    expect(catalogue.state).toBe('ready');
    const field = TEXT_AI.settings.model!;
    if (field.type !== 'model') throw new Error('model field expected');
    expect(catalogue.modelChoices(field, 'gpt-4').problem).toBeNull();
    expect(catalogue.costRange(app('claude-opus-4-1'))).toEqual({ min: 6, max: 6 });
  });

  it('adds the chosen models’ credits to a run’s cost, as the server charges it', async () => {
    const catalogue = await loaded();
    // Text AI 1 + Image AI 5, the server's default models adding nothing.
    expect(catalogue.costRange(app())).toEqual({ min: 6, max: 6 });
    expect(catalogue.costRange(app('gpt-4o'))).toEqual({ min: 6, max: 6 });
    expect(catalogue.costRange(app('claude-opus-4-1'))).toEqual({ min: 8, max: 8 });
    // A model the server lacks adds nothing (the server refuses the run before any charge).
    expect(catalogue.costRange(app('gone'))).toEqual({ min: 6, max: 6 });
  });

  it('breaks a block’s cost into its own price and its model’s', async () => {
    const catalogue = await loaded();
    expect(catalogue.blockCost({ type: 'textGeneration', settings: { model: 'claude-opus-4-1' } })).toEqual({
      total: 3,
      block: 1,
      models: [{ label: 'Claude Opus 4.1', credits: 2 }],
    });
    expect(catalogue.blockCost({ type: 'textGeneration', settings: {} })).toEqual({
      total: 1,
      block: 1,
      models: [{ label: 'GPT-4o', credits: 0 }],
    });
    expect(catalogue.blockCost({ type: 'textInput', settings: {} }).total).toBe(0);
  });

  it('shows an AI block’s own cost in the palette, with “+ model” where a model may cost more', async () => {
    const palette = new PaletteStore(await loaded());
    const entry = (id: string) => CATALOGUE.find((e) => e.id === id)!;
    expect(palette.costLabel(TEXT_AI)).toBe('1 credit(s) + model');
    // Only image models at no extra cost: the block's own price.
    expect(palette.costLabel(entry('imageGenerator'))).toBe('5 credit(s)');
    expect(palette.costLabel(entry('textInput'))).toBeNull();
  });
});
