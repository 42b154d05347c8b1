import { MAX_TABLE_ROWS, type Cell, type Row, type Table } from './table';
import { textTableRows } from './text-table-rows';

type Entries = [string, unknown][];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function cellOf(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  return JSON.stringify(value) ?? String(value);
}

/** Builds the table from rows given as entries; columns are the union of names in first-seen order. */
function tableFromEntries(rows: Entries[], columns: string[] = []): Table {
  const seen = new Set(columns);
  for (const row of rows) {
    for (const [name] of row) {
      if (!seen.has(name)) {
        seen.add(name);
        columns.push(name);
      }
    }
  }
  return {
    columns,
    rows: rows.map((row) => {
      const cells = new Map(row.map(([name, value]) => [name, cellOf(value)]));
      return Object.fromEntries(columns.map((name) => [name, cells.get(name) ?? null])) as Row;
    }),
  };
}

/** Header names that are not blank and not repeated. */
function uniqueNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw, i) => {
    const base = raw.trim() === '' ? `Column ${i + 1}` : raw.trim();
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base} (${n})`;
    used.add(name);
    return name;
  });
}

/**
 * A grid of cells. Text tables always start with their header; a list of lists does when every
 * cell of its first row is text, otherwise its columns are named `Column 1`, `Column 2`...
 */
function tableFromGrid(grid: readonly (readonly unknown[])[], header: 'first row' | 'if text'): Table {
  const first = grid[0] ?? [];
  const hasHeader =
    header === 'first row' ||
    (grid.length > 1 && first.every((c) => typeof c === 'string' && c.trim() !== ''));
  const width = hasHeader ? first.length : Math.max(0, ...grid.map((row) => row.length));
  const names = Array.from({ length: width }, (_, i) => (hasHeader ? String(first[i] ?? '') : ''));
  const columns = uniqueNames(names);
  const body = (hasHeader ? grid.slice(1) : grid).slice(0, MAX_TABLE_ROWS);
  return tableFromEntries(
    body.map((row) => columns.map((name, i): [string, unknown] => [name, row[i] ?? null])),
    columns,
  );
}

function tableFromList(items: readonly unknown[]): Table {
  if (items.length > 0 && items.every(Array.isArray)) return tableFromGrid(items as unknown[][], 'if text');
  return tableFromEntries(
    items.slice(0, MAX_TABLE_ROWS).map((item) => (isRecord(item) ? Object.entries(item) : [['Value', item]])),
  );
}

/** A two-column table: each property's name under Field and its value under Value. */
export function fieldValueTable(value: Readonly<Record<string, unknown>>): Table {
  return tableFromEntries(
    Object.entries(value)
      .slice(0, MAX_TABLE_ROWS)
      .map(([name, v]) => [
        ['Field', name],
        ['Value', v],
      ]),
    ['Field', 'Value'],
  );
}

/** An object whose one list holds the rows (alone, or as a list of records) shows that list. */
function tableFromObject(value: Record<string, unknown>): Table {
  const entries = Object.entries(value);
  const lists = entries.filter(([, v]) => Array.isArray(v));
  const list = lists.length === 1 ? (lists[0]![1] as unknown[]) : null;
  if (list && (entries.length === 1 || (list.length > 0 && list.every(isRecord)))) return tableFromList(list);
  return fieldValueTable(value);
}

function tableFromText(text: string): Table | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (/^[[{]/.test(trimmed)) {
    try {
      return tableOf(JSON.parse(trimmed) as unknown);
    } catch {
      // Not JSON after all: read it as text below.
    }
  }
  const grid = textTableRows(trimmed);
  if (grid) return tableFromGrid(grid, 'first row');
  const lines = trimmed.split(/\r?\n/).filter((line) => line.trim() !== '');
  return tableFromEntries(lines.slice(0, MAX_TABLE_ROWS).map((line) => [['Value', line.trim()]]));
}

/**
 * Rows and columns for a value a block produced: a list of records, an object holding such a list,
 * any other object (Field / Value), a list of plain values (Value), or text holding JSON, a Markdown
 * table or CSV. At most MAX_TABLE_ROWS rows. Null when there is nothing to show.
 */
export function tableOf(value: unknown): Table | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return tableFromText(value);
  if (Array.isArray(value)) return tableFromList(value);
  if (isRecord(value)) return tableFromObject(value);
  return tableFromEntries([[['Value', value]]]);
}
