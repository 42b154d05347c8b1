import {
  PROMPT_VARIABLES_MESSAGE,
  hasTemplateValue,
  renameTemplateVariables,
  templateValue,
  missingPromptVariables,
  promptVariablesMessage,
  substituteTemplate,
  templateVariables,
  unusedVariables,
} from './prompt-template';

describe('templateVariables', () => {
  it('lists distinct names in order of first use', () => {
    expect(templateVariables('{{b}} and {{a}} then {{b}}')).toEqual(['b', 'a']);
  });

  it('allows spaces inside the braces and hyphens in names', () => {
    expect(templateVariables('{{ topic }} {{my-var}} {{\tx_2\t}}')).toEqual(['topic', 'my-var', 'x_2']);
  });

  it('names the variable a path starts from', () => {
    expect(
      templateVariables('{{item.name}} {{ rows[2].email }} {{item["e mail"]}} {{http_response.body}}'),
    ).toEqual(['item', 'rows', 'http_response']);
  });

  it('ignores text that is not a placeholder', () => {
    expect(templateVariables('no vars, {single}, {{}}, {{ two words }}, {{bad!}}')).toEqual([]);
  });
});

describe('substituteTemplate', () => {
  it('replaces known placeholders, with or without spaces', () => {
    expect(
      substituteTemplate('Write about {{topic}} for {{ audience }}.', { topic: 'cats', audience: 'kids' }),
    ).toBe('Write about cats for kids.');
  });

  it('replaces every occurrence of the same name', () => {
    expect(substituteTemplate('{{a}}-{{a}}', { a: 'x' })).toBe('x-x');
  });

  it('renders numbers, booleans, objects, arrays, null and undefined', () => {
    expect(substituteTemplate('{{n}} {{b}}', { n: 3.5, b: false })).toBe('3.5 false');
    expect(substituteTemplate('{{o}}', { o: { a: 1 } })).toBe('{\n  "a": 1\n}');
    expect(substituteTemplate('{{l}}', { l: ['x'] })).toBe('[\n  "x"\n]');
    expect(substituteTemplate('[{{z}}][{{u}}]', { z: null, u: undefined })).toBe('[][]');
    expect(substituteTemplate('{{big}}', { big: BigInt(10) })).toBe('10');
  });

  it('falls back to String for values JSON cannot write', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(substituteTemplate('{{c}}', { c: circular })).toBe('[object Object]');
  });

  it('leaves placeholders without a key untouched, including inherited keys', () => {
    expect(substituteTemplate('{{known}} {{ unknown }}', { known: 'k' })).toBe('k {{ unknown }}');
    expect(substituteTemplate('{{toString}}', {})).toBe('{{toString}}');
  });

  it('reaches into objects, lists and JSON text', () => {
    const values = {
      item: { name: 'Ada', 'first.name': 'A', tags: ['x', 'y'] },
      rows: [{ email: 'a@b.c' }],
      answer: '{"items": [{"id": 7}]}',
    };
    expect(
      substituteTemplate(
        '{{item.name}} {{ item["first.name"] }} {{item.tags[1]}} {{rows[0].email}} {{answer.items[0].id}} {{item.tags}}',
        values,
      ),
    ).toBe('Ada A y a@b.c 7 [\n  "x",\n  "y"\n]');
  });

  it('leaves a placeholder whose field is missing as written', () => {
    expect(
      substituteTemplate('{{item.nme}} {{rows[3]}} {{item.constructor}}', { item: { name: 'A' }, rows: [] }),
    ).toBe('{{item.nme}} {{rows[3]}} {{item.constructor}}');
  });

  it('returns a template without placeholders as it is', () => {
    expect(substituteTemplate('plain text', { a: 1 })).toBe('plain text');
    expect(substituteTemplate('', {})).toBe('');
  });

  it('does not substitute inside substituted values (single pass)', () => {
    expect(substituteTemplate('{{a}} {{b}}', { a: '{{b}}', b: 'B' })).toBe('{{b}} B');
  });

  it('is repeatable (no regex state leaks between calls)', () => {
    for (let i = 0; i < 3; i += 1) expect(substituteTemplate('{{a}}', { a: i })).toBe(String(i));
  });

  it('handles a large template quickly', () => {
    const template = 'x {{a}} y {{ b }} z {{missing}} '.repeat(20000);
    const started = performance.now();
    const result = substituteTemplate(template, { a: 'A', b: 'B' });
    // Linear work takes milliseconds; quadratic work on 600,000 characters would take minutes.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result.startsWith('x A y B z {{missing}} ')).toBe(true);
  });
});

