import { runChecklist, type ChecklistBlock } from './run-checklist';
import { config, deepFreeze, link, plugin } from './testing/app-builders';

/** Kinds as a catalogue declares them: enough of each for the checklist. */
const BLOCKS: Record<string, ChecklistBlock> = {
  textInput: {
    name: 'Text Input',
    category: 'input',
    inputKind: 'text',
    settings: { label: { type: 'text', label: 'Label', default: 'Your text' } },
    outputs: [{ name: 'input_text', type: 'text' }],
  },
  fileUpload: {
    name: 'File Upload',
    category: 'input',
    inputKind: 'file',
    settings: { label: { type: 'text', label: 'Label', default: 'Upload a file' } },
    outputs: [{ name: 'file_url', type: 'url' }],
  },
  dropdown: {
    name: 'Dropdown',
    category: 'input',
    inputKind: 'choice',
    settings: {},
    outputs: [{ name: 'selected_option', type: 'text' }],
  },
  textGeneration: {
    name: 'Text Generation',
    category: 'ai',
    settings: { prompt_template: { type: 'prompt', label: 'Prompt template', default: '{{input_text}}' } },
    outputs: [{ name: 'generated_text', type: 'text' }],
  },
  rewriting: {
    name: 'Rewriting',
    category: 'ai',
    settings: {
      prompt_template: { type: 'prompt', label: 'Prompt template', default: '', fills: ['text'] },
    },
    outputs: [{ name: 'rewritten_text', type: 'text' }],
  },
  httpRequest: {
    name: 'HTTP Request',
    category: 'ai',
    settings: {
      url: { type: 'text', label: 'URL', template: true },
      code: { type: 'text', label: 'Notes', default: '' },
    },
    outputs: [{ name: 'http_response', type: 'json' }],
  },
  condition: {
    name: 'Condition',
    category: 'ai',
    settings: {
      rule: {
        type: 'select',
        label: 'Rule',
        default: 'contains',
        options: [
          { value: 'contains', label: 'Contains' },
          { value: 'category', label: 'Classification category is' },
        ],
      },
      value: {
        type: 'text',
        label: 'Compare with',
        default: '',
        required: false,
        requiredWhen: { setting: 'rule', values: ['category'] },
      },
    },
    outputs: [{ name: 'checked_value', type: 'json' }],
    flow: { routes: { ports: ['true', 'false'] } },
  },
  forEach: {
    name: 'For Each',
    category: 'ai',
    settings: {},
    outputs: [
      { name: 'item', type: 'json' },
      { name: 'items', type: 'json' },
    ],
    flow: { loop: { items: 'items', maxItems: 'max_items', concurrency: 'concurrency' } },
  },
  collect: {
    name: 'Collect',
    category: 'ai',
    settings: {},
    outputs: [{ name: 'collected', type: 'json' }],
    flow: { endsLoop: true },
  },
  textDisplay: { name: 'Text Display', category: 'output', settings: {}, outputs: [] },
};
const blockOf = (type: string) => BLOCKS[type];

