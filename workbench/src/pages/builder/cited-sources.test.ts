import { resultItems, type ResultDeclaration } from '@blocksmith/schema';
import { markdownWithCitations, sourceAnchor, sourcesOf } from './cited-sources';

const present: ResultDeclaration[] = [
  { output: 'passages', title: 'Sources', views: [{ view: 'cited', path: '' }] },
  { output: 'answer', title: 'Answer', views: [{ view: 'markdown' }] },
];

describe('cited citable', () => {
  it("collects the numbered citable of a run's results", () => {
    const items = resultItems(present, {
      answer: 'Thirty days [1].',
      passages: [
        { number: 1, source: 'returns.md, passage 2', documentName: 'returns.md', text: 'Within 30 days.' },
        { number: 2, source: 'shipping.pdf, passage 1', documentName: 'shipping.pdf', text: 'Three days.' },
      ],
    });
    const citable = sourcesOf(items);
    expect([...citable.keys()]).toEqual([1, 2]);
    expect(citable.get(2)).toEqual({
      number: 2,
      title: 'shipping.pdf, passage 1',
      document: 'shipping.pdf',
      text: 'Three days.',
    });
    expect(sourcesOf(resultItems(present, { answer: 'No citable.' })).size).toBe(0);
  });

  it('makes the citations of known citable links to them in markdown, and nothing else', () => {
    expect(
      markdownWithCitations('Thirty days [1], not [7] or [link](https://example.com).', new Set([1])),
    ).toBe(`Thirty days [\\[1\\]](#${sourceAnchor(1)}), not [7] or [link](https://example.com).`);
    expect(markdownWithCitations('Untouched [1].', new Set())).toBe('Untouched [1].');
  });
});
