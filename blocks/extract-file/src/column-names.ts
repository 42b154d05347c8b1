/** Cells that look like data rather than a column name: numbers, amounts, percentages, dates. */
const DATA_LIKE = /^[-+]?[$€£¥]?\s*\d[\d\s,.]*%?$|^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/;

/**
 * Whether the first row of a table names its columns: every cell filled, no name repeated, and
 * none of them a number or a date (which a data row has and a header row does not).
 */
export function looksLikeHeader(first: readonly unknown[]): boolean {
  const cells = first.map((cell) => (typeof cell === 'string' ? cell.trim() : cell));
  if (cells.length === 0) return false;
  const texts = cells.filter((cell): cell is string => typeof cell === 'string' && cell !== '');
  if (texts.length !== cells.length) return false;
  if (new Set(texts.map((t) => t.toLowerCase())).size !== texts.length) return false;
  return texts.every((text) => !DATA_LIKE.test(text));
}

/**
 * Column names for a table `width` cells wide: from the header row when there is one (blank or
 * repeated names made unique: `Column 3`, `name (2)`), else `Column 1`, `Column 2`, ...
 */
export function columnNames(header: readonly unknown[] | null, width: number): string[] {
  const names: string[] = [];
  for (let i = 0; i < width; i++) {
    const raw = header?.[i];
    const text = raw === null || raw === undefined ? '' : String(raw).trim();
    const base = text === '' ? `Column ${i + 1}` : text;
    let name = base;
    for (let n = 2; names.includes(name); n++) name = `${base} (${n})`;
    names.push(name);
  }
  return names;
}
