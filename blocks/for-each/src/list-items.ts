import { BlockInputError } from '@blocksmith/block-sdk';

export const SPLITS = [
  { value: 'auto', label: 'Automatic' },
  { value: 'lines', label: 'Lines of text' },
  { value: 'json', label: 'JSON array' },
  { value: 'table', label: 'Rows of a table or CSV' },
] as const;

export type Split = (typeof SPLITS)[number]['value'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The list an object holds: its `rows`, or its one list. */
function listIn(value: Record<string, unknown>): unknown[] | null {
  if (Array.isArray(value.rows)) return value.rows;
  const lists = Object.values(value).filter(Array.isArray);
  return lists.length === 1 ? lists[0]! : null;
}

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function jsonList(value: unknown): unknown[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      throw new BlockInputError('The connected value is not JSON: connect a block that gives a JSON array.');
    }
  }
  if (Array.isArray(parsed)) return parsed;
  const list = isRecord(parsed) ? listIn(parsed) : null;
  if (list) return list;
  throw new BlockInputError('The connected value is not a JSON array (nor an object holding one list).');
}

/** Cells of one CSV or tab-separated line set, quotes and all (RFC 4180). */
export function delimitedRows(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

/** A Markdown table's cells, without its separator line; null when the text is not one. */
function markdownRows(text: string): string[][] | null {
  const all = lines(text);
  if (all.length < 2 || !all.every((line) => line.startsWith('|'))) return null;
  return all
    .filter((line) => !/^\|[\s:|-]+\|?$/.test(line))
    .map((line) =>
      line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim()),
    );
}

/** Records keyed by the header row's names (blank or repeated names made unique). */
function records(grid: string[][]): Record<string, string>[] {
  const [header = [], ...body] = grid;
  const names: string[] = [];
  header.forEach((raw, i) => {
    const base = raw.trim() === '' ? `Column ${i + 1}` : raw.trim();
    let name = base;
    for (let n = 2; names.includes(name); n++) name = `${base} (${n})`;
    names.push(name);
  });
  return body.map((cells) => Object.fromEntries(names.map((name, i) => [name, (cells[i] ?? '').trim()])));
}

function tableRows(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value)) {
    const list = listIn(value);
    if (list) return list;
  }
  if (typeof value !== 'string' || value.trim() === '') {
    if (value === undefined || value === null || value === '') return [];
    throw new BlockInputError('The connected value is not a table: connect CSV text or a list of rows.');
  }
  const text = value.trim();
  if (text.startsWith('[') || text.startsWith('{')) return jsonList(text);
  return records(markdownRows(text) ?? delimitedRows(text));
}

/**
 * The items a loop goes through: each line of text, each element of a JSON array, or each row of
 * a table (a list of rows, CSV or tab-separated text with a header line, or a Markdown table).
 * `auto` takes a list as it is, text starting with `[` as JSON, and other text line by line.
 */
export function listItems(value: unknown, split: Split): unknown[] {
  if (value === undefined || value === null) return [];
  switch (split) {
    case 'lines':
      return Array.isArray(value) ? value : lines(typeof value === 'string' ? value : JSON.stringify(value));
    case 'json':
      return jsonList(value);
    case 'table':
      return tableRows(value);
    case 'auto': {
      if (Array.isArray(value)) return value;
      if (isRecord(value)) return listIn(value) ?? [value];
      const text = String(value).trim();
      if (text.startsWith('[')) {
        try {
          return jsonList(text);
        } catch {
          // Not JSON after all: one item per line.
        }
      }
      return lines(text);
    }
  }
}