describe('templateValue', () => {
  it('finds a variable, follows its path, and says which field is missing', () => {
    const values = Object.create({ item: { name: 'Ada', age: 36 } }) as Record<string, unknown>;
    expect(templateValue(values, { variable: 'item', path: ['name'] })).toEqual({
      found: true,
      value: 'Ada',
    });
    expect(templateValue(values, { variable: 'item', path: [] })).toEqual({
      found: true,
      value: { name: 'Ada', age: 36 },
    });
    expect(templateValue(values, { variable: 'item', path: ['nme'] })).toEqual({
      found: false,
      reason: 'item has no field "nme"; its fields are name, age.',
    });
    expect(templateValue(values, { variable: 'other', path: ['x'] })).toEqual({ found: false });
    expect(templateValue(values, { variable: 'constructor', path: [] })).toEqual({ found: false });
  });
});

describe('renameTemplateVariables', () => {
  it('renames variables wherever they are used, paths kept, in one pass', () => {
    const renames = new Map([
      ['item', 'row'],
      ['row', 'other'],
    ]);
    expect(
      renameTemplateVariables(
        '{{item}} {{ item.name }} {{item["e mail"]}} {{items}} {{row[0]}} {item}',
        renames,
      ),
    ).toBe('{{row}} {{row.name}} {{row["e mail"]}} {{items}} {{other[0]}} {item}');
    expect(renameTemplateVariables('{{a}}', new Map())).toBe('{{a}}');
  });
});

describe('unusedVariables', () => {
  it('counts a variable used through one of its fields', () => {
    expect(unusedVariables('{{item.name}} {{rows[0]}}', ['item', 'rows', 'other'])).toEqual(['other']);
  });

  it('lists available variables the template does not use', () => {
    expect(unusedVariables('Use {{a}} and {{ c }}', ['a', 'b', 'c', 'd'])).toEqual(['b', 'd']);
  });

  it('is empty when all are used or none is available, and drops repeats', () => {
    expect(unusedVariables('{{a}}', ['a'])).toEqual([]);
    expect(unusedVariables('{{a}}', [])).toEqual([]);
    expect(unusedVariables('', ['b', 'b'])).toEqual(['b']);
  });

  it('does not count a bare mention as use', () => {
    expect(unusedVariables('mention topic plainly', ['topic'])).toEqual(['topic']);
  });
});

describe('missingPromptVariables', () => {
  it('accepts placeholders, with or without spaces', () => {
    expect(missingPromptVariables('Summarise {{input_text}} in {{ lang }}', ['input_text', 'lang'])).toEqual(
      [],
    );
  });

  it('accepts bare whole-word mentions, ignoring case', () => {
    expect(
      missingPromptVariables('Summarise the input_text. Use TOPIC as title', ['input_text', 'topic']),
    ).toEqual([]);
    expect(missingPromptVariables('start: topic', ['topic'])).toEqual([]);
  });

  it('does not accept a name inside a longer word', () => {
    expect(missingPromptVariables('list the topics and subtopic and topic_2', ['topic'])).toEqual(['topic']);
    expect(missingPromptVariables('input_text_2 only', ['input_text', 'input_text_2'])).toEqual([
      'input_text',
    ]);
  });

  it('finds a later whole-word mention after partial ones', () => {
    expect(missingPromptVariables('topics, then topic', ['topic'])).toEqual([]);
    expect(missingPromptVariables('topics, then subtopic', ['topic'])).toEqual(['topic']);
  });

  it('lists missing names in order without repeats and ignores empty names', () => {
    expect(missingPromptVariables('', ['b', 'a', 'b', ''])).toEqual(['b', 'a']);
    expect(missingPromptVariables('anything', [])).toEqual([]);
  });
});

describe('promptVariablesMessage', () => {
  it('follows the lead text with the names joined by commas', () => {
    expect(promptVariablesMessage(['input_text', 'topic'])).toBe(
      'Please use all available variables in your prompt: input_text, topic',
    );
    expect(promptVariablesMessage(['a'])).toBe('Please use all available variables in your prompt: a');
  });

  it('is just the lead text when nothing is missing', () => {
    expect(promptVariablesMessage([])).toBe(PROMPT_VARIABLES_MESSAGE);
    expect(PROMPT_VARIABLES_MESSAGE).toBe('Please use all available variables in your prompt:');
  });
});

describe('substituteTemplate with scopes', () => {
  it('finds variables a scope inherits from the scopes it extends', () => {
    const root = Object.create(null) as Record<string, unknown>;
    root.input_text = 'hello';
    const child = Object.create(root) as Record<string, unknown>;
    child.generated_text = 'world';
    expect(substituteTemplate('{{input_text}} {{generated_text}} {{missing}}', child)).toBe(
      'hello world {{missing}}',
    );
  });

  it('never treats Object.prototype members as variables', () => {
    const scope = Object.create({ inherited: 'yes' }) as Record<string, unknown>;
    expect(substituteTemplate('{{inherited}} {{constructor}}', scope)).toBe('yes {{constructor}}');
    expect(hasTemplateValue({}, 'hasOwnProperty')).toBe(false);
  });
});
