import type { ModelField } from '@blocksmith/schema';
import { MODEL_CATALOGUE } from '../testing/fake-api';
import { modelChoices, modelOf, modelOptionLabel } from './model-choices';

const TEXT: ModelField = {
  type: 'model',
  label: 'Model',
  capability: 'text',
  fallback: 'gpt-4',
  default: 'gpt-4',
};
const IMAGE: ModelField = { type: 'model', label: 'Model', capability: 'image', fallback: 'dalle' };

function offered(choices: ReturnType<typeof modelChoices>): Record<string, string[]> {
  return Object.fromEntries(choices.groups.map((group) => [group.label, group.options.map((o) => o.label)]));
}

describe('modelChoices', () => {
  it('offers only the models that can do what the field needs, grouped by provider, with their extra credits', () => {
    const choices = modelChoices(MODEL_CATALOGUE, TEXT, 'gpt-4');
    expect(offered(choices)).toEqual({
      'Server default': ['Server default (gpt-4o)'],
      OpenAI: ['GPT-4o'],
      Anthropic: ['Claude Opus 4.1 +2 credits'],
    });
    expect(choices.groups[0]!.options[0]!.value).toBe('gpt-4');
    expect(choices.problem).toBeNull();
  });

  it('offers image models for an image field, the offline one marked, under the spec name the field keeps', () => {
    const choices = modelChoices(MODEL_CATALOGUE, IMAGE, 'dalle');
    expect(offered(choices)).toEqual({
      'Server default': ['Server default (dall-e-3)'],
      OpenAI: ['DALL·E 3'],
      Offline: ['Offline image (offline preview)'],
    });
    expect(choices.groups[0]!.options[0]!.value).toBe('dalle');
  });

  it('keeps another spec name a block saved as the server default', () => {
    const choices = modelChoices(MODEL_CATALOGUE, TEXT, 'gpt-3.5-turbo');
    expect(choices.groups[0]!.options).toEqual([
      { value: 'gpt-3.5-turbo', label: 'Server default (gpt-4o)' },
    ]);
    expect(choices.problem).toBeNull();
  });

  it('keeps a saved model the server lacks selected and flags it in the server’s words', () => {
    const choices = modelChoices(MODEL_CATALOGUE, TEXT, 'claude-2');
    expect(choices.groups.at(-1)).toEqual({
      label: 'Not on this server',
      options: [{ value: 'claude-2', label: 'claude-2' }],
    });
    expect(choices.problem).toBe('Model "claude-2" is not available on this server; choose another.');
  });

  it('flags a saved model that cannot do what the block needs', () => {
    const choices = modelChoices(MODEL_CATALOGUE, IMAGE, 'gpt-4o');
    expect(choices.problem).toBe('Model "gpt-4o" cannot make images; choose another.');
    expect(choices.groups.at(-1)!.options).toEqual([{ value: 'gpt-4o', label: 'gpt-4o' }]);
  });

  it('offers the field’s own names, flagging nothing, while the server has not said which models it has', () => {
    const empty = { models: [], defaultText: null, defaultImage: null };
    const choices = modelChoices(empty, TEXT, 'claude-2');
    expect(choices.groups.flatMap((g) => g.options.map((o) => o.value))).toEqual(['claude-2', 'gpt-4']);
    expect(choices.problem).toBeNull();
  });

  it('reads a spec name or no model as the server default', () => {
    expect(modelOf(MODEL_CATALOGUE, 'dalle', 'image')?.id).toBe('dall-e-3');
    expect(modelOf(MODEL_CATALOGUE, '', 'structured')?.id).toBe('gpt-4o');
    expect(modelOf(MODEL_CATALOGUE, 'claude-opus-4-1', 'text')?.credits).toBe(2);
    expect(modelOf(MODEL_CATALOGUE, 'gone', 'text')).toBeUndefined();
  });

  it('labels one extra credit in the singular', () => {
    expect(modelOptionLabel({ label: 'Gemini 2.5 Pro', credits: 1, offline: false })).toBe(
      'Gemini 2.5 Pro +1 credit',
    );
  });
});
