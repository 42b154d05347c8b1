import { tableCsv } from './table-csv';

describe('tableCsv', () => {
  it('writes a header line and CRLF-ended rows, quoting only where needed', () => {
    const csv = tableCsv({
      columns: ['name', 'note', 'n', 'ok'],
      rows: [
        { name: 'Ada', note: 'Says "hi", then\nleaves', n: 3, ok: true },
        { name: 'Alan', note: null, n: -2.5, ok: false },
      ],
    });
    expect(csv).toBe('name,note,n,ok\r\nAda,"Says ""hi"", then\nleaves",3,true\r\nAlan,,-2.5,false\r\n');
  });

  it('prefixes text that a spreadsheet would run as a formula with a single quote', () => {
    const csv = tableCsv({
      columns: ['=cmd'],
      rows: [
        { '=cmd': '=1+1' },
        { '=cmd': '+SUM(A1)' },
        { '=cmd': '-2+3' },
        { '=cmd': '@x' },
        { '=cmd': '\tx' },
      ],
    });
    expect(csv.split('\r\n')).toEqual(["'=cmd", "'=1+1", "'+SUM(A1)", "'-2+3", "'@x", "'\tx", '']);
  });

  it('quotes a prefixed cell that also needs quoting', () => {
    expect(tableCsv({ columns: ['a'], rows: [{ a: '=HYPERLINK("x", "y")' }] })).toBe(
      'a\r\n"\'=HYPERLINK(""x"", ""y"")"\r\n',
    );
  });
});
