import { BlockInputError } from '@blocksmith/block-sdk';
import { runBlock } from '@blocksmith/block-sdk/testing';
import { textDisplay } from './text-display';

describe('textDisplay', () => {
  it('presents the upstream text as a copyable card by default', async () => {
    const { outputs, artifacts } = await runBlock(textDisplay, {
      upstream: { generated_text: 'Hello world' },
    });
    expect(outputs).toEqual({});
    expect(artifacts).toEqual([{ kind: 'text', format: 'card', text: 'Hello world', copyable: true }]);
  });

  it('uses the chosen style', async () => {
    for (const style of ['plain', 'markdown'] as const) {
      const { artifacts } = await runBlock(textDisplay, {
        settings: { style },
        upstream: { text: '# Title' },
      });
      expect(artifacts[0]).toMatchObject({ kind: 'text', format: style, text: '# Title' });
    }
  });

  it('hides the copy button when showCopyButton is off', async () => {
    const { artifacts } = await runBlock(textDisplay, {
      settings: { showCopyButton: false },
      upstream: { text: 'x' },
    });
    expect(artifacts[0]).toMatchObject({ copyable: false });
  });

  it('joins several connected blocks and pretty-prints structured values', async () => {
    const { artifacts } = await runBlock(textDisplay, {
      upstream: { summary: 'Short version', extracted_data: { name: 'Ada' } },
    });
    expect(artifacts[0]).toMatchObject({ text: 'Short version\n\n{\n  "name": "Ada"\n}' });
  });

  it('shows only the directly connected blocks, not further upstream variables', async () => {
    const { artifacts } = await runBlock(textDisplay, {
      upstream: { rewritten_text: 'Polished' },
      variables: { input_text: 'raw' },
    });
    expect(artifacts[0]).toMatchObject({ text: 'Polished' });
  });

  it('asks for a connection when nothing is connected', async () => {
    const error = await runBlock(textDisplay).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockInputError);
    expect((error as Error).message).toBe('Connect a block whose result this should display.');
  });

  it('declares the spec settings with their defaults and no outputs', () => {
    expect(Object.keys(textDisplay.settings)).toEqual(['style', 'showCopyButton']);
    expect(textDisplay.settings.style.options.map((o) => [o.value, o.label])).toEqual([
      ['card', 'Card view'],
      ['plain', 'Plain text'],
      ['markdown', 'Formatted text'],
    ]);
    expect(textDisplay.settings.style.default).toBe('card');
    expect(textDisplay.settings.showCopyButton.default).toBe(true);
    expect(textDisplay.outputs).toEqual({});
    expect(textDisplay.cost).toBe(0);
  });
});
