import { BlockInputError } from '@blocksmith/block-sdk';
import { tooManyRows, type Table } from './table-of-grid';

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The records a JSON value holds: a list (of records, or of values as `{ value }`), an object's `rows` or one list, or the object itself. */
function recordsOf(value: unknown): Array<Record<string, unknown>> {
  let list: unknown[];
  if (Array.isArray(value)) list = value;
  else if (isRecord(value)) {
    const lists = Object.values(value).filter(Array.isArray);
    list = Array.isArray(value.rows) ? value.rows : lists.length === 1 ? lists[0]! : [value];
  } else list = [value];
  return list.map((item) => (isRecord(item) ? item : { value: item }));
}

function tableOfRecords(records: Array<Record<string, unknown>>, fileName: string, maxRows: number): Table {
  if (records.length > maxRows) throw tooManyRows(fileName, maxRows);
  return { columns: [...new Set(records.flatMap((record) => Object.keys(record)))], rows: records };
}

/** The rows of a JSON file (see recordsOf); values keep their JSON types. */
export function jsonTable(text: string, fileName: string, maxRows: number): Table {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new BlockInputError(
      `"${fileName}" is not valid JSON (${(error as Error).message}). Fix it and upload it again, or name it .jsonl if it holds one JSON value per line.`,
      { cause: error },
    );
  }
  return tableOfRecords(recordsOf(value), fileName, maxRows);
}

/** The rows of a JSON Lines file: one JSON value per non-empty line. */
export function jsonLinesTable(text: string, fileName: string, maxRows: number): Table {
  const records: Array<Record<string, unknown>> = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (records.length === maxRows) throw tooManyRows(fileName, maxRows);
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch (error) {
      throw new BlockInputError(
        `Line ${i + 1} of "${fileName}" is not valid JSON (${(error as Error).message}). JSON Lines files hold one JSON value per line: fix that line and upload the file again.`,
        { cause: error },
      );
    }
    records.push(isRecord(value) ? value : { value });
  }
  return tableOfRecords(records, fileName, maxRows);
}
