import { BlockInputError, type Artifact } from '@blocksmith/block-sdk';
import { MemoryFileStore, runBlock, type RunBlockOptions } from '@blocksmith/block-sdk/testing';
import { PDFParse } from 'pdf-parse';
import { tableDisplay } from './table-display';

type TableArtifact = Extract<Artifact, { kind: 'table' }>;

async function show(options: RunBlockOptions) {
  const files = new MemoryFileStore();
  const { artifacts, outputs } = await runBlock(tableDisplay, { ...options, files });
  expect(outputs).toEqual({});
  expect(artifacts).toHaveLength(1);
  const table = artifacts[0] as TableArtifact;
  expect(table.kind).toBe('table');
  const download = table.download ? await files.read(table.download.url) : null;
  return { table, download };
}

async function pdfText(data: Uint8Array): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

const people = [
  { name: 'Ada', role: '=admin', years: 36 },
  { name: 'Alan', role: 'Code breaker, mathematician' },
];

describe('tableDisplay', () => {
  it('presents the rows and a CSV download by default', async () => {
    const { table, download } = await show({ upstream: { extracted_data: people } });
    expect(table.columns).toEqual(['name', 'role', 'years']);
    expect(table.rows).toEqual([
      { name: 'Ada', role: '=admin', years: 36 },
      { name: 'Alan', role: 'Code breaker, mathematician', years: null },
    ]);
    expect(table.download).toMatchObject({ name: 'table.csv', mime: 'text/csv' });
    expect(new TextDecoder().decode(download?.data)).toBe(
      'name,role,years\r\nAda,\'=admin,36\r\nAlan,"Code breaker, mathematician",\r\n',
    );
  });

  it('offers no download when showDownload is off', async () => {
    const { table } = await show({ settings: { showDownload: false }, upstream: { extracted_data: people } });
    expect(table.download).toBeNull();
    expect(table.rows).toHaveLength(2);
  });

  it('downloads the rows as JSON', async () => {
    const { table, download } = await show({
      settings: { downloadFormat: 'json' },
      upstream: { extracted_data: people },
    });
    expect(table.download).toMatchObject({ name: 'table.json', mime: 'application/json' });
    expect(JSON.parse(new TextDecoder().decode(download?.data))).toEqual(table.rows);
  });

  it('downloads a real PDF table with the header and every cell', async () => {
    const { table, download } = await show({
      settings: { downloadFormat: 'pdf' },
      upstream: { extracted_data: [...people, { name: 'Grace 👩‍💻', role: 'Admiral' }] },
    });
    expect(table.download).toMatchObject({ name: 'table.pdf', mime: 'application/pdf' });
    const { text, pages } = await pdfText(download!.data);
    expect(pages).toBe(1);
    for (const word of [
      'name',
      'role',
      'years',
      'Ada',
      '=admin',
      '36',
      'Alan',
      'Code breaker, mathematician',
      'Admiral',
    ]) {
      expect(text).toContain(word);
    }
    expect(text).toContain('Grace ?');
  });

  it('spreads a long table over several PDF pages, repeating the header', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ id: i + 1, label: `Item ${i + 1}` }));
    const { download } = await show({ settings: { downloadFormat: 'pdf' }, upstream: { list: rows } });
    const { text, pages } = await pdfText(download!.data);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Item 1');
    expect(text).toContain('Item 120');
    expect(text.match(/label/g)?.length).toBe(pages);
  });

  it('cuts cells too wide for their column with an ellipsis in the PDF', async () => {
    const columns = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`c${i}`, 'word '.repeat(60)]));
    const { download } = await show({ settings: { downloadFormat: 'pdf' }, upstream: { row: [columns] } });
    const { text } = await pdfText(download!.data);
    expect(text).toContain('\u2026');
  });

  it('makes a table from CSV text written by an AI block', async () => {
    const { table } = await show({ upstream: { generated_text: 'city,people\nParis,2.1M\nLyon,0.5M' } });
    expect(table.columns).toEqual(['city', 'people']);
    expect(table.rows).toEqual([
      { city: 'Paris', people: '2.1M' },
      { city: 'Lyon', people: '0.5M' },
    ]);
  });

  it('shows several connected blocks one Field / Value row each', async () => {
    const { table } = await show({ upstream: { summary: 'Short', classified_category: 'News' } });
    expect(table.columns).toEqual(['Field', 'Value']);
    expect(table.rows).toEqual([
      { Field: 'summary', Value: 'Short' },
      { Field: 'classified_category', Value: 'News' },
    ]);
  });

  it("shows a classification's category, sentiment and confidence, on screen and in the CSV", async () => {
    const classification = { category: 'Complaint', sentiment: 'negative', confidence: 0.87 };
    const { table, download } = await show({
      upstream: [
        {
          nodeId: 'classify',
          kind: 'classification',
          name: 'classified_category',
          value: 'Complaint',
          outputs: { classified_category: 'Complaint', classification },
        },
      ],
    });
    expect(table.columns).toEqual(['Field', 'Value']);
    expect(table.rows).toEqual([
      { Field: 'category', Value: 'Complaint' },
      { Field: 'sentiment', Value: 'negative' },
      { Field: 'confidence', Value: 0.87 },
    ]);
    expect(new TextDecoder().decode(download?.data)).toBe(
      'Field,Value\r\ncategory,Complaint\r\nsentiment,negative\r\nconfidence,0.87\r\n',
    );
  });

  it("keeps to a block's first output when its other outputs are not a record holding it", async () => {
    const { table } = await show({
      upstream: [
        {
          nodeId: 'pdf',
          kind: 'pdfSummarization',
          name: 'summary',
          value: 'A short summary',
          outputs: { summary: 'A short summary', page_count: 12 },
        },
      ],
    });
    expect(table.rows).toEqual([{ Value: 'A short summary' }]);
  });

  it('gives a classification among several connected blocks its whole record', async () => {
    const { table } = await show({
      upstream: [
        { nodeId: 'in', kind: 'textInput', name: 'input_text', value: 'The parcel came late' },
        {
          nodeId: 'classify',
          kind: 'classification',
          name: 'classified_category',
          value: 'Complaint',
          outputs: {
            classified_category: 'Complaint',
            classification: { category: 'Complaint', sentiment: 'negative', confidence: 0.9 },
          },
        },
      ],
    });
    expect(table.rows).toEqual([
      { Field: 'input_text', Value: 'The parcel came late' },
      {
        Field: 'classified_category',
        Value: '{"category":"Complaint","sentiment":"negative","confidence":0.9}',
      },
    ]);
  });

  it('caps the table and its download at 1000 rows', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({ n: i }));
    const { table, download } = await show({ upstream: { list: rows } });
    expect(table.rows).toHaveLength(1000);
    expect(new TextDecoder().decode(download?.data).trimEnd().split('\r\n')).toHaveLength(1001);
  });

  it('asks for a connection when nothing is connected', async () => {
    const error = await runBlock(tableDisplay).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BlockInputError);
    expect((error as Error).message).toBe('Connect a block whose result this table should show.');
  });

  it('says so when the connected block gave nothing', async () => {
    await expect(runBlock(tableDisplay, { upstream: { generated_text: ' ' } })).rejects.toThrow(
      'The connected block gave nothing to show in a table.',
    );
  });

  it('declares the spec settings with their defaults and no outputs', () => {
    expect(Object.keys(tableDisplay.settings)).toEqual(['showDownload', 'downloadFormat']);
    expect(tableDisplay.settings.showDownload.default).toBe(true);
    expect(tableDisplay.settings.downloadFormat.options.map((o) => [o.value, o.label])).toEqual([
      ['pdf', 'PDF'],
      ['csv', 'CSV'],
      ['json', 'JSON'],
    ]);
    expect(tableDisplay.settings.downloadFormat.default).toBe('csv');
    expect(tableDisplay.outputs).toEqual({});
    expect(tableDisplay.cost).toBe(0);
  });
});
