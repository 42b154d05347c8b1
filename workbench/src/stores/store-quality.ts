import type { App } from '@blocksmith/schema';
import { qualityOf, testedQuality } from '../api/app-tests';

/** How the store's cards are ordered. */
export type StoreSort = 'upvotes' | 'quality';

/**
 * Cards by tested quality: pass rate, then cases, then the faster p95; untested apps last (those
 * only the public has run too), in the order they came (most upvoted first).
 */
export function byQuality<T extends App>(apps: readonly T[]): T[] {
  const score = (app: T) => {
    const quality = testedQuality(qualityOf(app));
    return quality ? [1, quality.passRate, quality.cases, -(quality.p95Ms ?? Infinity)] : [0, 0, 0, 0];
  };
  return [...apps].sort((a, b) => {
    const [x, y] = [score(a), score(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return y[i]! - x[i]!;
    return 0;
  });
}

/** Only apps whose live version has a finished test run (public runs alone do not count). */
export function testedOnly<T extends App>(apps: readonly T[]): T[] {
  return apps.filter((app) => testedQuality(qualityOf(app)) !== null);
}