describe('runChecklist', () => {
  it('finds nothing in an app ready to run', () => {
    const app = deepFreeze(
      config(
        [
          plugin('in', 'textInput', { settings: { label: 'Topic' } }),
          plugin('gen', 'textGeneration', { settings: { prompt_template: 'About {{input_text}}' } }),
          plugin('http', 'httpRequest', {
            settings: { url: 'https://x.test/{{generated_text}}?q={{input_text.length}}' },
          }),
          plugin('rw', 'rewriting', {
            settings: { prompt_template: 'Rewrite {{text}}: {{generated_text}}' },
          }),
          plugin('out', 'textDisplay'),
        ],
        [link('in', 'gen'), link('gen', 'http'), link('http', 'rw'), link('rw', 'out')],
      ),
    );
    expect(runChecklist(app, blockOf, { input_text: 'cats' })).toEqual([]);
  });

  it('finds a loop, its end and a condition, wired and filled in, ready', () => {
    const app = config(
      [
        plugin('in', 'textInput'),
        plugin('loop', 'forEach'),
        plugin('if', 'condition', { settings: { rule: 'category', value: 'spam' } }),
        plugin('end', 'collect'),
        plugin('out', 'textDisplay'),
      ],
      [link('in', 'loop'), link('loop', 'if'), link('if', 'end'), link('end', 'out')],
    );
    expect(runChecklist(app, blockOf)).toEqual([]);
  });

  it('names blocks that need a connection and have none', () => {
    const app = config([
      plugin('out', 'textDisplay'),
      plugin('loop', 'forEach'),
      plugin('end', 'collect'),
      plugin('if', 'condition'),
      plugin('gen', 'textGeneration'),
    ]);
    expect(runChecklist(app, blockOf)).toEqual([
      {
        kind: 'notConnected',
        nodeId: 'out',
        message: 'Text Display is not connected: connect the block whose result it shows.',
      },
      {
        kind: 'notConnected',
        nodeId: 'loop',
        message: 'For Each is not connected: connect the block that gives the list to go through.',
      },
      {
        kind: 'notConnected',
        nodeId: 'end',
        message: 'Collect is not connected: connect the last block inside the loop to it.',
      },
      {
        kind: 'notConnected',
        nodeId: 'if',
        message: 'Condition is not connected: connect the block whose value it checks.',
      },
    ]);
  });

  it('asks for a setting another setting calls for, by its option as stored or by label', () => {
    const app = (rule: string, value = '') =>
      config(
        [plugin('in', 'textInput'), plugin('if', 'condition', { settings: { rule, value } })],
        [link('in', 'if')],
      );
    const problem = {
      kind: 'missingSetting',
      nodeId: 'if',
      message: 'Condition: fill in "Compare with" (Rule is "Classification category is").',
    };
    expect(runChecklist(app('category'), blockOf)).toEqual([problem]);
    expect(runChecklist(app('Classification category is', '  '), blockOf)).toEqual([problem]);
    expect(runChecklist(app('contains'), blockOf)).toEqual([]);
    expect(runChecklist(app('category', 'spam'), blockOf)).toEqual([]);
  });

  it('asks for a required setting without a default, named by the block label', () => {
    const app = config([plugin('http', 'httpRequest', { settings: { label: 'Weather', url: '' } })]);
    expect(runChecklist(app, blockOf)).toEqual([
      { kind: 'missingSetting', nodeId: 'http', message: 'Weather: fill in "URL".' },
    ]);
  });

  it('names each placeholder no upstream block provides, once, in templates only', () => {
    const app = config(
      [
        plugin('in', 'textInput'),
        plugin('other', 'textInput'),
        plugin('http', 'httpRequest', {
          settings: {
            url: 'https://x.test/{{item.name}}/{{ item.name }}/{{input_text}}/{{secret.KEY}}',
            code: 'not a template: {{anything}}',
          },
        }),
        plugin('gen', 'textGeneration', {
          settings: { prompt_template: 'Use {{input_text_2}} and {{text}}' },
        }),
      ],
      [link('in', 'http'), link('http', 'gen')],
    );
    const missing = (nodeId: string, label: string, text: string) => ({
      kind: 'unknownVariable',
      nodeId,
      message: `${nodeId === 'http' ? 'HTTP Request' : 'Text Generation'}: "${label}" uses {{${text}}}, which no upstream block provides. Connect the block that provides it, or remove it.`,
    });
    expect(runChecklist(app, blockOf)).toEqual([
      missing('http', 'URL', 'item.name'),
      missing('http', 'URL', 'secret.KEY'),
      missing('gen', 'Prompt template', 'input_text_2'),
      missing('gen', 'Prompt template', 'text'),
    ]);
  });

  it('lists input blocks left empty in the inputs about to be sent; a choice always has one', () => {
    const app = config([
      plugin('topic', 'textInput', { settings: { label: 'Topic' } }),
      plugin('cv', 'fileUpload', { settings: { label: 'Your CV' } }),
      plugin('pick', 'dropdown'),
    ]);
    expect(runChecklist(app, blockOf, { input_text: '  ', selected_option: '' })).toEqual([
      { kind: 'emptyInput', nodeId: 'topic', message: 'Fill in "Topic" before running.' },
      { kind: 'emptyInput', nodeId: 'cv', message: 'Choose a file for "Your CV" before running.' },
    ]);
    // Keyed by the block id also counts, as the server reads it.
    expect(runChecklist(app, blockOf, { topic: 'cats', file_url: '/files/abc' })).toEqual([]);
    // Without inputs (nothing about to be sent), inputs are not checked.
    expect(runChecklist(app, blockOf)).toEqual([]);
  });

  it('tells a loop fed a file to read the file first', () => {
    const app = config(
      [
        plugin('up', 'fileUpload', { settings: { label: 'Your CSV' } }),
        plugin('loop', 'forEach'),
        plugin('end', 'collect'),
      ],
      [link('up', 'loop'), link('loop', 'end')],
    );
    expect(runChecklist(app, blockOf)).toEqual([
      {
        kind: 'fileIntoLoop',
        nodeId: 'loop',
        message: 'For Each receives a file: add an Extract from File block between Your CSV and For Each.',
      },
    ]);
  });

  it('leaves unknown kinds and malformed configs to the run’s own checks', () => {
    expect(runChecklist(config([plugin('x', 'fromANewerServer')]), blockOf)).toEqual([]);
    expect(runChecklist({ plugins: null } as never, blockOf)).toEqual([]);
  });
});
