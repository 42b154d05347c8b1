import type { CreditHistoryEntry } from '@blocksmith/schema';
import { CatalogueStore } from './catalogue-store';
import { CreditHistoryStore } from './credit-history-store';
import { CreditsStore } from './credits-store';
import { FakeApi } from '../testing/fake-api';

/** `n` charges, newest first, alternating builder tests and published runs. */
function history(n: number): CreditHistoryEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    _id: `entry-${i}`,
    block_type: i % 3 === 0 ? 'image_generation' : 'text_generation',
    action_type: i % 2 === 0 ? 'test_execution' : 'published',
    timestamp: new Date(Date.UTC(2025, 2, 1, 12, 0) - i * 60_000).toISOString(),
    credits_used: i % 3 === 0 ? 5 : 1,
  }));
}

async function setup() {
  const api = new FakeApi();
  api.history = history(45);
  const catalogue = new CatalogueStore(api);
  await catalogue.load();
  return { api, catalogue, credits: new CreditsStore(api, catalogue) };
}

describe('CreditsStore recent usage', () => {
  it('reads the history with the size the spec gives when shown, and lists the newest 5', async () => {
    const { api, credits } = await setup();
    await credits.refresh();
    expect(api.calls).not.toContain('creditHistory');

    const hide = credits.showHistory();
    await credits.loadHistory();
    expect(api.historyLimits.every((limit) => limit === 10)).toBe(true);
    expect(credits.recentUsage).toHaveLength(5);
    expect(credits.recentUsage![0]).toMatchObject({
      id: 'entry-0',
      action: 'Test',
      published: false,
      block: 'Image AI',
      credits: '5 credit(s)',
    });
    expect(credits.recentUsage![1]).toMatchObject({
      action: 'Published',
      block: 'Text AI',
      credits: '1 credit(s)',
    });

    // A run later: the balance and the list are read again while the panel shows it.
    api.history = [
      {
        _id: 'new',
        block_type: 'text_generation',
        action_type: 'published',
        timestamp: '2025-03-02T09:00:00.000Z',
        credits_used: 1,
      },
      ...api.history,
    ];
    await credits.refresh();
    await credits.loadHistory();
    expect(credits.recentUsage![0]!.id).toBe('new');

    hide();
    const asked = api.historyLimits.length;
    await credits.refresh();
    expect(api.historyLimits).toHaveLength(asked);
  });

  it('shows a block kind the catalogue lacks by its history name, and forgets the list on sign-out', async () => {
    const { api, credits } = await setup();
    api.history = [
      {
        _id: 'x',
        block_type: 'yc_pitch_scorer',
        action_type: 'published',
        timestamp: '2025-03-02T09:00:00.000Z',
        credits_used: 3,
      },
    ];
    credits.showHistory();
    await credits.loadHistory();
    expect(credits.recentUsage![0]).toMatchObject({ block: 'yc_pitch_scorer', credits: '3 credit(s)' });
    credits.clear();
    expect(credits.recentUsage).toBeNull();
  });

  it('waits for the catalogue before listing, so a row never shows a history name in place of the block name', async () => {
    const api = new FakeApi();
    api.history = history(3);
    const catalogue = new CatalogueStore(api);
    const credits = new CreditsStore(api, catalogue);
    credits.showHistory();
    expect(catalogue.state).toBe('loading');
    await credits.loadHistory();
    expect(credits.history).toHaveLength(3);
    expect(credits.recentUsage).toBeNull();
    await catalogue.load();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(catalogue.state).toBe('ready');
    expect(credits.recentUsage![1]).toMatchObject({ block: 'Text AI' });
  });

  it('says so when the usage cannot be read', async () => {
    const { api, credits } = await setup();
    api.failNext.creditHistory = new Error('');
    credits.showHistory();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(credits.historyError).toBe('Usage could not be loaded.');
  });
});

describe('CreditHistoryStore', () => {
  it('pages through every charge 20 at a time, with the totals', async () => {
    const { api, catalogue } = await setup();
    const store = new CreditHistoryStore(api, catalogue);
    await store.open();
    expect(store.rows).toHaveLength(20);
    expect(store.rows![0]).toMatchObject({ id: 'entry-0', action: 'Test', block: 'Image AI' });
    expect(store.stats).toEqual({ totalCreditsUsed: 15 * 5 + 30, totalExecutions: 45 });
    await store.pages.older();
    expect(store.rows![0]!.id).toBe('entry-20');
    await store.pages.older();
    expect(store.rows!.map((row) => row.id)).toEqual([
      'entry-40',
      'entry-41',
      'entry-42',
      'entry-43',
      'entry-44',
    ]);
    expect(store.pages.hasOlder).toBe(false);
    await store.pages.newer();
    expect(store.rows![0]!.id).toBe('entry-20');
  });
});
