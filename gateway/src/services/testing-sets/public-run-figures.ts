import type { DataSource } from 'typeorm';

/** How many of a version's latest public runs the store's figures are taken over. */
export const PUBLIC_RUNS_WINDOW = 1000;

/** Latency and cost of a live version as the public runs it: no inputs, no answers. */
export interface PublicRunFigures {
  /** The succeeded runs counted (the latest `PUBLIC_RUNS_WINDOW` at most). */
  runs: number;
  p95Ms: number | null;
  creditsPerRun: number | null;
}

/**
 * The latest succeeded runs of the version by anyone but its owner, not test runs: one query on
 * the `runs_app_status` index (app, status, newest first), stopped after the window. p95 is the
 * nearest rank, as a test run's; credits per run is the runs' stored price, to 2 decimals.
 */
const FIGURES_SQL = `
SELECT count(*)::int AS runs,
       percentile_disc(0.95) WITHIN GROUP (ORDER BY r.ms) AS p95,
       COALESCE(sum(r.cost), 0)::bigint AS credits
  FROM (SELECT round(extract(epoch FROM (finished_at - created_at)) * 1000)::int AS ms, cost
          FROM runs
         WHERE app_id = $1 AND status = 'succeeded' AND version_id = $2
           AND source <> 'test' AND user_id <> $3 AND finished_at IS NOT NULL
         ORDER BY created_at DESC
         LIMIT ${PUBLIC_RUNS_WINDOW}) r`;

export async function publicRunFigures(
  dataSource: DataSource,
  app: { id: string; ownerId: string; versionId: string },
): Promise<PublicRunFigures | null> {
  const [row] = (await dataSource.query(FIGURES_SQL, [app.id, app.versionId, app.ownerId])) as {
    runs: number;
    p95: number | string | null;
    credits: number | string;
  }[];
  const runs = Number(row?.runs ?? 0);
  if (runs === 0) return null;
  return {
    runs,
    p95Ms: row!.p95 === null ? null : Number(row!.p95),
    creditsPerRun: Math.round((Number(row!.credits) / runs) * 100) / 100,
  };
}
