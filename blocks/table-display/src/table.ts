/** One table cell: text, a number, on/off, or empty. Nested values are shown as compact JSON text. */
export type Cell = string | number | boolean | null;

/** A row holds a cell for every column, keyed by the column name, in column order. */
export type Row = Record<string, Cell>;

export interface Table {
  columns: string[];
  rows: Row[];
}

/** Tables show (and download) at most this many rows; the rest are left out. */
export const MAX_TABLE_ROWS = 1000;
