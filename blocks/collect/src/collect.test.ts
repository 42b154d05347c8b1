import type { GatheredItem } from '@blocksmith/block-sdk';
import { runBlock } from '@blocksmith/block-sdk/testing';
import { collect } from './collect';

const upstream = (name: string, value: unknown) => ({ nodeId: `n_${name}`, kind: 'k', name, value });
const gathered: GatheredItem[] = [
  { index: 0, item: 'apples', upstream: [upstream('generated_text', 'Red')] },
  { index: 2, item: 'plums', upstream: [upstream('generated_text', 'Purple')] },
];

describe('collect', () => {
  it('ends a loop and costs nothing', () => {
    expect(collect.endsLoop).toBe(true);
    expect(collect.cost).toBe(0);
  });

  it('gathers what each item gave into a list, in item order', async () => {
    expect((await runBlock(collect, { gathered })).outputs).toEqual({
      collected: ['Red', 'Purple'],
      collected_count: 2,
    });
  });

  it('gathers several connected values per item by their names', async () => {
    const both: GatheredItem[] = [
      {
        index: 0,
        item: 'x',
        upstream: [upstream('generated_text', 'A'), upstream('classified_category', 'B')],
      },
    ];
    expect((await runBlock(collect, { gathered: both })).outputs.collected).toEqual([
      { generated_text: 'A', classified_category: 'B' },
    ]);
  });

  it('makes a table: a record’s fields, or the value under its name, with the item if asked', async () => {
    const rows: GatheredItem[] = [
      {
        index: 0,
        item: { name: 'Ada' },
        upstream: [upstream('extracted_data', { email: 'ada@x.org', phone: null })],
      },
      {
        index: 1,
        item: { name: 'Alan' },
        upstream: [upstream('extracted_data', { email: 'alan@x.org', phone: '1' })],
      },
    ];
    expect(
      (await runBlock(collect, { gathered: rows, settings: { format: 'table' } })).outputs.collected,
    ).toEqual([
      { email: 'ada@x.org', phone: null },
      { email: 'alan@x.org', phone: '1' },
    ]);
    const withItem = await runBlock(collect, { gathered, settings: { format: 'Table', include_item: true } });
    expect(withItem.outputs.collected).toEqual([
      { item: 'apples', generated_text: 'Red' },
      { item: 'plums', generated_text: 'Purple' },
    ]);
  });

  it('joins the results as text', async () => {
    const { outputs } = await runBlock(collect, { gathered, settings: { format: 'text' } });
    expect(outputs.collected).toBe('Red\n\nPurple');
  });

  it('leaves out the items in which a block failed while the run went on', async () => {
    const withFailure: GatheredItem[] = [
      gathered[0]!,
      {
        index: 1,
        item: 'pears',
        upstream: [upstream('generated_text', 'Error: timed out')],
        error: 'Text AI failed: timed out',
      },
      gathered[1]!,
    ];
    expect(
      (await runBlock(collect, { gathered: withFailure, settings: { format: 'table' } })).outputs,
    ).toEqual({
      collected: [{ generated_text: 'Red' }, { generated_text: 'Purple' }],
      collected_count: 2,
    });
  });

  it('gathers an empty list from a loop over no items', async () => {
    expect((await runBlock(collect)).outputs).toEqual({ collected: [], collected_count: 0 });
  });
});
