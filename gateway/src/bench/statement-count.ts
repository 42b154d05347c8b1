import type { DataSource, QueryRunner } from 'typeorm';

/** Statements counted since `countStatements` began: all of them, and those about credits. */
export interface StatementCounts {
  all: number;
  credits: number;
}

/**
 * Counts every statement any of the data source's query runners sends from now on (a prepared
 * statement comes as `{ name, text }`, data/prepared.ts), and those that touch credits (the
 * balance, the ledger, a run's cost). Read the counts before and after what is measured.
 */
export function countStatements(dataSource: DataSource): StatementCounts {
  const counts: StatementCounts = { all: 0, credits: 0 };
  const createQueryRunner = dataSource.createQueryRunner.bind(dataSource);
  dataSource.createQueryRunner = (...args: Parameters<typeof createQueryRunner>): QueryRunner => {
    const runner = createQueryRunner(...args);
    const query = runner.query.bind(runner) as (...a: unknown[]) => Promise<unknown>;
    runner.query = ((sql: string | { text: string }, ...rest: unknown[]) => {
      counts.all++;
      if (/credit_|cost = cost/.test(typeof sql === 'string' ? sql : sql.text)) counts.credits++;
      return query(sql, ...rest);
    }) as QueryRunner['query'];
    return runner;
  };
  return counts;
}
