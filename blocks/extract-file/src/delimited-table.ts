import Papa from 'papaparse';
import { BlockInputError } from '@blocksmith/block-sdk';
import { tableOfGrid, type Table, type TableOptions } from './table-of-grid';

/**
 * The rows of CSV or tab-separated text (RFC 4180 quoting, through papaparse). A CSV's separator
 * (comma, semicolon, tab or |) is detected from the text; a TSV's is the tab. Reading stops just past
 * "Most rows", so a long file is refused without being read whole.
 */
export function delimitedTable(text: string, kind: 'csv' | 'tsv', options: TableOptions): Table {
  const parsed = Papa.parse<string[]>(text, {
    delimiter: kind === 'tsv' ? '\t' : '',
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: 'greedy',
    // The header row, the rows asked for, and one more to tell that there were more.
    preview: options.maxRows + 2,
  });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    const line = broken.row === undefined ? '' : ` (row ${broken.row + 1})`;
    throw new BlockInputError(
      `"${options.fileName}" is not valid ${kind.toUpperCase()}: a quoted cell is never closed${line}. Fix the quotes and upload it again.`,
    );
  }
  const grid = parsed.data.map((row) => row.map((cell) => cell.trim()));
  return tableOfGrid(grid, options);
}
