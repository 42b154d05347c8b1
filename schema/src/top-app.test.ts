import { orderByTopApp, topAppScore } from './top-app';

describe('topAppScore', () => {
  it('weighs runs 1, upvotes 2 and views 0.2', () => {
    expect(topAppScore({ runs: 3, upvotes: 2, views: 10 })).toBeCloseTo(9);
    expect(topAppScore({ runs: 0, upvotes: 0, views: 0 })).toBe(0);
    expect(topAppScore({ runs: 0, upvotes: 0, views: 3 })).toBeCloseTo(0.6);
  });
});

describe('orderByTopApp', () => {
  const app = (id: string, runs: number, upvotes = 0, views = 0) => ({ id, runs, upvotes, views, name: id });

  it('puts the best-scoring app first and keeps the rest in order', () => {
    const result = orderByTopApp([app('a', 1), app('b', 0, 0, 5), app('c', 2, 1), app('d', 3)]);
    expect(result.apps.map((a) => a.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(result.topAppId).toBe('c');
    expect(result.apps[0]?.name).toBe('c');
  });

  it('keeps the list as it is when the first app is best', () => {
    expect(orderByTopApp([app('a', 9), app('b', 1)]).apps.map((a) => a.id)).toEqual(['a', 'b']);
  });

  it('lets the earliest app win a tie', () => {
    expect(orderByTopApp([app('a', 1), app('b', 0, 1), app('c', 2)]).topAppId).toBe('b');
    expect(orderByTopApp([app('a', 0), app('b', 0)]).topAppId).toBe('a');
  });

  it('has no top app for an empty list', () => {
    expect(orderByTopApp([])).toEqual({ apps: [], topAppId: null });
  });

  it('keeps every app but names no top app when no score is a number', () => {
    const result = orderByTopApp([app('a', NaN), app('b', NaN)]);
    expect(result).toEqual({ apps: [app('a', NaN), app('b', NaN)], topAppId: null });
  });

  it('does not mutate the given list', () => {
    const list = Object.freeze([app('a', 0), app('b', 5)]);
    orderByTopApp(list);
    expect(list.map((a) => a.id)).toEqual(['a', 'b']);
  });
});
