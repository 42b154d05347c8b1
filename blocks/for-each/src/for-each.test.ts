import { runBlock } from '@blocksmith/block-sdk/testing';
import { forEach } from './for-each';
import { delimitedRows, listItems } from './list-items';

describe('forEach', () => {
  it('declares a loop over its items output, with its limits as settings, and costs nothing', () => {
    expect(forEach.loop).toEqual({ items: 'items', maxItems: 'max_items', concurrency: 'concurrency' });
    expect(forEach.cost).toBe(0);
    expect(Object.keys(forEach.outputs)[0]).toBe('item');
  });

  it('refuses a file’s link instead of finding no items, saying to read the file first', async () => {
    const advice =
      'For Each receives a file: add an Extract from File block between the block that gives {{file_url}} and For Each.';
    for (const link of [
      '/files/7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b',
      ' /files/7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b?expires=1700000000&signature=abc ',
      'https://blocks.example.com/files/7f1c2a9e-3b4d-4e5f-8a6b-1c2d3e4f5a6b',
    ]) {
      for (const split of ['table', 'auto', 'lines']) {
        await expect(
          runBlock(forEach, { upstream: { file_url: link }, settings: { split } }),
        ).rejects.toThrow(advice);
      }
    }
    // Text that merely mentions a path is text: one item per line.
    const { outputs } = await runBlock(forEach, { upstream: { t: 'see /files/abc\nand more' } });
    expect(outputs.items).toEqual(['see /files/abc', 'and more']);
  });

  it('goes through the lines of text, leaving blank lines out', async () => {
    const { outputs } = await runBlock(forEach, { upstream: { input_text: 'apples\n\n  pears \nplums\n' } });
    expect(outputs).toEqual({ item: null, items: ['apples', 'pears', 'plums'], item_count: 3 });
  });

  it('goes through a JSON array, given as a list or as text', async () => {
    const list = [{ name: 'Ada' }, { name: 'Alan' }];
    expect((await runBlock(forEach, { upstream: { data: list } })).outputs.items).toEqual(list);
    expect(
      (await runBlock(forEach, { upstream: { t: '[1, "two", null]' }, settings: { split: 'json' } })).outputs
        .items,
    ).toEqual([1, 'two', null]);
    expect(listItems({ results: ['a', 'b'], total: 2 }, 'json')).toEqual(['a', 'b']);
    await expect(
      runBlock(forEach, { upstream: { t: 'not json' }, settings: { split: 'JSON array' } }),
    ).rejects.toThrow('The connected value is not JSON: connect a block that gives a JSON array.');
  });

  it('goes through the rows of a table: CSV, tab-separated, Markdown, or a list of rows', async () => {
    const csv = 'name,city\n"Lovelace, Ada",London\nTuring,"Wilmslow ""UK"""\n';
    const { outputs } = await runBlock(forEach, { upstream: { t: csv }, settings: { split: 'table' } });
    expect(outputs.items).toEqual([
      { name: 'Lovelace, Ada', city: 'London' },
      { name: 'Turing', city: 'Wilmslow "UK"' },
    ]);
    expect(listItems('a\tb\n1\t2', 'table')).toEqual([{ a: '1', b: '2' }]);
    expect(listItems('| x | y |\n|---|---|\n| 1 | 2 |', 'table')).toEqual([{ x: '1', y: '2' }]);
    expect(listItems({ columns: ['x'], rows: [{ x: 1 }] }, 'table')).toEqual([{ x: 1 }]);
    expect(delimitedRows('a,b\r\n"multi\nline",2')).toEqual([
      ['a', 'b'],
      ['multi\nline', '2'],
    ]);
  });

  it('keeps to the most items, and says how many it left out', async () => {
    const { outputs, progress } = await runBlock(forEach, {
      upstream: { t: 'a\nb\nc\nd' },
      settings: { max_items: 2 },
    });
    expect(outputs).toMatchObject({ items: ['a', 'b'], item_count: 2 });
    expect(progress).toEqual(['Found 4 items; going through the first 2 (Most items).']);
  });

  it('goes through nothing when nothing is connected or the text is empty', async () => {
    expect((await runBlock(forEach)).outputs.items).toEqual([]);
    expect((await runBlock(forEach, { upstream: { t: '  ' } })).outputs.items).toEqual([]);
    expect(listItems(null, 'table')).toEqual([]);
  });
});
