import type ExcelJS from 'exceljs';
import { BlockInputError, joinList } from '@blocksmith/block-sdk';
import { tooManyRows, type Cell } from './table-of-grid';

export interface SheetGrid {
  /** The sheet read. */
  sheet: string;
  grid: Cell[][];
}

function isoDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** A cell as a person reads it: a formula's result, a link's text, rich text as plain text. */
function cellOf(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return isoDate(value);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('error' in value) return value.error;
  if ('formula' in value || 'sharedFormula' in value) {
    const { result } = value as ExcelJS.CellFormulaValue;
    return result === undefined ? null : cellOf(result);
  }
  if ('text' in value) return typeof value.text === 'string' ? value.text.trim() : null;
  return null;
}

/**
 * The cells of one sheet of an XLSX workbook (exceljs): `sheet` by name, or the first one. A sheet
 * with more than `maxRows` rows besides a header is refused before its rows are read.
 */
export async function spreadsheetGrid(
  data: Uint8Array,
  options: { fileName: string; sheet: string; maxRows: number },
): Promise<SheetGrid> {
  // Loaded on the first spreadsheet read, not with the block: it is a large library.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    // A copy: exceljs may keep parts of what it is given, and the kept file stays intact.
    await workbook.xlsx.load(new Uint8Array(data).buffer);
  } catch (error) {
    throw new BlockInputError(
      `"${options.fileName}" could not be read as an Excel workbook; it may be damaged or password-protected. Save it again as .xlsx and upload the new file.`,
      { cause: error },
    );
  }
  const names = workbook.worksheets.map((sheet) => sheet.name);
  const wanted = options.sheet.trim();
  const worksheet =
    wanted === ''
      ? workbook.worksheets[0]
      : workbook.worksheets.find((sheet) => sheet.name.toLowerCase() === wanted.toLowerCase());
  if (worksheet === undefined) {
    throw new BlockInputError(
      wanted === ''
        ? `"${options.fileName}" has no sheets.`
        : `"${options.fileName}" has no sheet named "${wanted}". Its sheets: ${joinList(names.map((n) => `"${n}"`))}.`,
    );
  }
  if (worksheet.actualRowCount > options.maxRows + 1) throw tooManyRows(options.fileName, options.maxRows);
  const grid: Cell[][] = [];
  worksheet.eachRow({ includeEmpty: false }, (row) => {
    const values = Array.isArray(row.values) ? row.values : [];
    // exceljs counts columns from 1: values[0] is always empty.
    grid.push(Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellOf(values[i + 1])));
  });
  return { sheet: worksheet.name, grid };
}
