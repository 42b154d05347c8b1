import type { BlockCatalogueEntry } from '@blocksmith/schema';
import { upstreamFields, type SeenBlock } from './variable-fields';

type Entry = Pick<BlockCatalogueEntry, 'outputs' | 'flow'>;

const forEachEntry: Entry = {
  outputs: [
    { name: 'item', type: 'json' },
    { name: 'items', type: 'json' },
  ],
  flow: { loop: { items: 'items', maxItems: 'max_items', concurrency: 'concurrency' } },
} as Entry;
const httpEntry: Entry = { outputs: [{ name: 'http_response', type: 'json' }] } as Entry;

describe('upstreamFields', () => {
  it('lists the fields a run showed: a loop item’s, a response’s, none before a run', () => {
    const seen: Record<string, SeenBlock> = {
      each: {
        entry: forEachEntry,
        outputs: { item: null, items: [{ name: 'Ada', email: 'a@b.c' }, { name: 'Alan' }] },
      },
      call: { entry: httpEntry, outputs: { http_response: { status: 200, body: '{"id": 7}' } } },
      later: { entry: httpEntry, outputs: undefined },
    };
    const upstream = [
      { nodeId: 'each', name: 'item' },
      { nodeId: 'call', name: 'http_response' },
      { nodeId: 'later', name: 'http_response_2' },
    ];
    expect(upstreamFields(upstream, (id) => seen[id]!)).toEqual([
      'item.name',
      'item.email',
      'http_response.status',
      'http_response.body',
      'http_response.body.id',
    ]);
  });
});
