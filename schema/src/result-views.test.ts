import {
  blockResults,
  citedPieces,
  dataView,
  ratioPercent,
  resultDeclarationProblems,
  resultItem,
  resultItems,
  scoreIntent,
  type ResultDeclaration,
} from './result-views';

const investors: ResultDeclaration = {
  output: 'investorAnalysis',
  title: 'Investor analysis',
  download: 'investors',
  views: [
    {
      view: 'fields',
      inline: true,
      fields: [
        { label: 'Industry', path: 'industry' },
        { label: 'Stage', path: 'stage' },
      ],
    },
    {
      view: 'cards',
      path: 'investors',
      title: 'Investors',
      card: {
        title: 'name',
        subtitle: 'fundName',
        lines: ['country'],
        links: [
          { path: 'email', kind: 'email' },
          { path: 'contactPage', kind: 'url' },
        ],
        tags: 'tags',
      },
    },
  ],
};

const scorecard: ResultDeclaration = {
  output: 'review',
  title: 'Review',
  download: 'review',
  views: [
    {
      view: 'scorecard',
      score: 'overall',
      feedback: 'feedback',
      recommendations: { path: 'tips', title: 'Top recommendations' },
      sections: { path: 'parts', title: 'Sections', heading: 'q', text: 'a', score: 's', feedback: 'f' },
      fullText: { path: 'full', title: 'Full application' },
    },
  ],
};

const classification: ResultDeclaration = {
  output: 'classification',
  title: 'Classification',
  views: [
    {
      view: 'fields',
      inline: true,
      fields: [
        { label: '', path: 'category', kind: 'tag', required: true },
        { label: 'Confidence', path: 'confidence', kind: 'percent' },
        { label: 'Sentiment', path: 'sentiment' },
      ],
    },
  ],
};

