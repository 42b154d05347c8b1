import { BlockInputError, catalogueEntry } from '@blocksmith/block-sdk';
import { MemoryFileStore, runBlock } from '@blocksmith/block-sdk/testing';
import ExcelJS from 'exceljs';
import { extractFile } from './extract-file';
import { makeDocx, makePdf, makeXlsx } from './testing/sample-files';

const PEOPLE = [
  { name: 'Ada', email: 'ada@example.com', city: 'London' },
  { name: 'Grace', email: 'grace@example.com', city: 'New York' },
  { name: 'Linus', email: 'linus@example.com', city: 'Helsinki' },
];

/** Runs the block on a file kept under `name`, as a File Upload would hand it on. */
async function extract(
  name: string,
  mime: string,
  data: Uint8Array | string,
  settings: Record<string, unknown> = {},
) {
  const files = new MemoryFileStore();
  const ref = await files.upload(name, mime, data);
  return runBlock(extractFile, {
    upstream: [{ nodeId: 'up', kind: 'fileUpload', name: 'file_url', value: ref.url }],
    files,
    settings,
  });
}

async function failure(run: Promise<unknown>): Promise<Error> {
  const error = await run.then(
    () => new Error('expected the run to fail'),
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(BlockInputError);
  return error;
}

describe('extractFile', () => {
  it('declares a 1-credit block with the extracted value first, shown as a table and a text', () => {
    expect(catalogueEntry(extractFile)).toMatchObject({
      id: 'extractFile',
      name: 'Extract from File',
      category: 'ai',
      cost: 1,
      outputs: [
        { name: 'extracted', type: 'json' },
        { name: 'file_rows', type: 'json' },
        { name: 'file_text', type: 'text' },
        { name: 'file_columns', type: 'list' },
        { name: 'row_count', type: 'number' },
      ],
    });
    expect(extractFile.settings.max_rows).toMatchObject({ min: 1, max: 10_000, default: 1000 });
    expect(extractFile.settings.max_rows.help).toContain('20 MB');
    expect(extractFile.settings.max_rows.help).toContain('1,000,000 characters');
  });

  describe('CSV and TSV', () => {
    it('reads a CSV with a header row into rows keyed by column', async () => {
      const csv =
        'name,email,city\nAda,ada@example.com,London\nGrace,grace@example.com,"New York"\r\nLinus,linus@example.com,Helsinki\n';
      const { outputs, progress } = await extract('people.csv', 'text/csv', csv);
      expect(outputs).toEqual({
        extracted: PEOPLE,
        file_rows: PEOPLE,
        file_text: '',
        file_columns: ['name', 'email', 'city'],
        row_count: 3,
      });
      expect(progress).toEqual(['Read 3 rows from "people.csv".']);
    });

    it('keeps quoted separators, quotes and line breaks inside a cell, and detects semicolons', async () => {
      const csv = 'name;note\n"Smith; John";"said ""hi""\nthen left"\n';
      const { outputs } = await extract('notes.csv', 'text/csv', csv);
      expect(outputs.file_rows).toEqual([{ name: 'Smith; John', note: 'said "hi"\nthen left' }]);
    });

    it('detects a file without a header row, and follows the First row setting', async () => {
      const csv = 'Ada,36,London\nGrace,85,New York\n';
      const detected = await extract('people.csv', 'text/csv', csv);
      expect(detected.outputs.file_columns).toEqual(['Column 1', 'Column 2', 'Column 3']);
      expect(detected.outputs.row_count).toBe(2);
      const named = await extract('people.csv', 'text/csv', csv, { header: 'yes' });
      expect(named.outputs.file_rows).toEqual([{ Ada: 'Grace', '36': '85', London: 'New York' }]);
      const data = await extract('people.csv', 'text/csv', 'name,city\nAda,London\n', { header: 'no' });
      expect(data.outputs.file_rows).toEqual([
        { 'Column 1': 'name', 'Column 2': 'city' },
        { 'Column 1': 'Ada', 'Column 2': 'London' },
      ]);
    });

    it('reads a TSV, filling short rows and naming blank header cells', async () => {
      const tsv = 'name\t\tcity\nAda\t36\tLondon\nGrace\n';
      const { outputs } = await extract('people.tsv', 'text/tab-separated-values', tsv, { header: 'yes' });
      expect(outputs.file_columns).toEqual(['name', 'Column 2', 'city']);
      expect(outputs.file_rows).toEqual([
        { name: 'Ada', 'Column 2': '36', city: 'London' },
        { name: 'Grace', 'Column 2': '', city: '' },
      ]);
    });

    it('refuses more rows than "Most rows", and a header with no rows below it', async () => {
      const csv = `n\n${Array.from({ length: 6 }, (_, i) => `${i}`).join('\n')}\n`;
      expect((await failure(extract('n.csv', 'text/csv', csv, { max_rows: 5 }))).message).toBe(
        '"n.csv" has more than 5 rows. Raise "Most rows" (up to 10,000), or split the file.',
      );
      expect((await extract('n.csv', 'text/csv', csv, { max_rows: 6 })).outputs.row_count).toBe(6);
      expect((await failure(extract('h.csv', 'text/csv', 'name,email\n'))).message).toMatch(
        /^"h.csv" has no rows of data/,
      );
    });

    it('refuses a quote that is never closed', async () => {
      const error = await failure(extract('bad.csv', 'text/csv', 'name,note\nAda,"open\n'));
      expect(error.message).toMatch(/^"bad.csv" is not valid CSV: a quoted cell is never closed/);
    });

    it('gives the text of a CSV when asked for text', async () => {
      const { outputs } = await extract('a.csv', 'text/csv', 'name\nAda\n', { extract: 'text' });
      expect(outputs).toEqual({
        extracted: 'name\nAda',
        file_rows: null,
        file_text: 'name\nAda',
        file_columns: [],
        row_count: 0,
      });
    });
  });

  describe('XLSX', () => {
    it('reads the first sheet, numbers as numbers, formulas as their results', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('People');
      sheet.addRows([
        ['name', 'age', 'joined'],
        ['Ada', 36, new Date(Date.UTC(2024, 0, 15))],
        ['Grace', 85, new Date(Date.UTC(2023, 5, 1))],
      ]);
      sheet.getCell('D1').value = 'double';
      sheet.getCell('D2').value = { formula: 'B2*2', result: 72 };
      workbook.addWorksheet('Other').addRow(['x']);
      const data = new Uint8Array(await workbook.xlsx.writeBuffer());
      const { outputs } = await extract('people.xlsx', 'application/octet-stream', data);
      expect(outputs.file_columns).toEqual(['name', 'age', 'joined', 'double']);
      expect(outputs.file_rows).toEqual([
        { name: 'Ada', age: 36, joined: '2024-01-15', double: 72 },
        { name: 'Grace', age: 85, joined: '2023-06-01', double: '' },
      ]);
    });

    it('reads the sheet named in Sheet, and names the sheets when there is none by that name', async () => {
      const data = await makeXlsx({ First: [['a'], ['1']], Second: [['city'], ['Paris'], ['Rome']] });
      const { outputs } = await extract('book.xlsx', '', data, { sheet: 'second' });
      expect(outputs.file_rows).toEqual([{ city: 'Paris' }, { city: 'Rome' }]);
      expect((await failure(extract('book.xlsx', '', data, { sheet: 'Third' }))).message).toBe(
        '"book.xlsx" has no sheet named "Third". Its sheets: "First" and "Second".',
      );
    });

    it('refuses a sheet longer than "Most rows" and a damaged workbook', async () => {
      const data = await makeXlsx({ Sheet1: [['n'], ...Array.from({ length: 11 }, (_, i) => [i])] });
      expect((await failure(extract('long.xlsx', '', data, { max_rows: 10 }))).message).toMatch(
        /^"long.xlsx" has more than 10 rows/,
      );
      expect((await failure(extract('broken.xlsx', '', 'not a zip'))).message).toMatch(
        /^"broken.xlsx" could not be read as an Excel workbook/,
      );
    });
  });

  describe('JSON and JSON Lines', () => {
    it('reads a JSON list of records, keeping their values', async () => {
      const list = [
        { name: 'Ada', age: 36, tags: ['math'] },
        { name: 'Grace', age: 85, retired: true },
      ];
      const { outputs } = await extract('people.json', 'application/json', JSON.stringify(list));
      expect(outputs.file_rows).toEqual(list);
      expect(outputs.file_columns).toEqual(['name', 'age', 'tags', 'retired']);
    });

    it('finds the one list of an object, and wraps plain values', async () => {
      const wrapped = await extract(
        'a.json',
        'application/json',
        '{"count": 2, "items": [{"id": 1}, {"id": 2}]}',
      );
      expect(wrapped.outputs.file_rows).toEqual([{ id: 1 }, { id: 2 }]);
      const plain = await extract('b.json', 'application/json', '["x", "y"]');
      expect(plain.outputs.file_rows).toEqual([{ value: 'x' }, { value: 'y' }]);
    });

    it('says what is wrong with a file that is not JSON', async () => {
      expect((await failure(extract('bad.json', 'application/json', '{"a": '))).message).toMatch(
        /^"bad.json" is not valid JSON \(.+\)\. Fix it and upload it again/,
      );
    });

    it('reads JSON Lines one record per line, naming a bad line', async () => {
      const jsonl = `${PEOPLE.map((p) => JSON.stringify(p)).join('\n')}\n\n`;
      const { outputs } = await extract('people.jsonl', '', jsonl);
      expect(outputs.file_rows).toEqual(PEOPLE);
      expect(outputs.row_count).toBe(3);
      expect((await failure(extract('bad.jsonl', '', '{"a":1}\n{oops}\n'))).message).toMatch(
        /^Line 2 of "bad.jsonl" is not valid JSON/,
      );
    });
  });

  describe('documents as text', () => {
    it('reads the text of every page of a PDF', async () => {
      const pdf = await makePdf([['Quarterly report', 'Revenue grew 12%.'], ['Costs fell.']]);
      const { outputs } = await extract('report.pdf', 'application/pdf', pdf);
      expect(outputs).toEqual({
        extracted: 'Quarterly report\nRevenue grew 12%.\n\nCosts fell.',
        file_rows: null,
        file_text: 'Quarterly report\nRevenue grew 12%.\n\nCosts fell.',
        file_columns: [],
        row_count: 0,
      });
    });

    it('reads the paragraphs of a Word document', async () => {
      const docx = await makeDocx(['Dear Ada,', 'Thank you for the notes.']);
      const { outputs } = await extract(
        'letter.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        docx,
      );
      expect(outputs.file_text).toBe('Dear Ada,\n\nThank you for the notes.');
      expect((await failure(extract('broken.docx', '', 'not a zip'))).message).toMatch(
        /^"broken.docx" could not be read as a Word document/,
      );
    });

    it('gives Markdown and plain text as written', async () => {
      const md = '# Title\n\n- one\n- two\n';
      expect((await extract('notes.md', 'text/markdown', md)).outputs.file_text).toBe(
        '# Title\n\n- one\n- two',
      );
      expect((await extract('notes.txt', 'text/plain', '\uFEFFHello\r\nthere\n')).outputs.file_text).toBe(
        'Hello\nthere',
      );
    });

    it('gives the visible text of an HTML page', async () => {
      const html =
        '<html><head><title>T</title><style>p{color:red}</style></head><body><h1>Menu</h1>' +
        '<p>Fish &amp; chips,\n  <b>fresh</b></p><script>alert("x<p>")</script><!-- hidden -->' +
        '<ul><li>One</li><li>Two</li></ul></body></html>';
      expect((await extract('menu.html', 'text/html', html)).outputs.file_text).toBe(
        'Menu\nFish & chips, fresh\n- One\n- Two',
      );
    });

    it('refuses rows from a document, pointing to Text', async () => {
      expect((await failure(extract('notes.md', 'text/markdown', '# Hi', { extract: 'rows' }))).message).toBe(
        '"notes.md" is a Markdown file, which holds text, not rows. Set "Extract" to Text or Automatic, or upload a CSV, TSV, XLSX, JSON or JSON Lines file.',
      );
    });
  });

  describe('limits and kinds', () => {
    it('refuses a file it cannot read, naming the kinds it reads', async () => {
      const error = await failure(extract('photo.png', 'image/png', 'x'));
      expect(error.message).toBe(
        '"photo.png" is a .png file, which this block cannot read. It reads CSV, TSV, Excel (XLSX), JSON, JSON Lines, PDF, Word (DOCX), Markdown, HTML and plain text files: upload one of those, or save the file in one of those formats first.',
      );
    });

    it('refuses a file over 20 MB and text over 1,000,000 characters', async () => {
      const big = new Uint8Array(20 * 1024 * 1024 + 1).fill(0x61);
      expect((await failure(extract('big.txt', 'text/plain', big))).message).toBe(
        '"big.txt" is 20.0 MB; Extract from File reads files of at most 20 MB. Split it into smaller files, or keep only the part you need.',
      );
      expect((await failure(extract('long.txt', 'text/plain', 'a'.repeat(1_000_001)))).message).toBe(
        '"long.txt" holds 1,000,001 characters of text; Extract from File gives on at most 1,000,000. Split the file, or keep only the part you need.',
      );
      expect((await extract('ok.txt', 'text/plain', 'a'.repeat(1_000_000))).outputs.file_text).toHaveLength(
        1_000_000,
      );
    });

    it('asks for a connected File Upload and an uploaded file', async () => {
      await expect(runBlock(extractFile, {})).rejects.toThrow(
        'Connect a File Upload block whose file Extract from File should read.',
      );
      await expect(
        runBlock(extractFile, {
          upstream: [{ nodeId: 'u', kind: 'fileUpload', name: 'file_url', value: '' }],
        }),
      ).rejects.toThrow('No file was uploaded. Choose a file and run the app again.');
      await expect(runBlock(extractFile, { upstream: { a: 'some words', b: 'more words' } })).rejects.toThrow(
        'The connected value is not an uploaded file: connect a File Upload block.',
      );
      await expect(runBlock(extractFile, { upstream: { file_url: '/files/missing' } })).rejects.toThrow(
        'The uploaded file could not be found. Upload it again and rerun the app.',
      );
    });
  });
});
