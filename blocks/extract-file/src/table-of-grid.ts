import { BlockInputError } from '@blocksmith/block-sdk';
import { columnNames, looksLikeHeader } from './column-names';
import { LIMITS, formatCount } from './limits';

/** The "First row" setting: names the columns, is data, or decided from what it holds. */
export const HEADER_CHOICES = [
  { value: 'auto', label: 'Detect' },
  { value: 'yes', label: 'Column names' },
  { value: 'no', label: 'Data' },
] as const;

export type HeaderChoice = (typeof HEADER_CHOICES)[number]['value'];

/** A cell as read: text, a number, true or false, or empty (null). */
export type Cell = string | number | boolean | null;

/** A cell of a row given on: an empty cell is '' (a template naming it writes nothing). */
export type RowValue = string | number | boolean;

/** Rows keyed by column name; a JSON file's rows keep their JSON values. */
export interface Table {
  columns: string[];
  rows: Array<Record<string, unknown>>;
}

export interface TableOptions {
  header: HeaderChoice;
  maxRows: number;
  /** The file's name, for messages. */
  fileName: string;
}

function isBlank(cell: Cell | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

/** The message for a table with more rows than "Most rows" lets through. */
export function tooManyRows(fileName: string, maxRows: number): BlockInputError {
  const advice =
    maxRows < LIMITS.rows
      ? `Raise "Most rows" (up to ${formatCount(LIMITS.rows)}), or split the file.`
      : `That is the most Extract from File reads at once: split the file into parts of at most ${formatCount(LIMITS.rows)} rows.`;
  return new BlockInputError(`"${fileName}" has more than ${formatCount(maxRows)} rows. ${advice}`);
}

/**
 * Rows keyed by column name from a grid of cells (blank rows left out). The first row names the
 * columns when `header` says so, or, with `auto`, when it looks like names (see looksLikeHeader).
 */
export function tableOfGrid(grid: ReadonlyArray<readonly Cell[]>, options: TableOptions): Table {
  const filled = grid.filter((row) => row.some((cell) => !isBlank(cell)));
  const [first] = filled;
  const hasHeader =
    first !== undefined &&
    (options.header === 'yes' || (options.header === 'auto' && looksLikeHeader(first)));
  const body = hasHeader ? filled.slice(1) : filled;
  if (body.length > options.maxRows) throw tooManyRows(options.fileName, options.maxRows);
  const width = Math.max(0, ...filled.map((row) => lastFilled(row) + 1));
  if (width > LIMITS.columns) {
    throw new BlockInputError(
      `"${options.fileName}" has ${formatCount(width)} columns; Extract from File reads at most ${LIMITS.columns}. Remove the columns you do not need and upload it again.`,
    );
  }
  const columns = columnNames(hasHeader ? first! : null, width);
  const rows = body.map((cells) =>
    Object.fromEntries(columns.map((name, i): [string, RowValue] => [name, cells[i] ?? ''])),
  );
  return { columns, rows };
}

function lastFilled(row: readonly Cell[]): number {
  for (let i = row.length - 1; i >= 0; i--) if (!isBlank(row[i])) return i;
  return -1;
}