describe('result views', () => {
  it('shows a text output as text, a list of strings as bullets, and nothing for an empty one', () => {
    const text: ResultDeclaration = { output: 'summary', title: 'Summary', views: [{ view: 'text' }] };
    expect(resultItem(text, { summary: 'Short.' })).toEqual({
      output: 'summary',
      title: 'Summary',
      parts: [{ view: 'text', text: 'Short.' }],
      copyText: 'Short.',
      download: null,
      fallback: false,
    });
    expect(resultItem(text, { summary: ['a', 'b'] })?.parts).toEqual([{ view: 'text', text: '- a\n- b' }]);
    expect(resultItem(text, { summary: '   ' })).toBeNull();
    expect(resultItem(text, {})).toBeNull();
  });

  it('reads fields by path with their kinds, leaving out empty ones', () => {
    const [item] = resultItems([classification], {
      classification: { category: 'Positive', sentiment: '', confidence: 0.873 },
    });
    expect(item?.parts).toEqual([
      {
        view: 'fields',
        inline: true,
        rows: [
          { label: '', kind: 'tag', text: 'Positive' },
          { label: 'Confidence', kind: 'percent', ratio: 0.873, text: '87%' },
        ],
      },
    ]);
    expect(item?.copyText).toBe('Positive\n\nConfidence: 87%');
  });

  it('draws cards with safe links only, and offers the value as a JSON download instead of a copy', () => {
    const value = {
      industry: 'AI',
      investors: [
        {
          name: 'A',
          fundName: 'Fund',
          country: 'UK',
          email: 'a@x.io',
          contactPage: 'javascript:alert(1)',
          tags: ['x', 3],
        },
        'not a record',
      ],
    };
    const item = resultItem(investors, { investorAnalysis: value });
    expect(item?.parts[1]).toEqual({
      view: 'cards',
      title: 'Investors',
      cards: [
        {
          title: 'A',
          subtitle: 'Fund',
          lines: ['UK'],
          links: [{ href: 'mailto:a@x.io', text: 'a@x.io' }],
          tags: ['x', '3'],
        },
      ],
    });
    expect(item?.copyText).toBeNull();
    expect(item?.download).toEqual({ name: 'investors', text: JSON.stringify(value, null, 2) });
  });

  it('reads a scorecard: overall score, feedback, recommendations, sections and the full text', () => {
    const item = resultItem(scorecard, {
      review: {
        overall: '7.5',
        feedback: 'Good',
        tips: ['Be concrete'],
        parts: [{ q: 'Why?', a: 'Because', s: 9, f: 'Clear' }],
        full: '# App',
      },
    });
    expect(item?.parts).toEqual([
      {
        view: 'scorecard',
        score: 7.5,
        feedback: 'Good',
        recommendations: { title: 'Top recommendations', items: ['Be concrete'] },
        sections: {
          title: 'Sections',
          items: [{ heading: 'Why?', text: 'Because', score: 9, feedback: 'Clear' }],
        },
        fullText: { title: 'Full application', text: '# App' },
      },
    ]);
  });

  it('shows a value that does not have the declared shape as data instead of dropping it', () => {
    expect(resultItem(scorecard, { review: 'not an object' })).toEqual({
      output: 'review',
      title: 'Review',
      parts: [{ view: 'table', data: { kind: 'json', text: 'not an object' } }],
      copyText: 'not an object',
      download: null,
      fallback: true,
    });
    expect(resultItem(scorecard, { review: { overall: 'high' } })?.fallback).toBe(true);
    expect(resultItem(investors, { investorAnalysis: { investors: 'none' } })?.parts).toEqual([
      { view: 'table', data: { kind: 'fields', rows: [{ key: 'investors', value: 'none' }] } },
    ]);
    // A required field that is missing makes the whole value data.
    expect(resultItem(classification, { classification: { sentiment: 'calm' } })?.fallback).toBe(true);
    const image: ResultDeclaration = { output: 'url', title: 'Image', views: [{ view: 'image' }] };
    expect(resultItem(image, { url: 'javascript:alert(1)' })?.parts).toEqual([
      { view: 'table', data: { kind: 'json', text: 'javascript:alert(1)' } },
    ]);
    expect(resultItem(image, { url: '/files/img-1' })).toMatchObject({
      parts: [{ view: 'image', url: '/files/img-1' }],
      copyText: null,
    });
  });

  it('tables data: records as a table, one record as rows, anything else as JSON', () => {
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

  it('colours scores and writes ratios as percentages', () => {
    expect([10, 8, 7.9, 6, 5.9, 0].map(scoreIntent)).toEqual([
      'success',
      'success',
      'warning',
      'warning',
      'danger',
      'danger',
    ]);
    expect(ratioPercent(0.873)).toBe('87%');
    expect(ratioPercent(3)).toBe('100%');
  });

  it("gives a block's results: present, else outputs that declare a view, else the first text output", () => {
    const outputs = [
      { name: 'count', type: 'number' as const },
      { name: 'answer', type: 'text' as const },
    ];
    expect(blockResults({ name: 'Helper', outputs })).toEqual([
      { output: 'answer', title: 'Helper', views: [{ view: 'text' }] },
    ]);
    expect(
      blockResults({ name: 'Helper', outputs: [...outputs, { name: 'pic', type: 'url', view: 'image' }] }),
    ).toEqual([{ output: 'pic', title: 'Helper', views: [{ view: 'image' }] }]);
    expect(blockResults({ name: 'Helper', outputs, present: [] })).toEqual([]);
    expect(blockResults({ name: 'Helper', outputs: [{ name: 'data', type: 'json' }] })).toEqual([]);
  });

  it('lists every problem of a declaration', () => {
    expect(resultDeclarationProblems([investors, scorecard], ['investorAnalysis', 'review'])).toEqual([]);
    expect(
      resultDeclarationProblems(
        [
          { output: 'missing', title: '', views: [] },
          // @ts-expect-error: not a view of the closed set
          { output: 'a', title: 'A', download: 'Bad Name', views: [{ view: 'chart' }] },
          { output: 'a', title: 'A', views: [{ view: 'fields', fields: [{ label: 'X', path: 'a..b' }] }] },
        ],
        ['a'],
      ),
    ).toEqual([
      'present[0].output must name an output, not "missing"',
      'present[0] needs a title',
      'present[0] needs views',
      'present[1].download must be lowercase words joined by -',
      'present[1].views[0] must be one of text, markdown, fields, scorecard, cards, table, image, file, cited',
      'present[2] shows output "a" a second time',
      'present[2].views[0].fields[0].path needs a dotted path, not "a..b"',
    ]);
  });
});

describe('sources and citations', () => {
  const declaration = {
    output: 'passages',
    title: 'Sources',
    views: [{ view: 'cited' as const, path: '' }],
  };
  const passages = [
    {
      number: 1,
      source: 'returns.md, passage 2',
      documentName: 'returns.md',
      text: 'Within 30 days.',
      score: 1,
    },
    {
      number: 2,
      source: 'shipping.pdf, passage 1',
      documentName: 'shipping.pdf',
      text: 'Three to five days.',
    },
  ];

  it('reads numbered passages as sources, and copies them as text', () => {
    expect(resultDeclarationProblems([declaration], ['passages'])).toEqual([]);
    const item = resultItem(declaration, { passages })!;
    expect(item.parts).toEqual([
      {
        view: 'cited',
        cited: [
          { number: 1, title: 'returns.md, passage 2', document: 'returns.md', text: 'Within 30 days.' },
          {
            number: 2,
            title: 'shipping.pdf, passage 1',
            document: 'shipping.pdf',
            text: 'Three to five days.',
          },
        ],
      },
    ]);
    expect(item.copyText).toBe(
      '[1] returns.md, passage 2\nWithin 30 days.\n\n[2] shipping.pdf, passage 1\nThree to five days.',
    );
    // None found: nothing to show; not a list: shown as data.
    expect(resultItem(declaration, { passages: [] })).toBeNull();
    expect(resultItem(declaration, { passages: 'text' })!.fallback).toBe(true);
  });

  it('finds the citations of known sources in a text, leaving other brackets as they are', () => {
    const known = new Set([1, 2]);
    expect(citedPieces('Thirty days [1]; shipping takes days [2][1] or [1, 2].', known)).toEqual([
      { text: 'Thirty days ' },
      { cite: 1, text: '[1]' },
      { text: '; shipping takes days ' },
      { cite: 2, text: '[2]' },
      { cite: 1, text: '[1]' },
      { text: ' or ' },
      { cite: 1, text: '[1]' },
      { cite: 2, text: '[2]' },
      { text: '.' },
    ]);
    expect(citedPieces('See [3] and [x] and [1, 9].', known)).toEqual([
      { text: 'See [3] and [x] and [1, 9].' },
    ]);
    expect(citedPieces('', known)).toEqual([]);
  });
});
