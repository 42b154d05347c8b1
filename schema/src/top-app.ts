export interface AppActivity {
  runs: number;
  upvotes: number;
  views: number;
}

/** runs x 1 + upvotes x 2 + views x 0.2. */
export function topAppScore({ runs, upvotes, views }: AppActivity): number {
  return runs * 1 + upvotes * 2 + views * 0.2;
}

export interface TopAppOrder<T> {
  apps: T[];
  /** Id of the app with the 'Top App' badge; null when no app has a score (empty list, or only NaN). */
  topAppId: string | null;
}

/**
 * Moves the best-scoring app to the front and keeps the others in their given order. On a tie
 * the earliest app wins. Any list with a numeric score has a top app, even when every score is 0.
 */
export function orderByTopApp<T extends AppActivity & { id: string }>(apps: readonly T[]): TopAppOrder<T> {
  let top: T | undefined;
  let best = -Infinity;
  for (const app of apps) {
    const score = topAppScore(app);
    if (score > best) {
      best = score;
      top = app;
    }
  }
  if (top === undefined) return { apps: [...apps], topAppId: null };
  const first = top;
  return { apps: [first, ...apps.filter((app) => app !== first)], topAppId: first.id };
}
