import type { InputCheck } from '@blocksmith/schema';
import { catalogueEntry } from './catalogue-entry';
import { defineBlock, definitionProblems } from './define-block';
import { field } from './fields';
import { output } from './outputs';

const REFUSED =
  "Invalid LinkedIn URL: Please enter a valid LinkedIn profile URL that includes 'linkedin.com/in/'";

function askingBlock(extra: { inputChecks?: readonly InputCheck[]; checkInput?: () => string | null }) {
  return defineBlock({
    kind: 'asking',
    name: 'Asking',
    description: 'Text the person types.',
    category: 'input',
    inputKind: 'text',
    settings: { label: field.text({ label: 'Label', default: 'Your profile' }) },
    outputs: { answer: output.text() },
    ...extra,
    run: (ctx) => ({ answer: String(ctx.runInput) }),
  });
}

const aiSpec = {
  kind: 'ranked',
  name: 'Ranked',
  description: 'An AI block.',
  category: 'ai' as const,
  cost: 1,
  settings: {},
  outputs: { ranked_text: output.text() },
  run: () => ({ ranked_text: '' }),
};

describe('inputChecks', () => {
  it('are applied by checkInput, before the block’s own check', () => {
    const block = askingBlock({ inputChecks: ['linkedInProfileUrl'], checkInput: () => 'Too short.' });
    expect(block.checkInput!({ label: 'Your LinkedIn' }, 'https://x.com/ann')).toBe(REFUSED);
    expect(block.checkInput!({ label: 'Your LinkedIn' }, 'linkedin.com/in/ann')).toBe('Too short.');
    expect(block.checkInput!({ label: 'Your name' }, 'Ann')).toBe('Too short.');
  });

  it('make checkInput of a block without a check of its own', () => {
    const block = askingBlock({ inputChecks: ['linkedInProfileUrl'] });
    expect(block.checkInput!({ label: 'Your LinkedIn' }, 'nope')).toBe(REFUSED);
    expect(block.checkInput!({ label: 'Your LinkedIn' }, 'https://www.linkedin.com/in/ann')).toBeNull();
    expect(askingBlock({}).checkInput).toBeUndefined();
  });

  it('are carried in the catalogue entry by name', () => {
    expect(catalogueEntry(askingBlock({ inputChecks: ['linkedInProfileUrl'] })).inputChecks).toEqual([
      'linkedInProfileUrl',
    ]);
    expect(catalogueEntry(askingBlock({})).inputChecks).toBeUndefined();
  });

  it('are for input blocks only, and only the named checks there are', () => {
    expect(definitionProblems({ ...aiSpec, inputChecks: ['linkedInProfileUrl'] } as never)).toContain(
      'inputChecks are only for input blocks',
    );
    expect(() => askingBlock({ inputChecks: ['noSuchCheck' as InputCheck] })).toThrow(
      'input check "noSuchCheck" is not one of INPUT_CHECKS',
    );
  });
});

describe('paletteRank', () => {
  it('is carried in the catalogue entry when declared', () => {
    expect(catalogueEntry(defineBlock({ ...aiSpec, paletteRank: 2 })).paletteRank).toBe(2);
    expect(catalogueEntry(defineBlock(aiSpec)).paletteRank).toBeUndefined();
  });

  it('is a whole number from 1', () => {
    for (const paletteRank of [0, -1, 1.5])
      expect(definitionProblems({ ...aiSpec, paletteRank } as never)).toContain(
        'paletteRank must be a whole number from 1',
      );
    expect(definitionProblems({ ...aiSpec, paletteRank: 1 } as never)).toEqual([]);
  });
});
