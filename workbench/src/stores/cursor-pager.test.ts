import { CursorPager } from './cursor-pager';

/** 45 numbers, newest (44) first, 20 a page; the cursor is a page's last number. */
function numbers() {
  const all = Array.from({ length: 45 }, (_, i) => 44 - i);
  const asked: Array<string | null> = [];
  const pager = new CursorPager<number>(async (cursor) => {
    asked.push(cursor);
    const start = cursor === null ? 0 : all.indexOf(Number(cursor)) + 1;
    const items = all.slice(start, start + 20);
    return { items, nextCursor: start + 20 < all.length ? String(items.at(-1)) : null };
  }, 'Could not load.');
  return { pager, asked };
}

describe('CursorPager', () => {
  it('goes older by the cursor of each page and newer along the cursors seen', async () => {
    const { pager, asked } = numbers();
    await pager.first();
    expect(pager.items[0]).toBe(44);
    expect(pager).toMatchObject({ pageNumber: 1, hasNewer: false, hasOlder: true });
    await pager.older();
    expect(pager.items[0]).toBe(24);
    await pager.older();
    expect(pager.items).toEqual([4, 3, 2, 1, 0]);
    expect(pager).toMatchObject({ pageNumber: 3, hasOlder: false, hasNewer: true });
    await pager.older();
    expect(pager.pageNumber).toBe(3);
    await pager.newer();
    expect(pager.items[0]).toBe(24);
    expect(asked).toEqual([null, '25', '5', '25']);
  });

  it('keeps the newest answer when pages are asked for quickly', async () => {
    const releases: Array<() => void> = [];
    const pager = new CursorPager<string>(
      (cursor) =>
        new Promise((resolve) => {
          releases.push(() => resolve({ items: [`page after ${cursor}`], nextCursor: 'x' }));
        }),
      'Could not load.',
    );
    const first = pager.first();
    const second = pager.first(async () => ({ items: ['filtered'], nextCursor: null }));
    await second;
    releases[0]!();
    await first;
    expect(pager.items).toEqual(['filtered']);
  });

  it('says why a page could not be read, and reads it again', async () => {
    let fail = true;
    const pager = new CursorPager<number>(async () => {
      if (fail) throw new Error('The server is busy.');
      return { items: [1], nextCursor: null };
    }, 'Could not load.');
    await pager.first();
    expect(pager.error).toBe('The server is busy.');
    fail = false;
    await pager.reload();
    expect(pager).toMatchObject({ error: '', items: [1], loaded: true });
  });
});
