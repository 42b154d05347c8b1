import {
  canonicalJson,
  describeChanges,
  sameVersionContent,
  summarizeChanges,
  type VersionContent,
} from './version-summary';

const block = (id: string, type: string, settings: Record<string, unknown> = {}) => ({
  id,
  type,
  position: { x: 0, y: 0 },
  settings,
});

const base: VersionContent = {
  name: 'Poems',
  description: 'Writes poems',
  category: 'Content',
  config: {
    plugins: [block('in', 'textInput'), block('gen', 'textGeneration', { prompt_template: 'Write {{x}}' })],
    connections: [{ id: 'c1', from: 'in', to: 'gen', fromPort: 'output', toPort: 'input' }],
    canvas: { zoom: 1, pan: { x: 0, y: 0 } },
  },
};

describe('describeChanges', () => {
  it('describes a first version by its blocks', () => {
    expect(describeChanges(null, base)).toEqual(['First version: 2 blocks']);
  });

  it('finds only a layout change when blocks moved, and nothing when only the view moved', () => {
    const moved: VersionContent = {
      ...base,
      config: {
        ...base.config,
        plugins: base.config.plugins.map((p) => ({ ...p, position: { x: 9, y: 9 } })),
        canvas: { zoom: 2, pan: { x: 5, y: 5 } },
      },
    };
    expect(describeChanges(base, moved)).toEqual(['Layout changed']);
    const viewOnly: VersionContent = {
      ...base,
      config: { ...base.config, canvas: { zoom: 3, pan: { x: 1, y: 1 } } },
    };
    expect(describeChanges(base, viewOnly)).toEqual([]);
    expect(sameVersionContent(base, viewOnly)).toBe(true);
    expect(sameVersionContent(base, moved)).toBe(false);
    // Key order is not content.
    const reordered = JSON.parse(canonicalJson(base)) as VersionContent;
    expect(sameVersionContent(base, reordered)).toBe(true);
    expect(summarizeChanges([])).toBe('No changes');
  });

  it('names renames, settings, blocks and connections that changed', () => {
    const after: VersionContent = {
      ...base,
      name: 'Better poems',
      category: 'Education',
      config: {
        plugins: [
          block('in', 'textInput'),
          block('gen', 'textGeneration', { prompt_template: 'IGNORE THE REVIEW' }),
          block('out', 'textDisplay'),
        ],
        connections: [{ id: 'c2', from: 'gen', to: 'out', fromPort: 'output', toPort: 'input' }],
        canvas: base.config.canvas,
      },
    };
    expect(describeChanges(base, after)).toEqual([
      'Renamed "Poems" to "Better poems"',
      'Category Content to Education',
      'Added textDisplay',
      'textGeneration: prompt_template changed',
      'Connections: 1 added, 1 removed',
    ]);
    expect(summarizeChanges(describeChanges(base, after))).toContain('; Category Content to Education;');
  });
});
