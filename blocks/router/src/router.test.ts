import { runBlock } from '@blocksmith/block-sdk/testing';
import { routePorts } from '@blocksmith/schema';
import { router } from './router';

describe('router', () => {
  it('offers one route per line plus the default route, and costs nothing', () => {
    expect(router.cost).toBe(0);
    expect(routePorts(router.routes!, { routes: 'Sales\n\n Support \nSales' })).toEqual([
      'Sales',
      'Support',
      'default',
    ]);
  });

  it('routes by a classification’s category', async () => {
    const answer = { category: 'negative', sentiment: 'negative', confidence: 0.8 };
    const { routes, outputs } = await runBlock(router, { upstream: { classification: answer } });
    expect(routes).toEqual(['Negative']);
    expect(outputs).toEqual({ routed_value: answer, route: 'Negative' });
    expect((await runBlock(router, { upstream: { classified_category: 'Positive' } })).routes).toEqual([
      'Positive',
    ]);
  });

  it('takes the default route when nothing matches', async () => {
    const { routes, outputs } = await runBlock(router, { upstream: { c: 'Mixed' } });
    expect(routes).toEqual(['default']);
    expect(outputs.route).toBe('default');
  });

  it('routes by a value containing a route name, in any case or exactly', async () => {
    const settings = { routes: 'refund\ninvoice', source: 'value', match: 'contains' };
    expect((await runBlock(router, { upstream: { t: 'Please REFUND me' }, settings })).routes).toEqual([
      'refund',
    ]);
    expect(
      (
        await runBlock(router, {
          upstream: { t: 'Please REFUND me' },
          settings: { ...settings, ignore_case: false },
        })
      ).routes,
    ).toEqual(['default']);
  });

  it('refuses a route called like the default route, or listed twice', async () => {
    await expect(runBlock(router, { settings: { routes: 'Default' } })).rejects.toThrow(
      '"Default" is the default route\'s name: call that route something else.',
    );
    await expect(runBlock(router, { settings: { routes: 'a\nA' } })).rejects.toThrow(
      'The route "A" is listed twice.',
    );
  });
});
