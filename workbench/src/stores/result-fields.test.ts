import type { BlockCatalogueEntry } from '@blocksmith/schema';
import { blockResultItems, declaredResults, liveResultItem, shownOutputs } from './result-fields';

const writer: BlockCatalogueEntry = {
  id: 'writer',
  name: 'Writer',
  description: '',
  category: 'ai',
  version: 1,
  settings: {},
  outputs: [
    { name: 'words', type: 'number' },
    { name: 'draft', type: 'text' },
  ],
  cost: 1,
  historyType: 'writer',
};

const reviewer: BlockCatalogueEntry = {
  ...writer,
  id: 'reviewer',
  name: 'Reviewer',
  outputs: [
    { name: 'verdict', type: 'text' },
    { name: 'review', type: 'json' },
  ],
  present: [
    { output: 'verdict', title: 'Verdict', views: [{ view: 'markdown' }] },
    {
      output: 'review',
      title: 'Review',
      download: 'review',
      views: [{ view: 'fields', fields: [{ label: 'Grade', path: 'grade', required: true }] }],
    },
  ],
};

describe('result fields', () => {
  it("reads a block's outputs through what its catalogue entry declares, in that order", () => {
    const items = blockResultItems(reviewer, { review: { grade: 'A' }, verdict: '**Yes**', other: 1 });
    expect(items.map((item) => [item.output, item.title, item.parts[0]?.view])).toEqual([
      ['verdict', 'Verdict', 'markdown'],
      ['review', 'Review', 'fields'],
    ]);
    expect(items[1]?.download?.name).toBe('review');
    expect(shownOutputs(items)).toEqual(new Set(['verdict', 'review']));
  });

  it('shows the first text output under the block name when the entry declares nothing', () => {
    expect(declaredResults(writer)).toEqual([
      { output: 'draft', title: 'Writer', views: [{ view: 'text' }] },
    ]);
    expect(blockResultItems(writer, { words: 3, draft: 'One two three' })).toMatchObject([
      { output: 'draft', title: 'Writer', parts: [{ view: 'text', text: 'One two three' }] },
    ]);
    expect(declaredResults(undefined)).toEqual([]);
  });

  it('shows an answer of an unexpected shape as data instead of dropping it', () => {
    expect(blockResultItems(reviewer, { review: 'no grade' })).toEqual([
      {
        output: 'review',
        title: 'Review',
        parts: [{ view: 'table', data: { kind: 'json', text: 'no grade' } }],
        copyText: 'no grade',
        download: null,
        fallback: true,
      },
    ]);
  });

  it('draws streamed text as the first text result will be drawn', () => {
    expect(liveResultItem(reviewer, 'Y')).toMatchObject({
      output: 'verdict',
      title: 'Verdict',
      parts: [{ view: 'markdown', text: 'Y' }],
    });
    expect(liveResultItem(writer, 'One')).toMatchObject({
      output: 'draft',
      parts: [{ view: 'text', text: 'One' }],
    });
  });
});
