import type { Cell, Table } from './table';

/** Text a spreadsheet would run as a formula (or that hides one behind a tab or line break). */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(cell: Cell): string {
  if (cell === null) return '';
  let text = String(cell);
  // Numbers are written as numbers; only text can smuggle in a formula.
  if (typeof cell === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The table as RFC 4180 CSV: header line first, CRLF line ends, fields quoted when they hold a comma,
 * a quote or a line break. Text starting with = + - @ (or a tab or carriage return) is prefixed with
 * a single quote so spreadsheets show it instead of running it.
 */
export function tableCsv(table: Table): string {
  const lines = [table.columns, ...table.rows.map((row) => table.columns.map((name) => row[name] ?? null))];
  return lines.map((line) => `${line.map(csvField).join(',')}\r\n`).join('');
}
