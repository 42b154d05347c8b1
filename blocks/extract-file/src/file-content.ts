import { BlockInputError } from '@blocksmith/block-sdk';
import { delimitedTable } from './delimited-table';
import { decodeText, documentText } from './document-text';
import { fileKindOf, kindDeclaration, type FileKind } from './file-kinds';
import { jsonLinesTable, jsonTable } from './json-table';
import { LIMITS, MB, formatCount } from './limits';
import { spreadsheetGrid } from './spreadsheet-grid';
import type { HeaderChoice, Table } from './table-of-grid';
import { tableOfGrid } from './table-of-grid';

/** The "Extract" setting: rows, text, or whichever the file's kind holds. */
export const EXTRACT_CHOICES = [
  { value: 'auto', label: 'Automatic (by file type)' },
  { value: 'rows', label: 'Rows of a table' },
  { value: 'text', label: 'Text' },
] as const;

export type ExtractChoice = (typeof EXTRACT_CHOICES)[number]['value'];

export interface ExtractOptions {
  extract: ExtractChoice;
  header: HeaderChoice;
  sheet: string;
  maxRows: number;
  signal: AbortSignal;
  /** How much is read, and who says so in a refusal: Extract from File's LIMITS unless given. */
  limits?: ReadLimits;
}

/** The most bytes of file and characters of text read, and the reader named when refusing more. */
export interface ReadLimits {
  bytes: number;
  textChars: number;
  reader: string;
}

const EXTRACT_FILE_LIMITS: ReadLimits = {
  bytes: LIMITS.bytes,
  textChars: LIMITS.textChars,
  reader: 'Extract from File',
};

/** What was read: a table's rows, or a document's text. */
export type FileContent = ({ as: 'rows' } & Table) | { as: 'text'; text: string };

function checkSize(name: string, data: Uint8Array, limits: ReadLimits): void {
  if (data.byteLength > limits.bytes) {
    throw new BlockInputError(
      `"${name}" is ${(data.byteLength / MB).toFixed(1)} MB; ${limits.reader} reads files of at most ${limits.bytes / MB} MB. Split it into smaller files, or keep only the part you need.`,
    );
  }
  if (data.byteLength === 0) throw new BlockInputError(`"${name}" is empty. Upload a file with content.`);
}

function checkText(name: string, text: string, limits: ReadLimits): string {
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (trimmed.length > limits.textChars) {
    throw new BlockInputError(
      `"${name}" holds ${formatCount(trimmed.length)} characters of text; ${limits.reader} ${limits === EXTRACT_FILE_LIMITS ? 'gives on' : 'reads'} at most ${formatCount(limits.textChars)}. Split the file, or keep only the part you need.`,
    );
  }
  if (trimmed === '') throw new BlockInputError(`"${name}" holds no text. Upload a file with content.`);
  return trimmed;
}

async function readRows(
  kind: FileKind,
  data: Uint8Array,
  name: string,
  options: ExtractOptions,
): Promise<Table> {
  const table = { header: options.header, maxRows: options.maxRows, fileName: name };
  switch (kind) {
    case 'csv':
    case 'tsv':
      return delimitedTable(decodeText(data), kind, table);
    case 'xlsx':
      return tableOfGrid((await spreadsheetGrid(data, { ...table, sheet: options.sheet })).grid, table);
    case 'json':
      return jsonTable(decodeText(data), name, options.maxRows);
    case 'jsonl':
      return jsonLinesTable(decodeText(data), name, options.maxRows);
    default: {
      const { label } = kindDeclaration(kind);
      throw new BlockInputError(
        `"${name}" is a ${label} file, which holds text, not rows. Set "Extract" to Text or Automatic, or upload a CSV, TSV, XLSX, JSON or JSON Lines file.`,
      );
    }
  }
}

async function readText(
  kind: FileKind,
  data: Uint8Array,
  name: string,
  options: ExtractOptions,
): Promise<string> {
  if (kind !== 'xlsx') return documentText(kind, data, name, options.signal);
  const { grid } = await spreadsheetGrid(data, {
    fileName: name,
    sheet: options.sheet,
    maxRows: LIMITS.rows,
  });
  return grid.map((row) => row.map((cell) => (cell === null ? '' : String(cell))).join('\t')).join('\n');
}

/** Reads a kept file as rows or as text, within the limits (LIMITS), by what `extract` asks. */
export async function fileContent(
  file: { name: string; mime: string; data: Uint8Array },
  options: ExtractOptions,
): Promise<FileContent> {
  const { name, data } = file;
  const limits = options.limits ?? EXTRACT_FILE_LIMITS;
  checkSize(name, data, limits);
  const kind = fileKindOf(file, data);
  const asRows = options.extract === 'rows' || (options.extract === 'auto' && kindDeclaration(kind).tabular);
  if (!asRows)
    return { as: 'text', text: checkText(name, await readText(kind, data, name, options), limits) };
  const table = await readRows(kind, data, name, options);
  if (table.rows.length === 0) {
    throw new BlockInputError(
      `"${name}" has no rows of data (a header row alone is not data). Upload a file that holds at least one row.`,
    );
  }
  return { as: 'rows', ...table };
}
