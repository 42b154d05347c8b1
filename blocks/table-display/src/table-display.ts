import { BlockInputError, defineBlock, field, type FileRef, type RunContext } from '@blocksmith/block-sdk';
import { shownValue } from './shown-value';
import type { Table } from './table';
import { tableCsv } from './table-csv';
import { fieldValueTable, tableOf } from './table-of';
import { tablePdf } from './table-pdf';

const DOWNLOAD_FORMATS = [
  { value: 'pdf', label: 'PDF' },
  { value: 'csv', label: 'CSV' },
  { value: 'json', label: 'JSON' },
] as const;

type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number]['value'];

const FILE_TYPES: Readonly<Record<DownloadFormat, { name: string; mime: string }>> = {
  pdf: { name: 'table.pdf', mime: 'application/pdf' },
  csv: { name: 'table.csv', mime: 'text/csv' },
  json: { name: 'table.json', mime: 'application/json' },
};

async function tableBytes(table: Table, format: DownloadFormat): Promise<Uint8Array> {
  switch (format) {
    case 'pdf':
      return tablePdf(table, 'Table');
    case 'csv':
      return new TextEncoder().encode(tableCsv(table));
    case 'json':
      return new TextEncoder().encode(`${JSON.stringify(table.rows, null, 2)}\n`);
  }
}

async function saveTable(ctx: RunContext<unknown>, table: Table, format: DownloadFormat): Promise<FileRef> {
  const type = FILE_TYPES[format];
  return ctx.files.put(await tableBytes(table, format), type);
}

export const tableDisplay = defineBlock({
  kind: 'tableDisplay',
  name: 'Table Display',
  description: 'Shows the connected result as a table, downloadable as CSV, JSON or PDF.',
  category: 'output',
  settings: {
    showDownload: field.boolean({
      label: 'Show download button',
      default: true,
      help: 'Let people download the table.',
    }),
    downloadFormat: field.select({
      label: 'Download format',
      options: DOWNLOAD_FORMATS,
      default: 'csv',
      help: 'The kind of file the table is downloaded as.',
    }),
  },
  outputs: {},
  async run(ctx) {
    if (ctx.upstream.length === 0) {
      throw new BlockInputError('Connect a block whose result this table should show.');
    }
    // One connected block gives the table; several give one Field / Value row each.
    const table =
      ctx.upstream.length === 1
        ? tableOf(shownValue(ctx.upstream[0]!))
        : fieldValueTable(Object.fromEntries(ctx.upstream.map((u) => [u.name, shownValue(u)])));
    if (table === null) {
      throw new BlockInputError('The connected block gave nothing to show in a table.');
    }
    const download = ctx.settings.showDownload
      ? await saveTable(ctx, table, ctx.settings.downloadFormat)
      : null;
    ctx.present({ kind: 'table', columns: table.columns, rows: table.rows, download });
  },
});
