import { delimitedRows } from './delimited-rows';

const SEPARATOR = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/;

function markdownCells(line: string): string[] {
  let inner = line.trim();
  if (inner.startsWith('|')) inner = inner.slice(1);
  if (inner.endsWith('|') && !inner.endsWith('\\|')) inner = inner.slice(0, -1);
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

/** The first Markdown table in the text (header, `---` separator, rows), ignoring any text around it. */
function markdownRows(text: string): string[][] | null {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  for (let i = 0; i + 1 < lines.length; i++) {
    const header = lines[i]!;
    const separator = lines[i + 1]!;
    if (!header.includes('|') || !separator.includes('|') || !SEPARATOR.test(separator)) continue;
    const rows = [markdownCells(header)];
    for (const line of lines.slice(i + 2)) {
      if (!line.includes('|')) break;
      rows.push(markdownCells(line));
    }
    return rows;
  }
  return null;
}

/** Comma- or tab-separated text whose every line has the header's number of fields (two or more). */
function csvRows(text: string): string[][] | null {
  for (const delimiter of ['\t', ',']) {
    const rows = delimitedRows(text, delimiter);
    const width = rows?.[0]?.length ?? 0;
    if (rows && rows.length >= 2 && width >= 2 && rows.every((row) => row.length === width)) return rows;
  }
  return null;
}

/**
 * Rows of text written as a table: a Markdown table or CSV (comma- or tab-separated), header first.
 * Null when the text is not a table.
 */
export function textTableRows(text: string): string[][] | null {
  return markdownRows(text) ?? csvRows(text);
}
