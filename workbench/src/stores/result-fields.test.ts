import {
  PREVIEW_COUNT,
  dataView,
  resultDownload,
  resultItems,
  scoreIntent,
  confidencePercent,
} from './result-fields';

describe('result fields', () => {
  it('reads every field the result display names, in the spec order', () => {
    const items = resultItems({
      summary: 'Short.',
      classification: { category: 'Positive', sentiment: 'happy', confidence: 0.873 },
      classified_category: 'Positive',
      translation: 'Bonjour',
      generated_image_url: '/files/img-1',
      generated_text: '# Title',
      extracted_data: { name: 'Ada' },
      imageAnalysis: { description: 'A cat', objects: ['cat'], text: '', colors: ['grey'] },
      coldEmail: { subject: 'Hi', body: 'Hello there', followUp: 'Ping' },
      investorAnalysis: { industry: 'AI', businessModel: 'SaaS', stage: 'Seed', investors: [] },
      ycApplication: {
        overallScore: 7,
        overallFeedback: 'ok',
        recommendations: [],
        fullApplication: '',
        sections: [],
      },
    });
    expect(items.map((item) => item.kind)).toEqual([
      'text',
      'classification',
      'text',
      'image',
      'markdown',
      'data',
      'imageAnalysis',
      'coldEmail',
      'investors',
      'yc',
    ]);
    expect(items[3]).toEqual({ kind: 'image', field: 'generatedImage', url: '/files/img-1' });
    expect(items[1]).toMatchObject({ value: { category: 'Positive', confidence: 0.873 } });
  });

  it('shows classified_category alone when there is no full classification', () => {
    expect(resultItems({ classified_category: 'Spam' })).toEqual([
      {
        kind: 'classification',
        field: 'classified_category',
        value: { category: 'Spam', sentiment: '', confidence: null },
      },
    ]);
  });

  it('shows a field of an unexpected shape as data instead of dropping it', () => {
    expect(resultItems({ ycApplication: 'not an object' })).toEqual([
      { kind: 'data', field: 'ycApplication', value: 'not an object' },
    ]);
    expect(resultItems({ generated_text: '   ' })).toEqual([]);
    expect(resultItems({ generated_image_url: 'javascript:alert(1)' })).toEqual([]);
  });

  it('drops contact pages that are not web addresses', () => {
    const [item] = resultItems({
      investorAnalysis: {
        industry: 'AI',
        investors: [{ name: 'A', contactPage: 'javascript:alert(1)', tags: ['x', 3] }],
      },
    });
    expect(item).toMatchObject({ value: { investors: [{ name: 'A', contactPage: '', tags: ['x', '3'] }] } });
  });

  it('colours scores: 8 or more green, 6 to 7 yellow, below 6 red', () => {
    expect([10, 8, 7.9, 6, 5.9, 0].map(scoreIntent)).toEqual([
      'success',
      'success',
      'warning',
      'warning',
      'danger',
      'danger',
    ]);
    expect(confidencePercent(0.873)).toBe('87%');
    expect(confidencePercent(3)).toBe('100%');
    expect(PREVIEW_COUNT).toBe(3);
  });

  it('tables extracted data: records as a table, one record as rows, anything else as JSON', () => {
    expect(dataView([{ a: 1 }, { b: 'x' }])).toEqual({
      kind: 'table',
      columns: ['a', 'b'],
      rows: [
        { a: '1', b: '' },
        { a: '', b: 'x' },
      ],
    });
    expect(dataView({ name: 'Ada', tags: ['a', 'b'] })).toEqual({
      kind: 'fields',
      rows: [
        { key: 'name', value: 'Ada' },
        { key: 'tags', value: 'a, b' },
      ],
    });
    expect(dataView(42)).toEqual({ kind: 'json', text: '42' });
  });

  it('downloads YC and investor results as JSON files named after the app', () => {
    const [yc] = resultItems({ ycApplication: { overallScore: 9, sections: [] } });
    expect(resultDownload(yc!, 'my-app')).toMatchObject({ filename: 'my-app-yc-application.json' });
    const [text] = resultItems({ summary: 'x' });
    expect(resultDownload(text!, 'my-app')).toBeNull();
  });
});
