import type { AppConfig } from '@blocksmith/schema';
// The block's own sample-file makers (XLSX, DOCX, PDF): test code, left out of every build.
import { makeDocx, makePdf, makeXlsx } from '../../../blocks/extract-file/src/testing/sample-files';
import { probeApp, probePlugin } from '../testing/probe-blocks';
import { startApiTestGateway, type ApiTestGateway } from '../testing/rest-client';

/** File Upload -> Extract from File -> For Each (rows of a table) -> Collect (table) -> Table Display. */
const loopApp: AppConfig = probeApp(
  [
    probePlugin('doc', 'fileUpload', { label: 'People' }),
    probePlugin('extract', 'extractFile'),
    probePlugin('each', 'forEach', { split: 'table', concurrency: 1 }),
    probePlugin('end', 'collect', { format: 'table' }),
    probePlugin('show', 'tableDisplay', { showDownload: false }),
  ],
  [
    ['doc', 'extract'],
    ['extract', 'each'],
    ['each', 'end'],
    ['end', 'show'],
  ],
);

/** File Upload -> Extract from File: the run's answer carries what it read. */
const extractApp: AppConfig = probeApp(
  [probePlugin('doc', 'fileUpload', { label: 'Any file' }), probePlugin('extract', 'extractFile')],
  [['doc', 'extract']],
);

const PEOPLE = [
  { name: 'Ada', email: 'ada@example.com' },
  { name: 'Grace', email: 'grace@example.com' },
  { name: 'Linus', email: 'linus@example.com' },
];
const CSV = 'name,email\nAda,ada@example.com\nGrace,grace@example.com\nLinus,linus@example.com\n';

describe('POST /api/apps/{id}/execute with a file read by Extract from File', () => {
  let t: ApiTestGateway;
  let ann: string;
  let loop: string;
  let extract: string;

  const create = async (config: AppConfig, name: string) =>
    (
      (await t.api('POST', '/apps', { token: ann, body: { name, category: 'Other', config } })).body as {
        id: string;
      }
    ).id;

  /** Runs `app` with the file sent in the multipart form, as the documented route takes it. */
  const execute = (app: string, content: string | Uint8Array, name: string, type: string) => {
    const form = new FormData();
    form.set('inputData', '{}');
    form.set('file', new Blob([content], { type }), name);
    return t.form(`/apps/${app}/execute`, form, ann);
  };

  beforeAll(async () => {
    t = await startApiTestGateway();
    ann = (await t.signUpViaApi('ann@example.com', { credits: true })).token;
    loop = await create(loopApp, 'Rows');
    extract = await create(extractApp, 'Extract');
  });

  afterAll(() => t.close());

  it('goes through the three rows of an uploaded CSV and shows them in the table', async () => {
    const answer = await execute(loop, CSV, 'people.csv', 'text/csv');
    expect(answer.status).toBe(200);
    expect(answer.body.run).toMatchObject({ status: 'succeeded', cost: 1 });
    expect(answer.body.output).toMatchObject({ row_count: 3, item_count: 3, collected_count: 3 });
    expect(answer.body.output.artifacts).toEqual([
      {
        nodeId: 'show',
        artifact: { kind: 'table', columns: ['name', 'email'], rows: PEOPLE, download: null },
      },
    ]);
  });

  it.each([
    [
      'people.tsv',
      'text/tab-separated-values',
      'name\temail\nAda\tada@example.com\nGrace\tgrace@example.com\nLinus\tlinus@example.com\n',
    ],
    ['people.json', 'application/json', JSON.stringify(PEOPLE)],
    ['people.jsonl', 'application/x-ndjson', PEOPLE.map((p) => JSON.stringify(p)).join('\n')],
  ])('reads the rows of %s', async (name, type, content) => {
    const answer = await execute(extract, content, name, type);
    expect(answer.status).toBe(200);
    expect(answer.body.output).toMatchObject({
      file_rows: PEOPLE,
      file_columns: ['name', 'email'],
      row_count: 3,
    });
  });

  it('reads the rows of an XLSX sheet', async () => {
    const xlsx = await makeXlsx({ People: [['name', 'email'], ...PEOPLE.map((p) => [p.name, p.email])] });
    const answer = await execute(
      extract,
      xlsx,
      'people.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.output).toMatchObject({ file_rows: PEOPLE, row_count: 3 });
  });

  it('reads the text of a PDF, a DOCX, Markdown, HTML and plain text', async () => {
    const files: Array<[string, string, string | Uint8Array, string]> = [
      [
        'memo.pdf',
        'application/pdf',
        await makePdf([['Quarterly memo'], ['Costs fell.']]),
        'Quarterly memo\n\nCosts fell.',
      ],
      [
        'memo.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        await makeDocx(['Quarterly memo', 'Costs fell.']),
        'Quarterly memo\n\nCosts fell.',
      ],
      ['memo.md', 'text/markdown', '# Quarterly memo\n\nCosts fell.\n', '# Quarterly memo\n\nCosts fell.'],
      [
        'memo.html',
        'text/html',
        '<h1>Quarterly memo</h1><p>Costs <b>fell</b>.</p>',
        'Quarterly memo\nCosts fell.',
      ],
      ['memo.txt', 'text/plain', 'Quarterly memo\nCosts fell.\n', 'Quarterly memo\nCosts fell.'],
    ];
    for (const [name, type, content, text] of files) {
      const answer = await execute(extract, content, name, type);
      expect([name, answer.status]).toEqual([name, 200]);
      expect(answer.body.output).toMatchObject({ file_text: text, row_count: 0 });
    }
  });

  it('answers 400 with the kinds it reads for a file it cannot read, refunded', async () => {
    const answer = await execute(extract, 'GIF89a', 'anim.gif', 'image/gif');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'bad_request', refunded: true });
    expect(answer.body.message).toMatch(
      /"anim.gif" is a .gif file, which this block cannot read. It reads CSV, TSV, .* and plain text files/,
    );
  });
});
