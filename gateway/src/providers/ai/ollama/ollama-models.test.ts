import { mapLimited, providerModelFrom } from './ollama-models';

describe('providerModelFrom', () => {
  it('maps the capabilities show gives to what the product asks of a model', () => {
    expect(providerModelFrom('qwen3:8b', { capabilities: ['completion', 'tools', 'thinking'] })).toEqual({
      id: 'qwen3:8b',
      label: 'qwen3:8b',
      capabilities: ['text', 'structured', 'streaming', 'tools'],
    });
    expect(providerModelFrom('llava:7b', { capabilities: ['completion', 'vision'] })?.capabilities).toContain(
      'vision',
    );
  });

  it('skips models that do not complete text (embedding models)', () => {
    expect(providerModelFrom('nomic-embed-text', { capabilities: ['embedding'] })).toBeUndefined();
  });

  it("reads the context length under the model's architecture, else any context length given", () => {
    const info = {
      'general.architecture': 'qwen3',
      'qwen3.context_length': 40960,
      'other.context_length': 1,
    };
    expect(providerModelFrom('a', { model_info: info as never })?.contextTokens).toBe(40960);
    expect(
      providerModelFrom('b', { model_info: { 'bert.context_length': 512 } as never })?.contextTokens,
    ).toBe(512);
    expect(
      providerModelFrom('c', { model_info: { 'general.architecture': 'x' } as never }),
    ).not.toHaveProperty('contextTokens');
  });
});

describe('mapLimited', () => {
  it('keeps the order and runs at most `limit` at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapLimited([1, 2, 3, 4, 5, 6], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await Promise.resolve();
      running--;
      return n * 10;
    });
    expect(results).toEqual([10, 20, 30, 40, 50, 60]);
    expect(most).toBe(2);
  });
});
