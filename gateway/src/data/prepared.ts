import type { DataSource, EntityManager } from 'typeorm';

/**
 * A statement every run sends. On a PostgreSQL server each pooled connection prepares it once,
 * by name, and from then on only executes it: no parsing or planning per call (for the run
 * statements that was half of the server's time). PGlite, in process, runs the text as it is.
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
  // node-postgres takes a `{ name, text }` query config where TypeORM hands over the SQL text.
  const onServer = !(dataSource.options as { driver?: unknown }).driver;
  const query = onServer ? (statement as unknown as string) : statement.text;
  return manager.query(query, [...parameters]) as Promise<T>;
}
