import {
  PROMPT_VARIABLES_MESSAGE,
  hasTemplateValue,
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

  it('allows spaces inside the braces and dots and hyphens in names', () => {
    expect(templateVariables('{{ topic }} {{user.name}} {{my-var}} {{\tx_2\t}}')).toEqual([
      'topic',
      'user.name',
      'my-var',
      'x_2',
    ]);
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

  it('looks dotted names up as literal keys', () => {
    expect(substituteTemplate('{{user.name}}', { 'user.name': 'Ann', user: { name: 'Bob' } })).toBe('Ann');
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
    expect(performance.now() - started).toBeLessThan(500);
    expect(result.startsWith('x A y B z {{missing}} ')).toBe(true);
  });
});

describe('unusedVariables', () => {
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
