import { MAX_TABLE_ROWS } from './table';
import { fieldValueTable, tableOf } from './table-of';

describe('tableOf', () => {
  it('makes columns from the union of record keys in first-seen order', () => {
    expect(
      tableOf([
        { name: 'Ada', age: 36 },
        { name: 'Alan', city: 'London' },
      ]),
    ).toEqual({
      columns: ['name', 'age', 'city'],
      rows: [
        { name: 'Ada', age: 36, city: null },
        { name: 'Alan', age: null, city: 'London' },
      ],
    });
  });

  it('shows nested values as compact JSON', () => {
    expect(tableOf([{ tags: ['a', 'b'], meta: { x: 1 }, ok: true, none: null }])?.rows).toEqual([
      { tags: '["a","b"]', meta: '{"x":1}', ok: true, none: null },
    ]);
  });

  it('uses the single list property of an object as the rows', () => {
    expect(tableOf({ items: [{ sku: 'A1' }, { sku: 'B2' }] })).toEqual({
      columns: ['sku'],
      rows: [{ sku: 'A1' }, { sku: 'B2' }],
    });
    expect(tableOf({ total: 2, results: [{ id: 1 }, { id: 2 }] })?.columns).toEqual(['id']);
  });

  it('shows a plain object as Field / Value, keeping a list of plain values as one cell', () => {
    expect(tableOf({ name: 'Ada', skills: ['maths', 'poetry'] })).toEqual({
      columns: ['Field', 'Value'],
      rows: [
        { Field: 'name', Value: 'Ada' },
        { Field: 'skills', Value: '["maths","poetry"]' },
      ],
    });
  });

  it('shows a list of plain values, or a single value, in one Value column', () => {
    expect(tableOf(['red', 2, false])).toEqual({
      columns: ['Value'],
      rows: [{ Value: 'red' }, { Value: 2 }, { Value: false }],
    });
    expect(tableOf(42)).toEqual({ columns: ['Value'], rows: [{ Value: 42 }] });
  });

  it('reads a list of lists with a text header row, or numbers its columns', () => {
    expect(
      tableOf([
        ['city', 'people'],
        ['Paris', 2],
      ]),
    ).toEqual({ columns: ['city', 'people'], rows: [{ city: 'Paris', people: 2 }] });
    expect(
      tableOf([
        [1, 2],
        [3, 4],
      ]),
    ).toEqual({
      columns: ['Column 1', 'Column 2'],
      rows: [
        { 'Column 1': 1, 'Column 2': 2 },
        { 'Column 1': 3, 'Column 2': 4 },
      ],
    });
  });

  it('reads CSV text per RFC 4180, header first', () => {
    const csv = 'name,quote\r\nAda,"Hello, ""world"""\r\n"Multi\nline",x\r\n';
    expect(tableOf(csv)).toEqual({
      columns: ['name', 'quote'],
      rows: [
        { name: 'Ada', quote: 'Hello, "world"' },
        { name: 'Multi\nline', quote: 'x' },
      ],
    });
  });

  it('reads tab-separated text', () => {
    expect(tableOf('a\tb\n1\t2')).toEqual({ columns: ['a', 'b'], rows: [{ a: '1', b: '2' }] });
  });

  it('reads a Markdown table, ignoring the text around it', () => {
    const text = [
      'Here is the comparison:',
      '',
      '| Plan | Price | Note |',
      '|:-----|------:|------|',
      '| Free | 0 | a \\| b |',
      '| Pro | 10 |',
      '',
      'Let me know if you need more.',
    ].join('\n');
    expect(tableOf(text)).toEqual({
      columns: ['Plan', 'Price', 'Note'],
      rows: [
        { Plan: 'Free', Price: '0', Note: 'a | b' },
        { Plan: 'Pro', Price: '10', Note: null },
      ],
    });
  });

  it('names blank and repeated headers', () => {
    expect(tableOf('a,,a\n1,2,3')?.columns).toEqual(['a', 'Column 2', 'a (2)']);
  });

  it('reads text holding JSON as that value', () => {
    expect(tableOf(' [{"a": 1}] ')).toEqual({ columns: ['a'], rows: [{ a: 1 }] });
  });

  it('shows other text one line per row', () => {
    expect(tableOf('First idea\n\nSecond, with a comma')).toEqual({
      columns: ['Value'],
      rows: [{ Value: 'First idea' }, { Value: 'Second, with a comma' }],
    });
  });

  it('finds nothing in empty values', () => {
    expect(tableOf(undefined)).toBeNull();
    expect(tableOf(null)).toBeNull();
    expect(tableOf('   ')).toBeNull();
  });

  it('gives an empty table for an empty list', () => {
    expect(tableOf([])).toEqual({ columns: [], rows: [] });
  });

  it(`keeps at most ${MAX_TABLE_ROWS} rows`, () => {
    const many = Array.from({ length: 1500 }, (_, i) => ({ n: i }));
    const table = tableOf(many);
    expect(table?.rows).toHaveLength(MAX_TABLE_ROWS);
    expect(table?.rows.at(-1)).toEqual({ n: 999 });
    const csv = ['n', ...Array.from({ length: 1500 }, (_, i) => `${i},x`)].join('\n').replace('n', 'n,m');
    expect(tableOf(csv)?.rows).toHaveLength(MAX_TABLE_ROWS);
  });

  it('keeps property names such as __proto__ as ordinary columns', () => {
    const row = JSON.parse('{"__proto__": "x", "a": 1}') as unknown;
    const table = tableOf([row]);
    expect(table?.columns).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(table?.rows[0])).toBe(Object.prototype);
  });

  it('fieldValueTable lists every property, even lists of records', () => {
    expect(fieldValueTable({ summary: 'Short', items: [{ a: 1 }] })).toEqual({
      columns: ['Field', 'Value'],
      rows: [
        { Field: 'summary', Value: 'Short' },
        { Field: 'items', Value: '[{"a":1}]' },
      ],
    });
  });
});
