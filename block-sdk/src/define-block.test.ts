import { defineBlock, definitionProblems, migrateSettings } from './define-block';
import { field } from './fields';
import { output } from './outputs';
import { runBlock } from './testing';
import type { SettingsOf } from './settings-of';

const upperSettings = {
  label: field.text({ label: 'Label', default: 'Your text' }),
  repeat: field.number({ label: 'Repeat', min: 1, max: 3, default: 1, integer: true }),
  shout: field.boolean({ label: 'Shout', default: false }),
  style: field.select({
    label: 'Style',
    options: [
      { value: 'card', label: 'Card view' },
      { value: 'plain', label: 'Plain text' },
    ],
    default: 'card',
  }),
};

const upper = defineBlock({
  kind: 'upperCase',
  name: 'Upper case',
  description: 'Shouts its input',
  category: 'ai',
  cost: 1,
  settings: upperSettings,
  outputs: { shouted: output.text('The input in capitals'), count: output.number() },
  run(ctx) {
    // Inferred setting types: a compile error here means inference broke.
    const repeat: number = ctx.settings.repeat;
    const style: 'card' | 'plain' = ctx.settings.style;
    const text = ctx.primaryText().repeat(repeat);
    ctx.progress(style);
    return { shouted: ctx.settings.shout ? text.toUpperCase() : text, count: text.length };
  },
});

describe('defineBlock', () => {
  it('fills defaults for version, cost and history type', () => {
    expect(upper.version).toBe(1);
    expect(upper.historyType).toBe('upper_case');
    expect(Object.isFrozen(upper)).toBe(true);
  });

  it('infers setting types from the declaration', () => {
    type Settings = SettingsOf<typeof upperSettings>;
    const sample: Settings = { label: 'a', repeat: 2, shout: true, style: 'plain' };
    expect(sample.style).toBe('plain');
  });

  it('runs through the harness with validated settings', async () => {
    const outcome = await runBlock(upper, {
      settings: { shout: 'true', repeat: '2' },
      upstream: { input_text: 'hi' },
    });
    expect(outcome.outputs).toEqual({ shouted: 'HIHI', count: 4 });
    expect(outcome.progress).toEqual(['card']);
  });

  it('runs with the value of a select option named by its label', async () => {
    const outcome = await runBlock(upper, {
      settings: { style: 'Plain text' },
      upstream: { input_text: 'hi' },
    });
    expect(outcome.progress).toEqual(['plain']);
  });

  it('refuses settings outside their range with the field named', async () => {
    await expect(runBlock(upper, { settings: { repeat: 9 } })).rejects.toThrow('Repeat must be at most 3.');
  });

  it('lists every problem of a broken declaration', () => {
    expect(() =>
      defineBlock({
        kind: 'Bad Kind',
        name: '',
        description: 'x',
        category: 'ai',
        settings: { n: field.number({ label: 'N', min: 5, max: 1 }) },
        outputs: {},
        run: () => undefined,
      }),
    ).toThrow(
      'Block "Bad Kind" is invalid: kind "Bad Kind" must be camelCase letters and digits; name is required; an AI block must cost at least 1 credit; setting "n" has min above max; input and AI blocks need at least one output.',
    );
  });

  it('refuses a select whose options repeat a value or a label', () => {
    expect(() =>
      defineBlock({
        kind: 'repeated',
        name: 'Repeated',
        description: '',
        category: 'output',
        settings: {
          style: field.select({
            label: 'Style',
            options: [
              { value: 'card', label: 'Card' },
              { value: 'card', label: 'Plain' },
              { value: 'plain', label: 'Plain' },
            ],
          }),
        },
        outputs: {},
        run: () => undefined,
      }),
    ).toThrow('setting "style" repeats an option value; setting "style" repeats an option label');
  });

  it('requires a migration for every version after the first and applies them in order', () => {
    expect(() =>
      defineBlock({
        kind: 'versioned',
        name: 'V',
        description: '',
        category: 'output',
        version: 3,
        migrations: { 2: (s) => s },
        settings: {},
        outputs: {},
        run: () => undefined,
      }),
    ).toThrow('version 3 needs a settings migration');
    const v3 = defineBlock({
      kind: 'versioned',
      name: 'V',
      description: '',
      category: 'output',
      version: 3,
      migrations: { 2: (s) => ({ ...s, b: 2 }), 3: (s) => ({ ...s, c: Number(s.b) + 1 }) },
      settings: {},
      outputs: {},
      run: () => undefined,
    });
    expect(migrateSettings(v3, { a: 1 })).toEqual({ a: 1, b: 2, c: 3 });
    expect(migrateSettings(v3, { a: 1 }, 2)).toEqual({ a: 1, c: NaN });
    expect(() => migrateSettings(v3, {}, 4)).toThrow('newer than this server');
  });
});

describe('checkInput', () => {
  it('is for input blocks only', () => {
    const spec = {
      kind: 'checked',
      name: 'Checked',
      description: 'An AI block that claims an input check.',
      category: 'ai' as const,
      cost: 1,
      settings: {},
      outputs: { checked_text: { type: 'text' as const } },
      checkInput: () => null,
      run: () => ({ checked_text: '' }),
    };
    expect(definitionProblems(spec as never)).toContain('checkInput is only for input blocks');
  });
});
