import { resultKeys } from './result-keys';

describe('resultKeys', () => {
  it('keys a first output by its variable and the others by their names', () => {
    const keys = resultKeys([
      { id: 'in', variable: 'input_text', outputs: ['input_text'] },
      { id: 'c', variable: 'classified_category', outputs: ['classified_category', 'classification'] },
    ]);
    expect(keys.get('c')).toEqual({
      classified_category: 'classified_category',
      classification: 'classification',
    });
  });

  it('gives a name an earlier block holds the next free suffix, the first block keeping it', () => {
    const keys = resultKeys([
      { id: 'a', variable: 'classified_category', outputs: ['classified_category', 'classification'] },
      { id: 'b', variable: 'classified_category_2', outputs: ['classified_category', 'classification'] },
      { id: 'c', variable: 'classified_category_3', outputs: ['classified_category', 'classification'] },
    ]);
    expect(keys.get('a')!.classification).toBe('classification');
    expect(keys.get('b')).toEqual({
      classified_category: 'classified_category_2',
      classification: 'classification_2',
    });
    expect(keys.get('c')!.classification).toBe('classification_3');
  });

  it('never reuses a variable name for another output', () => {
    const keys = resultKeys([
      { id: 'a', variable: 'summary', outputs: ['summary'] },
      { id: 'b', variable: 'text', outputs: ['text', 'summary'] },
    ]);
    expect(keys.get('b')!.summary).toBe('summary_2');
  });
});
