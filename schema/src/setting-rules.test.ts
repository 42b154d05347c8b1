import { checkSetting, checkSettings, defaultSettings, settingProblem, settingValue } from './setting-rules';
import type { SettingsSpec } from './settings';

const spec: SettingsSpec = {
  top: { type: 'number', label: 'Top', min: 1, max: 10, integer: true, default: 3 },
  title: { type: 'text', label: 'Title', maxLength: 5 },
  notes: { type: 'text', label: 'Notes', required: false },
  loud: { type: 'boolean', label: 'Loud', default: false },
  tone: {
    type: 'select',
    label: 'Tone',
    default: 'warm',
    options: [
      { value: 'warm', label: 'Warm' },
      { value: 'dry', label: 'Dry and short' },
    ],
  },
  image: { type: 'model', label: 'Model', capability: 'image', fallback: 'dalle' },
};

describe('setting rules (one set, for the server and the form)', () => {
  it('say what to fix, in the same words wherever they are checked', () => {
    expect(settingProblem(spec.top!, 0)).toBe('Top must be at least 1.');
    expect(settingProblem(spec.top!, 11)).toBe('Top must be at most 10.');
    expect(settingProblem(spec.top!, 2.5)).toBe('Top must be a whole number.');
    expect(settingProblem(spec.top!, 'many')).toBe('Top must be a number.');
    expect(settingProblem(spec.title!, '')).toBe('Title is required.');
    expect(settingProblem(spec.title!, 'too long')).toBe('Title must be at most 5 characters.');
    expect(settingProblem(spec.notes!, '')).toBeNull();
    expect(settingProblem(spec.loud!, 'maybe')).toBe('Loud must be on or off.');
    expect(settingProblem(spec.tone!, 'loud')).toBe(
      'Tone must be one of: "warm" (Warm), "dry" (Dry and short).',
    );
  });

  it('store values as the server keeps them', () => {
    expect(checkSetting(spec.top!, '4')).toEqual({ value: 4 });
    expect(checkSetting(spec.tone!, 'dry and short')).toEqual({ value: 'dry' });
    expect(checkSetting(spec.loud!, 'true')).toEqual({ value: true });
    expect(checkSettings(spec, { title: 'Hi', image: 'dalle', extra: 1 })).toEqual({
      ok: true,
      value: { top: 3, title: 'Hi', notes: '', loud: false, tone: 'warm', image: 'dalle' },
    });
    expect(checkSettings(spec, { title: 'far too long', top: 99, image: 'dalle' })).toEqual({
      ok: false,
      issues: [
        { field: 'top', message: 'Top must be at most 10.' },
        { field: 'title', message: 'Title must be at most 5 characters.' },
      ],
    });
  });

  it('start a new block with its defaults, an image model from the server’s default', () => {
    expect(defaultSettings(spec)).toEqual({
      top: 3,
      title: '',
      notes: '',
      loud: false,
      tone: 'warm',
      image: 'dalle',
    });
    expect(defaultSettings(spec, 'flux').image).toBe('flux');
  });

  it('keep a number typed in the form within its range', () => {
    expect(settingValue(spec.top!, '42')).toBe(10);
    expect(settingValue(spec.top!, 'x')).toBe(3);
  });

  it('store a model by its name, the spec’s names also by their labels', () => {
    const text = {
      type: 'model',
      label: 'Model',
      capability: 'text',
      fallback: 'gpt-4',
      default: 'gpt-4',
    } as const;
    expect(checkSetting(text, 'GPT-4')).toEqual({ value: 'gpt-4' });
    expect(checkSetting(text, 'GPT-3.5 Turbo')).toEqual({ value: 'gpt-3.5-turbo' });
    expect(checkSetting(text, ' gpt-3.5   turbo ')).toEqual({ value: 'gpt-3.5-turbo' });
    expect(checkSetting(spec.image!, 'DALLE')).toEqual({ value: 'dalle' });
    // Any other name is kept as written (trimmed): the server checks it against its models when a run starts.
    expect(checkSetting(text, ' claude-sonnet-4-6 ')).toEqual({ value: 'claude-sonnet-4-6' });
    expect(checkSetting(text, 'llama3.2:1b')).toEqual({ value: 'llama3.2:1b' });
    expect(checkSetting(text, 'GPT-4o')).toEqual({ value: 'GPT-4o' });
    expect(checkSetting(text, 'constructor')).toEqual({ value: 'constructor' });
    expect(checkSetting(text, '__proto__')).toEqual({ value: '__proto__' });
    expect(checkSetting(text, '')).toEqual({ value: 'gpt-4' });
    expect(settingProblem(text, 4)).toBe('Model must be a model name.');
  });
});
