import type { App } from '@blocksmith/schema';
import { byQuality, testedOnly } from './store-quality';

function app(
  name: string,
  quality: { passRate: number | null; cases: number; p95Ms: number | null } | null,
): App {
  return {
    id: name,
    name,
    description: '',
    slug: name,
    category: 'Content',
    isPrivate: false,
    isPublished: true,
    upvotes: 0,
    views: 0,
    uses: 0,
    config: { plugins: [], connections: [], canvas: { zoom: 1, pan: { x: 0, y: 0 } } },
    ...(quality && {
      quality: {
        ...quality,
        creditsPerRun: 1,
        versionNumber: 1,
        testedAt: quality.passRate === null ? null : new Date(0).toISOString(),
      },
    }),
  } as App;
}

describe('store quality', () => {
  const apps = [
    app('untested', null),
    app('public-only', { passRate: null, cases: 0, p95Ms: null }),
    app('half', { passRate: 50, cases: 10, p95Ms: 100 }),
    app('all-few', { passRate: 100, cases: 3, p95Ms: 900 }),
    app('all-many', { passRate: 100, cases: 20, p95Ms: 900 }),
    app('all-many-fast', { passRate: 100, cases: 20, p95Ms: 100 }),
  ];

  it('orders by pass rate, then cases, then the faster p95, untested last', () => {
    expect(byQuality(apps).map((a) => a.name)).toEqual([
      'all-many-fast',
      'all-many',
      'all-few',
      'half',
      'untested',
      'public-only',
    ]);
  });

  it('keeps only tested apps', () => {
    expect(testedOnly(apps).map((a) => a.name)).not.toContain('untested');
    expect(testedOnly(apps).map((a) => a.name)).not.toContain('public-only');
    expect(testedOnly(apps)).toHaveLength(4);
  });
});
