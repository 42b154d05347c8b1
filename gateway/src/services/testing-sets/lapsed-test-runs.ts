import type { DataSource } from 'typeorm';

/**
 * Ends the test runs nobody executes any more, failed with the reason: those of a process whose
 * heartbeat lapsed ($2 seconds) or that deregistered, those naming this process ($1) that it does
 * not execute ($3), and those started before test runs named their process. Cases not run then
 * are not run or charged; a case's run under way then is ended and refunded by the runs' own sweep.
 */
const END_LAPSED_SQL = `
UPDATE app_test_runs t
   SET status = 'failed', executor = NULL, finished_at = now(),
       error = 'The server stopped while this test run was going: ' || jsonb_array_length(t.results)
         || ' of ' || t.total || ' cases had ended. Cases that had not run were not run or charged; '
         || 'a case running then was ended and refunded. Start the test run again.'
 WHERE t.status = 'running'
   AND CASE WHEN t.executor IS NULL THEN true
            WHEN t.executor = $1 THEN NOT (t.id = ANY($3::uuid[]))
            ELSE NOT EXISTS (
              SELECT 1 FROM gateway_processes p
               WHERE p.id = t.executor AND p.seen_at > now() - make_interval(secs => $2))
       END
RETURNING t.id`;

/** Ends lapsed test runs (see END_LAPSED_SQL); answers the ids ended. */
export async function endLapsedTestRuns(
  dataSource: DataSource,
  lease: { id: string; leaseSeconds: number },
  executing: readonly string[],
): Promise<string[]> {
  const result = (await dataSource.query(END_LAPSED_SQL, [lease.id, lease.leaseSeconds, [...executing]])) as
    { id: string }[] | [{ id: string }[], number];
  const rows = Array.isArray(result[0]) ? (result[0] as { id: string }[]) : (result as { id: string }[]);
  return rows.map((row) => row.id);
}

/** Whether the process executing a test run still beats (false: it stopped, or none does). */
export async function executorAlive(
  dataSource: DataSource,
  executor: string | null,
  leaseSeconds: number,
): Promise<boolean> {
  if (!executor) return false;
  const rows = (await dataSource.query(
    `SELECT 1 FROM gateway_processes WHERE id = $1 AND seen_at > now() - make_interval(secs => $2)`,
    [executor, leaseSeconds],
  )) as unknown[];
  return rows.length > 0;
}
