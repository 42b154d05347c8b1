import type { DataSource, EntityManager } from 'typeorm';

/**
 * A statement every run sends. Each pooled connection to a PostgreSQL server, and the embedded
 * PGlite session (data/pglite-pool.ts), prepares it once, by name, and from then on only executes
 * it: no parsing or planning per call (for the run statements that was half of the server's time
 * on PostgreSQL, and more on PGlite).
 */
export interface PreparedStatement {
  /** Unique per text: the server refuses the same name with another text. */
  readonly name: string;
  readonly text: string;
}

/** Runs a prepared statement through the data source (or a transaction's manager); the rows. */
export function queryPrepared<T = Record<string, unknown>[]>(
  dataSource: DataSource,
  statement: PreparedStatement,
  parameters: readonly unknown[],
  manager: EntityManager = dataSource.manager,
): Promise<T> {
  // node-postgres (and the PGlite pool) take a `{ name, text }` query config where TypeORM hands
  // over the SQL text.
  return manager.query(statement as unknown as string, [...parameters]) as Promise<T>;
}
